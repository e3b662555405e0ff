import type { Tx } from '../store/store.js'
import type { ShopRecord } from '../store/records.js'

/** An event an operation causes; recorded in the operation's own transaction, sent after it is on disk. */
export interface PendingEvent { kind: string; shopId: string; data: unknown }

/**
 * Where operations announce events. `emit` is called inside the write's transaction with the
 * record's data; delivery (webhooks, SSE) happens only after that transaction is durable.
 */
export class EventBus {
  private readonly listeners = new Set<(event: PendingEvent) => void>()
  private readonly staged = new WeakMap<Tx, PendingEvent[]>()

  emit(tx: Tx, shop: ShopRecord, kind: string, data: unknown): void {
    const list = this.staged.get(tx) ?? []
    list.push({ kind, shopId: shop.id, data })
    this.staged.set(tx, list)
  }

  /** Called by the store after a transaction reached disk. */
  committed(tx: Tx): void {
    for (const event of this.staged.get(tx) ?? []) for (const listener of this.listeners) listener(event)
  }

  subscribe(listener: (event: PendingEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
