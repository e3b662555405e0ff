import { expect } from 'vitest'
import type { TestRequest } from './emulator.js'

/**
 * A paid order of `quantity` boxes of the demo mystery box, client seed `lucky-7`, whose every
 * outcome has a code pool (so every open has the code pass too): the paid order and its invoice URL.
 */
export async function paidMysteryOrder(
  request: TestRequest,
  quantity = 3,
): Promise<{ order: any; invoiceUrl: string }> {
  const setup = await request('/_emulator/products/rec_demoMystery01/fulfilment', {
    method: 'PUT',
    json: {
      mystery: {
        outcomes: [
          { name: 'Gold', weight: 1, stock: 3, codes: ['G-1', 'G-2', 'G-3'] },
          { name: 'Silver', weight: 3, stock: 4, codes: ['S-1', 'S-2', 'S-3', 'S-4'] },
          { name: 'Bronze', weight: 6, stock: 5, codes: ['B-1', 'B-2', 'B-3', 'B-4', 'B-5'] },
        ],
      },
    },
  })
  expect(setup.status).toBe(200)
  const checkout = await request('/storefront/demo/checkout', {
    method: 'POST',
    json: {
      items: [{ productId: 'rec_demoMystery01', quantity }],
      email: 'buyer@example.com',
      customFields: { __mysteryClientSeed: 'lucky-7' },
    },
  })
  expect(checkout.status).toBe(201)
  const { order, invoiceUrl } = await checkout.json()
  const paid = await request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
  expect(paid.status).toBe(200)
  return { order: await paid.json(), invoiceUrl }
}
