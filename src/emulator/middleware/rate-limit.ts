import type { Context, MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { StoreError } from '../../contract/errors.js'
import type { Clock, EmulatorOptions } from '../deps.js'

interface RateLimit {
  requests: number
  windowSeconds: number
}

/** Windows kept before the expired ones are swept: many clients cost a bounded amount of memory. */
const SWEEP_AT = 10_000

/**
 * A fixed window per client: at most `requests` in each `windowSeconds`, counted on the injected
 * clock. `take` answers how many seconds to wait when the client is over its limit.
 */
export class FixedWindows {
  private readonly windows = new Map<string, { start: number; count: number }>()

  constructor(private readonly clock: Clock) {}

  /** Counts a request of `client`; undefined when it is within `limit`, else the seconds until its window ends. */
  take(client: string, limit: RateLimit): number | undefined {
    const now = this.clock.now().getTime()
    const windowMs = limit.windowSeconds * 1000
    let window = this.windows.get(client)
    if (!window || now - window.start >= windowMs) {
      if (!window && this.windows.size >= SWEEP_AT) this.sweep(now, windowMs)
      this.windows.set(client, (window = { start: now, count: 0 }))
    }
    window.count++
    if (window.count <= limit.requests) return undefined
    return Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))
  }

  private sweep(now: number, windowMs: number): void {
    for (const [client, window] of this.windows) if (now - window.start >= windowMs) this.windows.delete(client)
  }
}

/** A 429 with Retry-After, saying which limit was hit (`3 requests per 60 s per key`). */
export function tooManyRequests(limit: string, retryAfter: number): StoreError {
  return new StoreError(429, `rate limit exceeded: ${limit}; retry after ${retryAfter} s`, undefined, {
    'Retry-After': String(retryAfter),
  })
}

/**
 * The socket's peer address: the visitor a storefront write is counted against. `X-Forwarded-For`
 * is not read here (any client can send it, and would then never reach its limit); requests made
 * in-process (tests, MSW) share one count.
 */
function peerOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'in-process'
  } catch {
    return 'in-process'
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * `--storefront-rate-limit N/SECONDS` (docs/emulator.md, "Limits"): the public storefront takes writes
 * (checkouts, questions, feedback) without a key, so each visitor gets a budget of them.
 */
export function storefrontRateLimit(clock: Clock, options: EmulatorOptions): MiddlewareHandler {
  const windows = new FixedWindows(clock)
  return (c, next) => {
    const limit = options.storefrontRateLimit
    if (limit && WRITES.has(c.req.method)) {
      const retryAfter = windows.take(peerOf(c), limit)
      if (retryAfter !== undefined)
        throw tooManyRequests(
          `${limit.requests} storefront writes per ${limit.windowSeconds} s per visitor (store serve --storefront-rate-limit)`,
          retryAfter,
        )
    }
    return next()
  }
}
