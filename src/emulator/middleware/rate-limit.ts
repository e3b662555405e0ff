import type { Context, Env, MiddlewareHandler } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { StoreError } from '../../contract/errors.js'
import type { Clock } from '../deps.js'

/** Windows kept before the expired ones are swept: many clients cost a bounded amount of memory. */
const SWEEP_AT = 10_000

/**
 * Counts per client in fixed windows of `windowSeconds` on the injected clock. `add` counts one
 * more, `peek` only reads; both give the count in the client's window and the seconds until it ends.
 */
export function fixedWindows(clock: Clock, windowSeconds: number) {
  const windows = new Map<string, { start: number; count: number }>()
  const windowMs = windowSeconds * 1000
  const read = (client: string, add: number) => {
    const now = clock.now().getTime()
    let window = windows.get(client)
    if (!window || now - window.start >= windowMs) {
      if (!add) return { count: 0, retryAfter: 0 }
      if (!window && windows.size >= SWEEP_AT)
        for (const [other, { start }] of windows) if (now - start >= windowMs) windows.delete(other)
      windows.set(client, (window = { start: now, count: 0 }))
    }
    window.count += add
    return { count: window.count, retryAfter: Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)) }
  }
  return { add: (client: string) => read(client, 1), peek: (client: string) => read(client, 0) }
}

/**
 * At most `limit.requests` per client in each `limit.windowSeconds`; past it, a 429 with
 * Retry-After saying which limit was hit (`3 requests per 60 s per key`: `what` and `per`).
 * `clientOf` names the client a request counts against, or undefined when it does not count.
 */
export function rateLimit<E extends Env>(
  clock: Clock,
  limit: { requests: number; windowSeconds: number },
  what: string,
  per: string,
  clientOf: (c: Context<E>) => string | undefined,
): MiddlewareHandler<E> {
  const windows = fixedWindows(clock, limit.windowSeconds)
  return (c, next) => {
    const client = clientOf(c)
    if (client === undefined) return next()
    const { count, retryAfter } = windows.add(client)
    if (count <= limit.requests) return next()
    throw new StoreError(
      429,
      `rate limit exceeded: ${limit.requests} ${what} per ${limit.windowSeconds} s per ${per}; retry after ${retryAfter} s`,
      undefined,
      {
        'Retry-After': String(retryAfter),
      },
    )
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The client a request is counted against: the socket's peer address. `X-Forwarded-For` is not
 * read (any client can send it, and would then never reach its limit); requests made in-process
 * (tests, MSW) share one count.
 */
export function peerOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address?.replace(/^::ffff:/, '') ?? 'in-process'
  } catch {
    return 'in-process'
  }
}

/** The visitor a storefront write is counted against; reads are not counted. */
export const storefrontWriter = (c: Context) => (WRITES.has(c.req.method) ? peerOf(c) : undefined)
