import type { z } from 'zod'
import { numericId } from '../../../contract/event-payloads.js'
import { loadEventSample } from '../../../contract/event-samples.js'
import { categoryOf, webhookBody, type WebhookEventKind } from '../../../contract/events.js'
import { StoreError } from '../../../contract/errors.js'
import { DELIVERY_LOG_LIMIT, WEBHOOK_ENDPOINT_LIMIT } from '../../../contract/constants.js'
import type { CreateWebhookBody, DeliveryLogQuerySchema } from '../../../contract/webhooks.js'
import type { DeliveryRecord, ShopRecord, WebhookRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import type { EventBus } from '../events/bus.js'
import { rowOfShop } from '../common/shop-rows.js'

/** Sample data of a kind for the simulator, with the shop's own id and name where the payload names the shop. */
function sampleData(kind: WebhookEventKind, shop: ShopRecord): Record<string, unknown> {
  const data = { ...(loadEventSample(kind).data as Record<string, unknown>) }
  const category = categoryOf(kind)
  if (category !== 'mystery') data.shop_id = numericId(shop.id)
  if (category === 'order') data.name = shop.name
  if (category === 'subscription') data.shop_name = shop.name
  return data
}

type DeliveryFields = Parameters<EventBus['queueDelivery']>[2]

/** Webhook endpoints, the delivery log, resend and the simulator; the bus sends the deliveries of real events. */
export class WebhookService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly bus: EventBus,
  ) {}

  list(shop: ShopRecord): WebhookRecord[] {
    return [...this.deps.collections.webhooks.oldestFirst('shop', shop.id)]
  }

  get(shop: ShopRecord, id: string): WebhookRecord {
    return rowOfShop(this.deps.collections.webhooks, shop, id, 'webhook')
  }

  /** A new endpoint; 409 once the shop holds WEBHOOK_ENDPOINT_LIMIT (each event makes a delivery per endpoint). */
  create(shop: ShopRecord, body: CreateWebhookBody): Promise<WebhookRecord> {
    const now = this.deps.nowIso(shop)
    return this.deps.transact((tx) => {
      if (this.deps.collections.webhooks.count('shop', shop.id) >= WEBHOOK_ENDPOINT_LIMIT)
        throw new StoreError(
          409,
          `this shop holds ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints already, the most it may; delete one you no longer use (DELETE /_emulator/webhooks/:id), or subscribe an existing endpoint to more events`,
        )
      return tx.put('webhooks', {
        id: this.deps.newId('wh'),
        shopId: shop.id,
        url: body.url,
        events: body.events,
        // A seed drawn here when none is given is shown with the endpoint, so a run can be repeated.
        ...(body.chaos && {
          chaos: { ...body.chaos, seed: body.chaos.seed ?? Buffer.from(this.deps.random.bytes(4)).readUInt32BE(0) },
        }),
        createdAt: now,
        updatedAt: now,
      })
    })
  }

  delete(shop: ShopRecord, id: string): Promise<void> {
    return this.deps.transact((tx) => tx.delete('webhooks', this.get(shop, id).id))
  }

  logs(shop: ShopRecord, query: z.output<typeof DeliveryLogQuerySchema>): DeliveryRecord[] {
    const limit = query.limit ?? DELIVERY_LOG_LIMIT.default
    const out: DeliveryRecord[] = []
    for (const row of this.deps.collections.deliveries.newestFirst('shop', shop.id)) {
      if (out.length === limit) break
      if (query.webhook && row.webhookId !== query.webhook) continue
      if (query.event && row.event !== query.event) continue
      if (query.state && row.state !== query.state) continue
      out.push(row)
    }
    return out
  }

  delivery(shop: ShopRecord, id: string): DeliveryRecord {
    return rowOfShop(this.deps.collections.deliveries, shop, id, 'webhook delivery')
  }

  /** The exact payload of a logged delivery again, to the same URL, as a new entry of the log (one attempt). */
  resend(shop: ShopRecord, id: string): Promise<DeliveryRecord> {
    const { webhookId, eventId, event, url, payload, id: resendOf } = this.delivery(shop, id)
    return this.deliverOnce(shop, {
      webhookId,
      eventId,
      event,
      url,
      payload,
      origin: 'resend',
      maxAttempts: 1,
      resendOf,
    })
  }

  /** A sample event of `kind` (the shop's own id and name in it) sent once to an endpoint. */
  simulate(shop: ShopRecord, webhook: WebhookRecord, kind: WebhookEventKind): Promise<DeliveryRecord> {
    const payload = JSON.stringify(webhookBody(kind, sampleData(kind, shop), this.deps.now(shop)))
    return this.deliverOnce(shop, {
      webhookId: webhook.id,
      eventId: null,
      event: kind,
      url: webhook.url,
      payload,
      origin: 'simulate',
      maxAttempts: 1,
    })
  }

  /** Inserts a one-attempt delivery, sends it and answers with the logged result (resend, simulate). */
  private async deliverOnce(shop: ShopRecord, fields: DeliveryFields): Promise<DeliveryRecord> {
    const row = await this.deps.transact((tx) => this.bus.queueDelivery(tx, shop, fields))
    await this.bus.worker.start(row.id)
    return this.deps.collections.deliveries.get(row.id) ?? row
  }
}
