import { createHash, timingSafeEqual } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { StoreError } from '../../spec/errors.js'
import { maskKey } from '../../spec/keys.js'
import type { AuthedEnv, Emulator } from '../context.js'
import type { AccountRecord, ShopRecord } from '../store/records.js'

export { maskKey, isLongEnoughToHint } from '../../spec/keys.js'

export function hashKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Bearer auth (spec, "Authentication"). The key is looked up by its SHA-256 and the stored
 * hash compared in constant time; keys in the query string are never read.
 */
export function requireKey(emu: Emulator): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization')
    if (!header) throw new StoreError(401, 'missing API key: send the header Authorization: Bearer <API_KEY>')
    const match = BEARER.exec(header)
    if (!match) throw new StoreError(401, 'malformed Authorization header: expected "Bearer <API_KEY>"')
    const hash = hashKey(match[1])
    const key = emu.store.c.keys.getBy('hash', hash)
    if (!key || !timingSafeEqual(Buffer.from(key.hash, 'hex'), Buffer.from(hash, 'hex'))) {
      throw new StoreError(
        401,
        `invalid API key ${maskKey(match[1])}: it is unknown or was revoked. Check the key printed by store serve.`,
      )
    }
    const account = emu.store.c.accounts.get(key.accountId)
    if (!account) throw new StoreError(401, 'invalid API key: its account no longer exists')
    c.set('key', key)
    c.set('account', account)
    await next()
  }
}

/** The shop of `X-Service-Shop` (id or slug), or the account's oldest shop without it. */
export function selectShop(emu: Emulator): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    c.set('shop', resolveShop(emu, c.get('account'), c.req.header('x-service-shop')))
    await next()
  }
}

export function resolveShop(emu: Emulator, account: AccountRecord, wanted: string | undefined): ShopRecord {
  const shops = emu.store.c.shops
  if (wanted === undefined || wanted.trim() === '') {
    const oldest = shops.oldestFirst('account', account.id).next()
    if (oldest.done) throw new StoreError(403, 'this account has no shop; create one with POST /_emulator/shops')
    return oldest.value
  }
  const shop = shops.get(wanted.trim()) ?? shops.getBy('slug', wanted.trim().toLowerCase())
  // Unknown and foreign shops answer alike, so a key cannot probe other accounts' shops.
  if (!shop || shop.accountId !== account.id) {
    throw new StoreError(
      403,
      `X-Service-Shop: shop "${wanted}" is not a shop of this account. List yours with GET /_emulator/shops.`,
    )
  }
  return shop
}

/** `--rate-limit N/SECONDS`: a fixed window per key, answering 429 with Retry-After. */
export function rateLimit(emu: Emulator): MiddlewareHandler<AuthedEnv> {
  const windows = new Map<string, { start: number; count: number }>()
  return async (c, next) => {
    const limit = emu.options.rateLimit
    if (limit) {
      const now = emu.clock.now().getTime()
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
