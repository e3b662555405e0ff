import { describe, expect, it } from 'vitest'
import { eventsEmulator } from './helpers.js'

describe('event payloads: product data', () => {
  it('is built once per product row and shared, and follows the product when it changes', async () => {
    const emu = await eventsEmulator()
    try {
      const shop = emu.services.storefront.shop('demo')
      const order = emu.services.orders.get(shop, 'ord_demo_2')
      const item = order.items[0]
      const emitPaid = () =>
        emu.store.tx((tx) => emu.services.events.emit(tx, shop, 'order:paid:product', { order, item }))
      const lastData = () => emu.services.events.backlog(shop.id, 0).slice(-1)[0].data as { product: { price: number } }

      await emitPaid()
      const first = lastData().product
      await emitPaid()
      expect(lastData().product).toBe(first)

      const price = first.price + 7
      await emu.services.catalogue.update(shop, item.productId, { price })
      await emitPaid()
      expect(lastData().product).not.toBe(first)
      expect(lastData().product.price).toBe(price)
      expect(first.price).toBe(price - 7)
    } finally {
      await emu.stop()
    }
  })
})
