import type { Result, Router } from 'hono/router'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { SmartRouter } from 'hono/router/smart-router'
import { TrieRouter } from 'hono/router/trie-router'

/** Hono's own default: its regular-expression router, or its trie router for routes that one cannot hold. */
const defaultRouter = <T>(): Router<T> => new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] })

/**
 * Hono's default router, twice: once for the paths under `prefix`, once for all others. The
 * regular-expression router cannot hold every route of the emulator (the control API has
 * `/webhooks/logs/:id` beside `/webhooks/:id`), and on one router that sends every request, the
 * public API's too, through the slower trie router. A route goes to each side whose paths it can
 * match (middleware for every path goes to both), in the order it was added.
 */
export class PrefixRouter<T> implements Router<T> {
  readonly name = 'PrefixRouter'
  private readonly inside = defaultRouter<T>()
  private readonly outside = defaultRouter<T>()
  private readonly segments: string[]

  constructor(private readonly prefix: string) {
    this.segments = prefix.split('/').filter(Boolean)
  }

  add(method: string, path: string, handler: T): void {
    const reach = this.reach(path)
    if (reach.inside) this.inside.add(method, path, handler)
    if (reach.outside) this.outside.add(method, path, handler)
  }

  match(method: string, path: string): Result<T> {
    const isInside =
      path.startsWith(this.prefix) && (path.length === this.prefix.length || path[this.prefix.length] === '/')
    return (isInside ? this.inside : this.outside).match(method, path)
  }

  /** Whether a route's path can match paths under the prefix, and paths elsewhere. */
  private reach(path: string): { inside: boolean; outside: boolean } {
    const parts = path.split('/').filter(Boolean)
    for (let i = 0; i < this.segments.length; i++) {
      const part = parts[i]
      if (part === undefined) return { inside: false, outside: true }
      if (part.includes('*') || part.startsWith(':')) return { inside: true, outside: true }
      if (part !== this.segments[i]) return { inside: false, outside: true }
    }
    return { inside: true, outside: false }
  }
}
