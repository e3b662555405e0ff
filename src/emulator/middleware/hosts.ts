import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { isIpAddress } from '../../contract/ip.js'
import { StoreError } from '../../contract/errors.js'

/** Names every emulator answers to, whatever it was told: the loopback names. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1']

/**
 * The `Host` names the emulator answers to (DNS rebinding: a page on a foreign name that resolves
 * to 127.0.0.1 must not reach it). Admitted: `localhost` and names under `.localhost`, every IP
 * address (an address cannot be rebound to another one), and the names given (`--host`,
 * `--allowed-host`). Case and port do not matter.
 */
export class AllowedHosts {
  private readonly names: Set<string>

  constructor(names: readonly string[] = []) {
    this.names = new Set([...LOOPBACK_NAMES, ...names].map(normaliseHost))
  }

  has(host: string): boolean {
    const name = normaliseHost(host)
    return this.names.has(name) || name.endsWith('.localhost') || isIpAddress(name)
  }

  /** Whether an `Origin` header names an admitted host (the dashboard's form check). */
  admitsOrigin(origin: string): boolean {
    const host = hostOfUrl(origin)
    return host !== undefined && this.has(host)
  }
}

/** `Example.TEST`, `[::1]`, `a.test:4010` → `example.test`, `::1`, `a.test`. */
function normaliseHost(host: string): string {
  const lower = host.trim().toLowerCase()
  if (lower.startsWith('[')) return lower.slice(1, lower.indexOf(']') > 0 ? lower.indexOf(']') : undefined)
  const colon = lower.indexOf(':')
  // Two colons or more: a bare IPv6 address, not host:port.
  if (colon >= 0 && lower.indexOf(':', colon + 1) < 0) return lower.slice(0, colon)
  return lower
}

/** The host of an absolute URL, without parsing the whole URL (this runs on every request). */
const URL_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]/?#]*\]|[^/?#:]*)/i

function hostOfUrl(url: string): string | undefined {
  return URL_HOST.exec(url)?.[1]
}

/**
 * Whether the request came over a socket: @hono/node-server hands the app the Node request as
 * `incoming`. In-process requests (`app.request`, `app.fetch`, the MSW handlers) come from the
 * code that holds the app, under whatever origin it chose, and no web page can rebind them.
 */
export function isOverNetwork(c: Context): boolean {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming !== undefined
}

/** Refuses a request that came over the network for a `Host` not admitted (403), naming the flag that admits it. */
export function checkHost(allowed: AllowedHosts): MiddlewareHandler {
  return (c, next) => {
    const host = hostOfUrl(c.req.url) ?? ''
    if (!allowed.has(host) && isOverNetwork(c)) {
      const shown = host.length > 100 ? `${host.slice(0, 100)}…` : host
      throw new StoreError(
        403,
        `host "${shown}" is not one this emulator answers to (a guard against DNS rebinding); use http://127.0.0.1 or http://localhost, or start store serve with --allowed-host ${shown || 'NAME'} to admit it`,
      )
    }
    return next()
  }
}

/** The origin absolute URLs are built from: the configured one, else the request's admitted `Host`. */
export function publicOriginOf(c: Context, configured: string | undefined): string {
  return configured ?? new URL(c.req.url).origin
}
