import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { displayMoney, subscriptionEventData, type PayloadSources } from '../../src/contract/event-payloads.js'
import type { Order } from '../../src/contract/orders.js'
import type { Subscription } from '../../src/contract/subscriptions.js'

const sources: PayloadSources = { shop: { id: 'shop_1', name: 'Shop' }, product: () => undefined }

const subscription = (fields: Record<string, unknown> = {}) =>
  ({
    id: 'sub_1',
    productId: 'prod_1',
    productName: 'Pro',
    productProductId: 'rec_1',
    customerId: 'cus_1',
    customerEmail: 'a@example.com',
    status: 'ACTIVE',
    processorSubscriptionId: 'sub_p1',
    processorCustomerId: 'cus_p1',
    currentPeriodEnd: '2026-02-15T12:00:00.000Z',
    createdAt: '2026-01-15T12:00:00.000Z',
    canceledAt: null,
    ...fields,
  }) as Subscription

const order = (fields: Record<string, unknown>) =>
  ({ id: 'ord_1', orderNumber: 'ORD-1', items: [], currency: 'USD', ...fields }) as unknown as Order

describe('subscriptionEventData: gateway', () => {
  it.each([
    ['the subscription’s own gateway over the order’s', { gateway: 'wallet' }, { gateway: 'crypto' }, 'WALLET'],
    ['the order’s gateway when the subscription names none', {}, { gateway: 'crypto' }, 'CRYPTO'],
    [
      'the order’s last payment when neither names a gateway',
      {},
      { payments: [{ gateway: 'crypto' }, { gateway: 'pay pal' }] },
      'PAY_PAL',
    ],
    [
      'the subscription’s payments over the order’s',
      { payments: [] },
      { payments: [{ gateway: 'crypto' }] },
      'PROCESSOR',
    ],
    ['the order’s payment method last', {}, { paymentMethod: 'wallet' }, 'WALLET'],
    ['PROCESSOR when nothing names one', {}, undefined, 'PROCESSOR'],
  ])('takes %s', (_, own, orderFields, expected) => {
    const data = subscriptionEventData(subscription(own), sources, orderFields && order(orderFields))
    expect(data.gateway).toBe(expected)
  })
})

describe('displayMoney', () => {
  it('writes every amount as Intl does, however amounts and currencies follow each other', () => {
    const currencies = ['USD', 'EUR', 'JPY', 'GBP']
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...currencies), fc.constantFrom(0, -0, 12, 12.5, 39.6, -3, 1e6)), {
          maxLength: 30,
        }),
        (calls) => {
          for (const [currency, amount] of calls)
            expect(displayMoney(amount, currency)).toBe(
              new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount),
            )
        },
      ),
    )
  })

  it('names an unknown currency after the amount', () => {
    expect(displayMoney(5, 'NOT A CODE')).toBe('5.00 NOT A CODE')
    expect(displayMoney(5, 'NOT A CODE')).toBe('5.00 NOT A CODE')
  })
})
