import type { Result, Router } from 'hono/router'
import { RegExpRouter } from 'hono/router/reg-exp-router'
import { SmartRouter } from 'hono/router/smart-router'
import { TrieRouter } from 'hono/router/trie-router'

/** Hono's default router: its regular-expression router, or its trie router for routes that one cannot hold. */
const honoDefault = <T>(): Router<T> => new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] })

/**
 * Hono's default router twice: one for the paths under `prefix`, one for all others. The
 * regular-expression router cannot hold a static segment beside a parameter (the control API's
 * `/webhooks/logs/:id` beside `/webhooks/:id`), and one router for every route sends every
 * request through the trie router, which took 2.5 µs of a GET's 40 (docs/benchmarks.md, "Benchmarks"). A
 * route goes to each side whose paths it can match (middleware for every path to both), in the
 * order it was added.
 */
export class PrefixRouter<T> implements Router<T> {
  readonly name = 'PrefixRouter'
  private readonly inside = honoDefault<T>()
  private readonly outside = honoDefault<T>()
  private readonly segments: string[]

  constructor(private readonly prefix: string) {
    this.segments = prefix.split('/').filter(Boolean)
  }

  add(method: string, path: string, handler: T): void {
    const { inside, outside } = this.reach(path)
    if (inside) this.inside.add(method, path, handler)
    if (outside) this.outside.add(method, path, handler)
  }

  match(method: string, path: string): Result<T> {
    const isInside =
      path.startsWith(this.prefix) && (path.length === this.prefix.length || path[this.prefix.length] === '/')
    return (isInside ? this.inside : this.outside).match(method, path)
  }

  /** Whether a route's path can match paths under the prefix, and paths elsewhere. */
  private reach(path: string): { inside: boolean; outside: boolean } {
    const parts = path.split('/').filter(Boolean)
    for (const [i, segment] of this.segments.entries()) {
      const part = parts[i]
      if (part === undefined) return { inside: false, outside: true }
      if (part.includes('*') || part.startsWith(':')) return { inside: true, outside: true }
      if (part !== segment) return { inside: false, outside: true }
    }
    return { inside: true, outside: false }
  }
}
