import { StoreError } from '../spec/errors.js'

/** Exit codes, one place (README, "Exit codes"). */
export const EXIT = { ok: 0, unexpected: 1, usage: 2, rejected: 3, auth: 4, notFound: 5, unavailable: 6, unreachable: 7, cancelled: 130 } as const

export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage
  if (error instanceof StoreError) {
    if (error.status === 0) return EXIT.unreachable
    if (error.status === 401 || error.status === 403) return EXIT.auth
    if (error.status === 404) return EXIT.notFound
    if (error.status === 429 || error.status >= 500) return EXIT.unavailable
    if (error.status >= 400) return EXIT.rejected
  }
  if ((error as Error)?.name === 'ExitPromptError') return EXIT.cancelled
  return EXIT.unexpected
}
