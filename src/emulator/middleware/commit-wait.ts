import type { MiddlewareHandler } from 'hono'
import type { Store } from '../store/store.js'

/**
 * Answers only from durable state (commit-wait): an answer may show a change another request has
 * applied to memory but not yet written to disk, so it leaves only once everything applied so far
 * is on disk. When the disk refused a write meanwhile (its changes rolled back, perhaps after the
 * handler read them), the storage error is answered instead. Costs a comparison when nothing is
 * pending, which is every read of a store at rest.
 */
export function commitWait(store: Store): MiddlewareHandler {
  return async (c, next) => {
    const mark = store.mark()
    await next()
    if (store.isVisible(mark)) return
    try {
      await store.whenVisible(mark)
    } catch (error) {
      // The answer is dropped: a stream (SSE) must learn it was cancelled.
      await c.res.body?.cancel().catch(() => undefined)
      throw error
    }
  }
}
