import { webhookBody, type WebhookEventKind } from '../../../contract/events.js'
import type { EmulatorDeps } from '../../deps.js'
import type { Tx } from '../../store/store.js'
import type { DeliveryRecord, EventRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { buildEventData, type EventSubject } from './payloads.js'
import { DeliveryWorker } from './delivery.js'
import { EventStreams } from './streams.js'
import { chaosPlan } from './chaos.js'
import type { DeliveryChaos } from '../../../contract/webhooks.js'

/** A committed event as listeners get it: `data` is the subject the operation emitted, `record` the logged payload. */
export interface PendingEvent {
  kind: WebhookEventKind
  shopId: string
  data: unknown
  seq: number
  record: EventRecord
}

type DeliveryFields = Pick<
  DeliveryRecord,
  'webhookId' | 'eventId' | 'event' | 'url' | 'payload' | 'origin' | 'maxAttempts'
> & {
  resendOf?: string | null
}

/** Events kept per shop in the log; older ones are dropped as new ones arrive (docs/webhooks.md, "Events"). */
export const EVENT_LOG_RETENTION = 5_000
/** Deliveries kept per shop in the webhook log, in every state: an unsettled one that falls out gets no further attempt. */
export const DELIVERY_LOG_RETENTION = 5_000

/**
 * Where operations announce events (DESIGN.md, "Webhooks"): `emit` logs the event and queues its
 * deliveries inside the operation's transaction, so an event is on disk exactly when its change is;
 * after the commit, `committed` hands it to streams, listeners and the delivery worker.
 */
export class EventBus {
  private readonly listeners = new Set<(event: PendingEvent) => void>()
  private readonly staged = new WeakMap<Tx, { event: PendingEvent; deliveryIds: string[] }[]>()
  private committedSeq?: number
  readonly worker: DeliveryWorker
  readonly streams: EventStreams

  constructor(
    private readonly deps: Omit<ServiceDeps, 'events'>,
    { fetch, sleep, options }: Pick<EmulatorDeps, 'fetch' | 'sleep' | 'options'>,
  ) {
    this.worker = new DeliveryWorker(deps, { fetch, sleep }, options)
    this.streams = new EventStreams(options, sleep)
  }

  emit<K extends WebhookEventKind>(tx: Tx, shop: ShopRecord, kind: K, subject: EventSubject<K>): void {
    const { collections } = this.deps
    const data = buildEventData(collections, shop, subject)
    const seq = this.lastSeq() + 1
    const now = this.deps.nowIso(shop)
    const meta = collections.meta.get('meta')
    tx.put('meta', { ...meta, id: 'meta', eventSeq: seq })
    const record = tx.put('events', {
      id: `evt_${seq}`,
      seq,
      shopId: shop.id,
      accountId: shop.accountId,
      kind,
      data,
      createdAt: now,
    })
    this.trimOldest(tx, 'events', shop, EVENT_LOG_RETENTION)
    const deliveryIds: string[] = []
    // The exact bytes every attempt sends: `timestamp` is the time of the first sending (spec, "Request").
    let body: string | undefined
    for (const webhook of [...collections.webhooks.oldestFirst('shop', shop.id)]) {
      if (!webhook.events.includes(kind)) continue
      body ??= JSON.stringify(webhookBody(kind, data, this.deps.now(shop)))
      const fields = {
        webhookId: webhook.id,
        eventId: record.id,
        event: kind,
        url: webhook.url,
        payload: body,
        origin: 'event' as const,
        maxAttempts: this.worker.settings.maxAttempts,
      }
      const plan = webhook.chaos && chaosPlan(webhook.chaos, webhook.chaosDraws ?? 0)
      if (plan) tx.put('webhooks', { ...webhook, chaosDraws: plan.first.draw + 1 })
      const first = this.queueDelivery(tx, shop, fields, plan?.first)
      deliveryIds.push(first.id)
      if (plan?.duplicate)
        deliveryIds.push(this.queueDelivery(tx, shop, fields, { ...plan.duplicate, duplicateOf: first.id }).id)
    }
    const list = this.staged.get(tx) ?? []
    list.push({ event: { kind, shopId: shop.id, data: subject, seq, record }, deliveryIds })
    this.staged.set(tx, list)
  }

  committed(tx: Tx): void {
    const list = this.staged.get(tx)
    if (!list) return
    this.staged.delete(tx)
    for (const { event, deliveryIds } of list) {
      this.committedSeq = Math.max(this.committedSeq ?? 0, event.seq)
      this.streams.dispatch(event.record)
      for (const listener of this.listeners) {
        try {
          listener(event)
        } catch (error) {
          this.deps.log(`events: a listener of ${event.kind} failed: ${(error as Error).message}`)
        }
      }
      for (const id of deliveryIds) this.worker.start(id)
    }
  }

  subscribe(listener: (event: PendingEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get listenerCount(): number {
    return this.listeners.size + this.streams.size
  }

  backlog(shopId: string, afterSeq: number): EventRecord[] {
    const upTo = this.lastCommittedSeq()
    const out: EventRecord[] = []
    for (const event of this.deps.collections.events.oldestFirst('shop', shopId, { time: afterSeq + 1, id: '' })) {
      if (event.seq > upTo) break
      out.push(event)
    }
    return out
  }

  /** The newest `count` committed events of a shop, newest first (the Live events page opens with them). */
  recent(shopId: string, count: number): EventRecord[] {
    const upTo = this.lastCommittedSeq()
    const out: EventRecord[] = []
    for (const event of this.deps.collections.events.newestFirst('shop', shopId)) {
      if (out.length === count) break
      if (event.seq <= upTo) out.push(event)
    }
    return out
  }

  lastCommittedSeq(): number {
    this.committedSeq ??= this.lastSeq()
    return this.committedSeq
  }

  /** Picks up deliveries a previous run left unsettled (the emulator stopped mid-retry). */
  resume(): void {
    this.lastCommittedSeq()
    this.worker.resumeUnsettled()
  }

  stop(): void {
    this.worker.stop()
  }

  queueDelivery(tx: Tx, shop: ShopRecord, fields: DeliveryFields, chaos?: DeliveryChaos): DeliveryRecord {
    const now = this.deps.now(shop)
    const waitMs = chaos ? chaos.delayMs + chaos.holdMs : 0
    const row = tx.put('deliveries', {
      id: this.deps.newId('whd'),
      shopId: shop.id,
      resendOf: null,
      ...fields,
      state: 'pending',
      responseStatus: null,
      retryCount: 0,
      nextAttemptAt: waitMs > 0 ? new Date(now.getTime() + waitMs).toISOString() : null,
      attempts: [],
      ...(chaos && { chaos }),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    this.trimOldest(tx, 'deliveries', shop, DELIVERY_LOG_RETENTION)
    return row
  }

  private trimOldest(tx: Tx, log: 'events' | 'deliveries', shop: ShopRecord, keep: number): void {
    const kept = this.deps.collections[log]
    for (let excess = kept.count('shop', shop.id) - keep; excess > 0; excess--)
      tx.delete(log, kept.oldest('shop', shop.id)!.id)
  }

  private lastSeq(): number {
    const newest = this.deps.collections.events.newest('all', 'all')
    return Math.max(this.deps.collections.meta.get('meta')?.eventSeq ?? 0, newest?.seq ?? 0)
  }
}
