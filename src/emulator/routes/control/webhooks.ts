import { Hono } from 'hono'
import { notFound } from '../../../spec/errors.js'
import { numericId } from '../../../spec/event-payloads.js'
import { loadEventSample } from '../../../spec/event-samples.js'
import { categoryOf, webhookBody, type WebhookEventKind } from '../../../spec/events.js'
import {
  CreateWebhookBodySchema,
  DELIVERY_LOG_LIMIT,
  DeliveryLogQuerySchema,
  SimulateWebhookBodySchema,
  type WebhookDeliverySummary,
} from '../../../spec/webhooks.js'
import type { AuthedEnv, Emulator } from '../../context.js'
import { parseQuery, readBody } from '../../middleware/validate.js'
import { presentDelivery, presentWebhook, summariseDelivery } from '../../present/webhooks.js'
import type { DeliveryRecord, ShopRecord, WebhookRecord } from '../../store/records.js'

function findWebhook(emu: Emulator, shop: ShopRecord, id: string): WebhookRecord {
  const webhook = emu.store.c.webhooks.get(id)
  if (!webhook || webhook.shopId !== shop.id) throw notFound('webhook', id)
  return webhook
}

function findDelivery(emu: Emulator, shop: ShopRecord, id: string): DeliveryRecord {
  const delivery = emu.store.c.deliveries.get(id)
  if (!delivery || delivery.shopId !== shop.id) throw notFound('webhook delivery', id)
  return delivery
}

/** Sample data of a kind for the simulator, with the shop's own id and name where the payload names the shop. */
function sampleData(kind: WebhookEventKind, shop: ShopRecord): Record<string, unknown> {
  const data = { ...(loadEventSample(kind).data as Record<string, unknown>) }
  const category = categoryOf(kind)
  if (category !== 'mystery') data.shop_id = numericId(shop.id)
  if (category === 'order') data.name = shop.name
  if (category === 'subscription') data.shop_name = shop.name
  return data
}

/** Inserts a one-attempt delivery, sends it and answers with the logged result (resend, simulate). */
async function deliverOnce(
  emu: Emulator,
  shop: ShopRecord,
  fields: Parameters<Emulator['events']['newDelivery']>[1],
): Promise<DeliveryRecord> {
  const row = await emu.store.tx((tx) => {
    const created = tx.put('deliveries', emu.events.newDelivery(shop, fields))
    emu.events.trimDeliveries(tx, shop)
    return created
  })
  await emu.events.worker.start(row.id)
  return emu.store.c.deliveries.get(row.id) ?? row
}

/**
 * Webhook endpoints, the delivery log, resend and the simulator (DESIGN.md, "Emulator control
 * API"; spec, "Delivery rules" 3 and 4). Everything is per shop (X-Service-Shop).
 */
export const webhookRoutes = (emu: Emulator) =>
  new Hono<AuthedEnv>()
    .get('/', (c) =>
      c.json({ webhooks: [...emu.store.c.webhooks.oldestFirst('shop', c.var.shop.id)].map(presentWebhook) }),
    )
    .post('/', async (c) => {
      const body = await readBody(c, CreateWebhookBodySchema)
      const now = emu.nowIso()
      const webhook = await emu.store.tx((tx) =>
        tx.put('webhooks', {
          id: emu.newId('wh'),
          shopId: c.var.shop.id,
          url: body.url,
          events: body.events,
          createdAt: now,
          updatedAt: now,
        }),
      )
      return c.json(presentWebhook(webhook), 201)
    })
    .get('/logs', (c) => {
      const query = parseQuery(c, DeliveryLogQuerySchema)
      const limit = query.limit ?? DELIVERY_LOG_LIMIT.default
      const out: WebhookDeliverySummary[] = []
      for (const row of emu.store.c.deliveries.newestFirst('shop', c.var.shop.id)) {
        if (out.length === limit) break
        if (query.webhook && row.webhookId !== query.webhook) continue
        if (query.event && row.event !== query.event) continue
        if (query.state && row.state !== query.state) continue
        out.push(summariseDelivery(row))
      }
      return c.json({ deliveries: out })
    })
    .get('/logs/:id', (c) => c.json(presentDelivery(findDelivery(emu, c.var.shop, c.req.param('id')))))
    .post('/logs/:id/resend', async (c) => {
      const original = findDelivery(emu, c.var.shop, c.req.param('id'))
      // The exact payload again, to the same URL, as a new entry of the log (one attempt).
      const row = await deliverOnce(emu, c.var.shop, {
        webhookId: original.webhookId,
        eventId: original.eventId,
        event: original.event,
        url: original.url,
        payload: original.payload,
        origin: 'resend',
        maxAttempts: 1,
        resendOf: original.id,
      })
      return c.json(presentDelivery(row), 201)
    })
    .get('/:id', (c) => c.json(presentWebhook(findWebhook(emu, c.var.shop, c.req.param('id')))))
    .delete('/:id', async (c) => {
      await emu.store.tx((tx) => tx.delete('webhooks', findWebhook(emu, c.var.shop, c.req.param('id')).id))
      return c.json({ success: true as const })
    })
    .post('/:id/simulate', async (c) => {
      const webhook = findWebhook(emu, c.var.shop, c.req.param('id'))
      const { event } = await readBody(c, SimulateWebhookBodySchema)
      const payload = JSON.stringify(webhookBody(event, sampleData(event, c.var.shop), emu.clock.now()))
      const row = await deliverOnce(emu, c.var.shop, {
        webhookId: webhook.id,
        eventId: null,
        event,
        url: webhook.url,
        payload,
        origin: 'simulate',
        maxAttempts: 1,
      })
      return c.json(presentDelivery(row), 201)
    })
