import type { StoreError } from '../contract/errors.js'

/** The exit codes, in one place: docs/cli.md, "Exit codes", says when each is used. */
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
  override name = 'UsageError'
}

/** Declined at a confirmation prompt (exit 130, like Ctrl+C at a prompt). */
export class CancelledError extends Error {
  override name = 'CancelledError'
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
