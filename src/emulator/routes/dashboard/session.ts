import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import { StoreError } from '../../../contract/errors.js'
import type { AuthedEnv } from '../../middleware/auth.js'
import type { Random } from '../../deps.js'
import { hex } from '../../ids.js'
import type { AccountService } from '../../services/accounts/service.js'
import type { AccountRecord, KeyRecord } from '../../../contract/rows.js'

export const SESSION_COOKIE = 'store_dashboard'
export const DASHBOARD_PATH = '/_dashboard'
/** Sent by the dashboard's own scripts on every write; a cross-origin page cannot add it without a CORS preflight the dashboard never grants. */
export const DASHBOARD_HEADER = 'x-dashboard-request'
/** Sessions one account may hold; a new login past it ends that account's oldest session. */
const SESSIONS_PER_ACCOUNT = 100

/** What a dashboard page's handlers find on the context once the session is checked. */
export interface PageEnv {
  Variables: { account: AccountRecord; key: KeyRecord }
}

interface Session {
  keyId: string
  accountId: string
}

/**
 * Dashboard sessions, in memory only (a restart logs everyone out). A session maps a random id
 * to the id of the key that opened it — never the key itself — and ends on logout or at once when
 * that key is revoked. Each account holds at most SESSIONS_PER_ACCOUNT, so logins into one account
 * never end another's. Sessions do not expire with the emulator clock, which `clock/advance` moves by days.
 */
export class Sessions {
  private readonly byId = new Map<string, Session>()
  /** Session ids per account, oldest first. */
  private readonly byAccount = new Map<string, Set<string>>()
  constructor(
    private readonly accounts: AccountService,
    private readonly random: Random,
  ) {
    accounts.onKeyRevoked((keyId) => {
      for (const [id, session] of this.byId) if (session.keyId === keyId) this.close(id)
    })
  }

  /** Checks a secret key and opens a session for it; undefined when the key is unknown. */
  open(secret: string): string | undefined {
    const key = this.accounts.keyOf(secret.trim())
    if (!key) return undefined
    const id = hex(this.random.bytes(32))
    let ofAccount = this.byAccount.get(key.accountId)
    if (!ofAccount) this.byAccount.set(key.accountId, (ofAccount = new Set()))
    if (ofAccount.size >= SESSIONS_PER_ACCOUNT) this.close(ofAccount.values().next().value)
    ofAccount.add(id)
    this.byId.set(id, { keyId: key.id, accountId: key.accountId })
    return id
  }

  close(id: string | undefined): void {
    const session = id === undefined ? undefined : this.byId.get(id)
    if (!session) return
    this.byId.delete(id!)
    const ofAccount = this.byAccount.get(session.accountId)
    ofAccount?.delete(id!)
    if (ofAccount?.size === 0) this.byAccount.delete(session.accountId)
  }

  /** The key and account behind a session id, if both still exist. */
  lookup(id: string | undefined): { key: KeyRecord; account: AccountRecord } | undefined {
    const session = id ? this.byId.get(id) : undefined
    if (!session) return undefined
    const found = this.accounts.keyById(session.keyId)
    if (!found) this.close(id)
    return found
  }

  /** `lookup`, once no restore or deletion of the session's account is under way. */
  async lookupWhenFree(id: string | undefined): Promise<{ key: KeyRecord; account: AccountRecord } | undefined> {
    const found = this.lookup(id)
    const held = found && this.accounts.whenFree(found.account.id)
    if (!held) return found
    await held
    return this.lookup(id)
  }
}

export function setSessionCookie(c: Context, id: string): void {
  setCookie(c, SESSION_COOKIE, id, {
    path: DASHBOARD_PATH,
    httpOnly: true,
    sameSite: 'Strict',
    secure: new URL(c.req.url).protocol === 'https:',
  })
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: DASHBOARD_PATH })
}

export function sessionIdOf(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE)
}

/**
 * The dashboard's JSON helpers (`/_dashboard/api/…`): the control API and /api/v1 authenticated
 * by the session cookie instead of a Bearer key. Writes also need the dashboard's own header.
 */
export function requireSession(sessions: Sessions): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const found = await sessions.lookupWhenFree(sessionIdOf(c))
    if (!found)
      throw new StoreError(
        401,
        'not logged in to the dashboard: open /_dashboard/login and enter an API key of this emulator',
      )
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.header(DASHBOARD_HEADER) !== '1') {
      throw new StoreError(
        403,
        `dashboard writes need the header ${DASHBOARD_HEADER}: 1 (sent by the dashboard's own pages)`,
      )
    }
    c.set('key', found.key)
    c.set('account', found.account)
    await next()
  }
}
