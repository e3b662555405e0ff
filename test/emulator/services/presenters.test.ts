import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { presentKey, presentShop } from '../../../src/emulator/services/accounts/present.js'
import { presentBlacklistEntry } from '../../../src/emulator/services/blacklists/present.js'
import { presentCoupon } from '../../../src/emulator/services/coupons/present.js'
import { presentCustomer } from '../../../src/emulator/services/customers/present.js'
import { presentEvent } from '../../../src/emulator/services/events/present.js'
import { presentOrder } from '../../../src/emulator/services/orders/present.js'
import { presentProduct } from '../../../src/emulator/services/catalogue/present.js'
import { presentQuery } from '../../../src/emulator/services/customer-queries/present.js'
import { presentFeedback } from '../../../src/emulator/services/feedback/present.js'
import { presentSubscription } from '../../../src/emulator/services/subscriptions/present.js'
import { presentTheme } from '../../../src/emulator/services/themes/present.js'
import { presentDelivery, presentWebhook, summariseDelivery } from '../../../src/emulator/services/webhooks/present.js'
import { BlacklistEntrySchema } from '../../../src/contract/blacklists.js'
import { CouponSchema } from '../../../src/contract/coupons.js'
import { CustomerSchema } from '../../../src/contract/customers.js'
import { OrderItemSchema, OrderSchema } from '../../../src/contract/orders.js'
import { ProductSchema } from '../../../src/contract/products.js'
import { ApiKeySchema, ShopSchema } from '../../../src/contract/shops.js'
import { FeedbackSchema, QuerySchema } from '../../../src/contract/storefront.js'
import { SubscriptionSchema } from '../../../src/contract/subscriptions.js'
import { ThemeSchema } from '../../../src/contract/themes.js'
import {
  EmittedEventSchema,
  WebhookDeliverySchema,
  WebhookDeliverySummarySchema,
  WebhookSchema,
} from '../../../src/contract/webhooks.js'
import type { ProductRecord } from '../../../src/contract/rows.js'
import { shop } from '../commerce/helpers.js'

/** What a presenter must show of a row: exactly the fields the schema lists that the row holds. */
function listedOf(row: object, schema: z.ZodObject): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(schema.shape)) {
    const value = (row as Record<string, unknown>)[key]
    if (value !== undefined) out[key] = value
  }
  return out
}

/** The presenter's output as JSON carries it (a field it leaves undefined is absent). */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value))

/** A demo shop after a paid mystery-box order, a paid subscription, a query with its feedback and a webhook delivery. */
async function busyShop() {
  const s = await shop()
  // No network in these tests: the delivery fails, and its row is what is shown.
  await s.post('/_emulator/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['order:paid'] })
  const boxes = await s.order({ items: [{ productId: 'prod_demo_mystery', quantity: 2 }], couponCode: 'welcome10' })
  await s.pay(boxes.id)
  const sub = await s.order({ items: [{ productId: 'prod_demo_subscription' }] })
  await s.pay(sub.id)
  await s.storefront('/queries', {
    method: 'POST',
    json: { email: 'buyer@example.com', subject: 'Hi', message: 'Where?' },
  })
  await s.storefront(`/invoices/${boxes.id}/feedback`, { method: 'POST', json: { rating: 5 } })
  const rows = s.emu.store.collections
  const demo = rows.shops.getBy('slug', 'demo')!
  return { rows, demo, boxes: rows.orders.get(boxes.id)! }
}

describe('presenters', () => {
  it('show every field the API schema lists, and not the shop nor a field stored beside them', async () => {
    const { rows, demo } = await busyShop()
    const extra = { internalNote: 'never shown' }
    const cases: [string, object, (row: never) => unknown, z.ZodObject][] = [
      [
        'product',
        rows.products.get('prod_demo_mystery')!,
        (row: ProductRecord) => presentProduct(row, row.stock),
        ProductSchema,
      ],
      ['coupon', rows.coupons.get('cpn_demo_welcome')!, presentCoupon, CouponSchema],
      ['blacklist entry', rows.blacklists.get('bl_demo_ip')!, presentBlacklistEntry, BlacklistEntrySchema],
      ['customer', rows.customers.getBy('email', `${demo.id}:buyer@example.com`)!, presentCustomer, CustomerSchema],
      ['subscription', [...rows.subscriptions.values()][0], presentSubscription, SubscriptionSchema],
      ['query', [...rows.queries.values()][0], presentQuery, QuerySchema],
      ['feedback', [...rows.feedback.values()][0], presentFeedback, FeedbackSchema],
      ['webhook', [...rows.webhooks.values()][0], presentWebhook, WebhookSchema],
      ['delivery', [...rows.deliveries.values()][0], presentDelivery, WebhookDeliverySchema],
      ['delivery summary', [...rows.deliveries.values()][0], summariseDelivery, WebhookDeliverySummarySchema],
      ['shop', demo, presentShop, ShopSchema],
      ['key', [...rows.keys.values()][0], presentKey, ApiKeySchema],
    ]
    for (const [what, row, present, schema] of cases) {
      expect(row, what).toHaveProperty('id')
      const shown = asSent(present({ ...row, ...extra } as never))
      expect(shown, what).toEqual(listedOf(row, schema))
      expect(shown, what).not.toHaveProperty('shopId')
      expect(shown, what).not.toHaveProperty('internalNote')
      expect(schema.safeParse(shown).success, what).toBe(true)
    }
    expect(asSent(presentKey([...rows.keys.values()][0]))).not.toHaveProperty('hash')
  })

  it('show an order with its extras and each line with its mystery opens, never the shop', async () => {
    const { boxes } = await busyShop()
    const line = { ...boxes.items[0], internalNote: 'never shown' }
    const shown = asSent(presentOrder({ ...boxes, items: [line], internalNote: 'never shown' } as never))
    expect(shown).toEqual({ ...listedOf(boxes, OrderSchema), items: [listedOf(boxes.items[0], OrderItemSchema)] })
    expect(shown).toMatchObject({ couponCode: 'WELCOME10', paymentStatus: 'paid', amountPaid: boxes.total })
    expect(shown.items[0].mystery.opens).toHaveLength(2)
    expect(shown.items[0].mystery.serverSeed).toMatch(/^[0-9a-f]{64}$/)
    expect(OrderSchema.safeParse(shown).success).toBe(true)
  })

  it('show an event of the log by its sequence number and a theme with its files and the shop slug', async () => {
    const { rows, demo } = await busyShop()
    const event = [...rows.events.values()][0]
    expect(presentEvent(event)).toEqual({
      id: event.id,
      sequence: event.seq,
      event: event.kind,
      data: event.data,
      shopId: demo.id,
      createdAt: event.createdAt,
    })
    expect(EmittedEventSchema.safeParse(presentEvent(event)).success).toBe(true)
    const theme = presentTheme(demo, rows.themes.get(`${demo.id}:default`)!)
    expect(ThemeSchema.safeParse(theme).success).toBe(true)
    expect(theme).toMatchObject({ id: 'default', shopSlug: 'demo', files: { 'custom.css': '' } })
    expect(theme).not.toHaveProperty('shopId')
  })
})
