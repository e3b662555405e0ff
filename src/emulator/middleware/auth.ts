import type { MiddlewareHandler } from 'hono'
import { StoreError } from '../../spec/errors.js'
import type { Clock, EmulatorOptions } from '../deps.js'
import type { AccountService } from '../services/accounts.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../store/records.js'

/** Hono variables set by the auth and shop middleware. */
export interface AuthedEnv {
  Variables: { account: AccountRecord; key: KeyRecord; shop: ShopRecord }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Bearer auth (spec, "Authentication"): the accounts service finds the key by its hash; keys in
 * the query string are never read.
 */
export function requireKey(accounts: AccountService): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization')
    if (!header) throw new StoreError(401, 'missing API key: send the header Authorization: Bearer <API_KEY>')
    const match = BEARER.exec(header)
    if (!match) throw new StoreError(401, 'malformed Authorization header: expected "Bearer <API_KEY>"')
    const { key, account } = accounts.authenticate(match[1])
    c.set('key', key)
    c.set('account', account)
    await next()
  }
}

/** The shop of `X-Service-Shop` (id or slug), or the account's oldest shop without it. */
export function selectShop(accounts: AccountService): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    c.set('shop', accounts.resolveShop(c.get('account'), c.req.header('x-service-shop')))
    await next()
  }
}

/** `--rate-limit N/SECONDS`: a fixed window per key, answering 429 with Retry-After. */
export function rateLimit(clock: Clock, options: EmulatorOptions): MiddlewareHandler<AuthedEnv> {
  const windows = new Map<string, { start: number; count: number }>()
  return async (c, next) => {
    const limit = options.rateLimit
    if (limit) {
      const now = clock.now().getTime()
      const id = c.get('key').id
      const windowMs = limit.windowSeconds * 1000
      let window = windows.get(id)
      if (!window || now - window.start >= windowMs) windows.set(id, (window = { start: now, count: 0 }))
      window.count++
      if (window.count > limit.requests) {
        const retryAfter = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000))
        throw new StoreError(
          429,
          `rate limit exceeded: ${limit.requests} requests per ${limit.windowSeconds} s per key; retry after ${retryAfter} s`,
          undefined,
          { 'Retry-After': String(retryAfter) },
        )
      }
    }
    await next()
  }
}
