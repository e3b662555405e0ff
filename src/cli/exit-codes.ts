import type { StoreError } from '../contract/errors.js'

/**
 * Exit codes, one place (docs/cli.md, "Exit codes"):
 * 0 success (empty results, help, version too) · 1 unexpected error, or a check that failed
 * (`store mystery verify`) · 2 usage (unknown flag, bad value, input missing with no terminal to
 * ask, invalid config) · 3 rejected by the API (400, 409, 413, other 4xx) · 4 auth (401, 403) ·
 * 5 not found (404) · 6 still 429 or 5xx after retries · 7 API unreachable (no answer) ·
 * 130 cancelled at a prompt (Ctrl+C, or "no" to a confirmation).
 */
export const EXIT = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  rejected: 3,
  auth: 4,
  notFound: 5,
  unavailable: 6,
  unreachable: 7,
  cancelled: 130,
} as const

export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

/** Declined at a confirmation prompt (exit 130, like Ctrl+C at a prompt). */
export class CancelledError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CancelledError'
  }
}

/**
 * Whether `error` is the API's StoreError. Checked by shape, not `instanceof`, so this module (on
 * the path of `store --help`) does not load zod through spec/errors.ts.
 */
export function isStoreError(error: unknown): error is StoreError {
  return (
    error instanceof Error && error.name === 'StoreError' && typeof (error as { status?: unknown }).status === 'number'
  )
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError) return EXIT.usage
  if (isStoreError(error)) {
    if (error.status === 0) return EXIT.unreachable
    if (error.status === 401 || error.status === 403) return EXIT.auth
    if (error.status === 404) return EXIT.notFound
    if (error.status === 429 || error.status >= 500) return EXIT.unavailable
    if (error.status >= 400) return EXIT.rejected
  }
  if ((error as Error)?.name === 'ExitPromptError' || error instanceof CancelledError) return EXIT.cancelled
  return EXIT.unexpected
}
