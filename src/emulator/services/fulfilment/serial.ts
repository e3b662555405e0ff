import { availableUnits, putStock, stockAfterSale } from '../catalogue/stock.js'
import { recordDelivered, serialCount, takeSerials } from '../catalogue/serial-pool.js'
import { delivered, type Fulfil, retryHint, undelivered } from './fulfil.js'
import { setupHint } from '../catalogue/setup-hint.js'

/** Serial: one code per unit from the front of the pool; delivered codes are recorded, so none goes out twice. */
export const serial: Fulfil = {
  fulfil(ctx) {
    const { line, product, setup } = ctx
    if (line.taken === line.quantity) return line
    if (!product) return undelivered(line, `product ${line.productId} no longer exists`)
    const { collections } = ctx.deps
    const available = availableUnits(ctx.deps, product, setup) ?? 0
    if (!setup || available < line.quantity) {
      return undelivered(
        line,
        `out of stock: ${available} code(s) left for ${line.quantity} unit(s); add serials with ${setupHint(product.productId, '--serials @codes.txt')}, ${retryHint(ctx.order)}`,
      )
    }
    const codes = takeSerials(ctx.tx, collections, product.id, line.quantity)
    recordDelivered(ctx.tx, product.shopId, product.id, codes, ctx.now)
    ctx.tx.put('fulfilments', { ...setup, updatedAt: ctx.now })
    putStock(
      ctx.deps,
      ctx.tx,
      product,
      stockAfterSale(product.stock, line.quantity, serialCount(collections, product.id)),
      ctx.emit,
    )
    return delivered({ ...line, taken: line.quantity }, ctx.now, {
      codes,
      ...(setup.deliveryMessage ? { message: setup.deliveryMessage } : {}),
    })
  },
}
