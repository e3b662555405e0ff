import type { PendingEvent } from '../../../src/emulator/services/events/bus.js'
import type { OrderRecord, SubscriptionRecord } from '../../../src/contract/rows.js'
import type { testEmulator } from '../../helpers/emulator.js'

type TestEmulator = Awaited<ReturnType<typeof testEmulator>>

/** Every event the app's bus delivers from now on. */
export function captureEvents(emu: TestEmulator): PendingEvent[] {
  const bus = emu.services.events
  const seen: PendingEvent[] = []
  bus.subscribe((event) => seen.push(event))
  return seen
}

/** Puts an order straight into the store, as checkout would (checkout has its own tests). */
export async function putOrder(
  emu: TestEmulator,
  fields: Partial<OrderRecord> & { id: string; orderNumber: string; shopId?: string },
): Promise<OrderRecord> {
  const shopId = fields.shopId ?? emu.services.storefront.shop('demo').id
  const order: OrderRecord = {
    status: 'pending',
    paymentStatus: 'unpaid',
    total: 10,
    currency: 'USD',
    customerEmail: 'grace@example.com',
    customerName: 'Grace Hopper',
    paymentMethod: '',
    createdAt: '2026-03-01T00:00:00.000Z',
    paidAt: null,
    items: [
      {
        id: `${fields.id}_item`,
        productId: 'prod_demo_digital',
        productName: 'Starter Template Pack',
        quantity: 1,
        price: 10,
        total: 10,
      },
    ],
    customerId: null,
    ...fields,
    shopId,
  }
  await emu.store.tx((tx) => tx.put('orders', order))
  return order
}

/** What the emulator keeps on a subscription beyond the spec's fields, for subscriptions put straight into the store. */
export const TEST_BILLING = {
  orderId: 'ord_demo_1',
  itemId: 'item_demo_1',
  quantity: 1,
  unitPrice: 12,
  amount: 12,
  currency: 'USD',
  gateway: 'processor',
  interval: 'MONTH',
  intervalCount: 1,
  trialDays: 0,
  trialStart: null,
  trialEnd: null,
  anchorAt: '2026-05-01T00:00:00.000Z',
  periodsCharged: 1,
  currentPeriodStart: '2026-06-01T00:00:00.000Z',
  upcomingNotifiedFor: null,
  updatedAt: '2026-05-01T00:00:00.000Z',
} satisfies Partial<SubscriptionRecord>
