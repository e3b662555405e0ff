import { availableUnits, putStock, stockAfterSale } from '../commerce/stock.js'
import type { Fulfil } from './types.js'
import { delivered, retryHint, undelivered } from './types.js'

/**
 * Serial: one unique code per ordered unit, taken from the front of the product's pool at
 * payment; the code leaves the pool and joins `deliveredCodes`, so no code is delivered twice and
 * stock follows the pool (spec 5, 6).
 */
export const serial: Fulfil = {
  fulfil(ctx) {
    const { line, product, setup } = ctx
    if (line.taken === line.quantity) return line
    if (!product) return undelivered(line, `product ${line.productId} no longer exists`)
    const pool = setup?.serials ?? []
    const available = availableUnits(product, setup) ?? pool.length
    if (!setup || available < line.quantity) {
      return undelivered(line, `out of stock: ${available} code(s) left for ${line.quantity} unit(s); add serials with PUT /_emulator/products/${product.id}/fulfilment, ${retryHint(ctx.order)}`)
    }
    const codes = pool.slice(0, line.quantity)
    const rest = pool.slice(line.quantity)
    ctx.tx.put('fulfilments', { ...setup, serials: rest, deliveredCodes: [...(setup.deliveredCodes ?? []), ...codes], updatedAt: ctx.now })
    putStock(ctx.emu, ctx.tx, product, stockAfterSale(product.stock, line.quantity, rest.length), ctx.emit)
    return delivered({ ...line, taken: line.quantity }, ctx.now, { codes, ...(setup.deliveryMessage ? { message: setup.deliveryMessage } : {}) })
  },
}
