import type { Clock } from '../../deps.js'

/** Failed dashboard logins one client may make per window before it must wait. */
const LOGIN_FAILURES_PER_WINDOW = 10
const LOGIN_WINDOW_SECONDS = 60
/** Clients remembered at once; past it the one whose window started first is forgotten. */
const CLIENTS_KEPT = 10_000

/**
 * Failed dashboard logins per client in a fixed window: past LOGIN_FAILURES_PER_WINDOW the
 * client is refused until its window ends, so guessing keys through the login form is slow. A
 * login that succeeds does not reset the count: one valid key of one's own would otherwise buy
 * unlimited guesses at others'.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { start: number; count: number }>()

  constructor(private readonly clock: Clock) {}

  /** Seconds the client must wait before trying again, or 0 when it may try now. */
  retryAfter(client: string): number {
    const window = this.failures.get(client)
    if (!window || window.count < LOGIN_FAILURES_PER_WINDOW) return 0
    const left = window.start + LOGIN_WINDOW_SECONDS * 1000 - this.clock.now().getTime()
    if (left <= 0) {
      this.failures.delete(client)
      return 0
    }
    return Math.ceil(left / 1000)
  }

  failed(client: string): void {
    const now = this.clock.now().getTime()
    let window = this.failures.get(client)
    if (!window || now - window.start >= LOGIN_WINDOW_SECONDS * 1000) {
      this.failures.delete(client)
      if (this.failures.size >= CLIENTS_KEPT) this.failures.delete(this.failures.keys().next().value!)
      this.failures.set(client, (window = { start: now, count: 0 }))
    }
    window.count++
  }
}
