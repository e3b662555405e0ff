import type { Context, MiddlewareHandler, Next } from 'hono'
import { StoreError } from '../../contract/errors.js'
import { bearerKeyOf } from '../../contract/mask.js'
import type { AccountService } from '../services/accounts/service.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../../contract/rows.js'

/** Hono variables set by the auth and shop middleware. */
export interface AuthedEnv {
  Variables: { account: AccountRecord; key: KeyRecord; shop: ShopRecord }
}

/**
 * Bearer auth (spec, "Authentication"): the accounts service finds the key by its hash; keys in
 * the query string are never read. A request waits while its account is restored or deleted.
 */
export function requireKey(accounts: AccountService): MiddlewareHandler<AuthedEnv> {
  return (c, next) => {
    const secret = bearerSecret(c.req.header('authorization'))
    const found = accounts.authenticate(secret)
    const held = accounts.whenFree(found.account.id)
    if (!held) return enter(c, found, next)
    return held.then(() => enter(c, accounts.authenticate(secret), next))
  }
}

function enter(c: Context<AuthedEnv>, found: { key: KeyRecord; account: AccountRecord }, next: Next) {
  c.set('key', found.key)
  c.set('account', found.account)
  return next()
}

/** A storefront request (`/storefront/:shop/…`) waits while the shop's account is restored or deleted. */
export function waitForShopAccount(accounts: AccountService): MiddlewareHandler {
  return (c, next) => {
    const held = accounts.whenShopFree(c.req.param('shop') ?? '')
    return held ? held.then(next) : next()
  }
}

/**
 * The secret of an `Authorization: Bearer <API_KEY>` header; 401 without one. Not hono's
 * bearer-auth: it answers a malformed header 400 where the spec says 401 (only a whole Response of
 * the caller's changes that), adds a `WWW-Authenticate` header to every refusal, and calls a token
 * outside the token68 alphabet malformed where this answers it as an unknown key.
 */
export function bearerSecret(header: string | undefined): string {
  if (!header) throw new StoreError(401, 'missing API key: send the header Authorization: Bearer <API_KEY>')
  const secret = bearerKeyOf(header)
  if (!secret) throw new StoreError(401, 'malformed Authorization header: expected "Bearer <API_KEY>"')
  return secret
}

/** The shop of `X-Service-Shop` (id or slug), or the account's oldest shop without it. */
export function selectShop(accounts: AccountService): MiddlewareHandler<AuthedEnv> {
  return (c, next) => {
    c.set('shop', accounts.resolveShop(c.get('account'), c.req.header('x-service-shop')))
    return next()
  }
}
