import type { OrderLineRecord } from '../../../contract/rows.js'
import { putStock } from '../catalogue/stock.js'
import { retryHint, undelivered, type FulfilContext } from './fulfil.js'

/**
 * Takes a line's units from `product.stock` once (null stock: nothing to count). A line whose
 * units are already taken is returned as is; with too little stock nothing is taken and the line
 * is undelivered with the reason (DESIGN.md: stock never below zero, never silently dropped).
 */
export function takeUnits(ctx: FulfilContext): { line: OrderLineRecord; ok: boolean } {
  const { line, product } = ctx
  if (line.taken === line.quantity) return { line, ok: true }
  if (!product) return { line: undelivered(line, `product ${line.productId} no longer exists`), ok: false }
  if (product.stock !== null && product.stock < line.quantity) {
    return {
      line: undelivered(
        line,
        `out of stock: ${product.stock} of ${line.quantity} unit(s) left; restock the product, ${retryHint(ctx.order)}`,
      ),
      ok: false,
    }
  }
  putStock(ctx.deps, ctx.tx, product, product.stock === null ? null : product.stock - line.quantity, ctx.emit)
  return { line: { ...line, taken: line.quantity }, ok: true }
}
