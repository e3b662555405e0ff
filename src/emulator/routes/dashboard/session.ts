import type { Context, MiddlewareHandler } from 'hono'
import { getCookie, setCookie, deleteCookie } from 'hono/cookie'
import { StoreError } from '../../../contract/errors.js'
import type { Random } from '../../deps.js'
import { hex } from '../../ids.js'
import type { AccountService } from '../../services/accounts/service.js'
import type { AccountRecord, KeyRecord } from '../../../contract/rows.js'
import { DASHBOARD } from '../../pages/dashboard/shell.js'

const SESSION_COOKIE = 'store_dashboard'
/** Sent by the dashboard's own scripts on every write; a cross-origin page cannot add it without a CORS preflight the dashboard never grants. */
const DASHBOARD_HEADER = 'x-dashboard-request'
/** Sessions one account may hold; a new login past it ends that account's oldest session. */
const SESSIONS_PER_ACCOUNT = 100

/** What a dashboard page's handlers find on the context once the session is checked. */
export interface PageEnv {
  Variables: { account: AccountRecord; key: KeyRecord }
}

/**
 * Dashboard sessions, in memory only, by HttpOnly cookie: a random id to the id of the key that opened
 * it, ended on logout or when that key is revoked; not by the emulator clock, which moves by days.
 */
export class Sessions {
  /** Open sessions by id, oldest first. */
  private readonly byId = new Map<string, { keyId: string; accountId: string }>()
  constructor(
    private readonly accounts: AccountService,
    private readonly random: Random,
  ) {
    accounts.onKeyRevoked((keyId) => {
      for (const [id, session] of this.byId) if (session.keyId === keyId) this.byId.delete(id)
    })
  }

  /**
   * Ends the browser's session, then opens one for a secret key and sets its cookie; false when the
   * key is unknown. (Ending first: the new id could repeat the old one with seeded randomness.)
   */
  open(c: Context, secret: string): boolean {
    this.byId.delete(getCookie(c, SESSION_COOKIE) ?? '')
    const key = this.accounts.keyOf(secret.trim())
    if (!key) return false
    const ofAccount = [...this.byId].filter(([, session]) => session.accountId === key.accountId)
    if (ofAccount.length >= SESSIONS_PER_ACCOUNT) this.byId.delete(ofAccount[0][0])
    const id = hex(this.random.bytes(32))
    this.byId.set(id, { keyId: key.id, accountId: key.accountId })
    const secure = new URL(c.req.url).protocol === 'https:'
    setCookie(c, SESSION_COOKIE, id, { path: DASHBOARD, httpOnly: true, sameSite: 'Strict', secure })
    return true
  }

  close(c: Context): void {
    this.byId.delete(getCookie(c, SESSION_COOKIE) ?? '')
    deleteCookie(c, SESSION_COOKIE, { path: DASHBOARD })
  }

  /** The key and account behind the browser's session, if both still exist. */
  lookup(c: Context): { key: KeyRecord; account: AccountRecord } | undefined {
    const id = getCookie(c, SESSION_COOKIE) ?? ''
    const session = this.byId.get(id)
    const found = session && this.accounts.keyById(session.keyId)
    if (session && !found) this.byId.delete(id)
    return found
  }

  /**
   * Lets a request through with its session's key and account (once no restore or deletion of the
   * account is under way), `missing` answering one without; writes also need the dashboard's header.
   */
  require(missing: (c: Context) => Response): MiddlewareHandler<PageEnv> {
    return async (c, next) => {
      let found = this.lookup(c)
      const held = found && this.accounts.whenFree(found.account.id)
      if (held) found = await held.then(() => this.lookup(c))
      if (!found) return missing(c)
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
}
