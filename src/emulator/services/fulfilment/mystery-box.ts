import { openBox } from '../../../fairness/index.js'
import { newPoolVersion, tableChanged } from '../catalogue/mystery.js'
import { availableUnits, mysteryCapacity, putStock, stockAfterSale } from '../catalogue/stock.js'
import { recordDelivered } from '../catalogue/serial-pool.js'
import { delivered, type Fulfil, retryHint, undelivered } from './fulfil.js'
import { setupHint } from '../catalogue/setup-hint.js'

/**
 * MysteryBox (DESIGN.md "Mystery box fairness", steps 4–9): payment reveals the seed bound at
 * checkout and rolls the line's opens against the table as it stands; a changed table moves to a new
 * pool version and seed.
 */
export const mysteryBox: Fulfil = {
  fulfil(ctx) {
    let line = ctx.line
    let bound = line.mystery
    if (!bound) return undelivered(line, 'this line was not bound to a mystery commitment at checkout')
    if (bound.serverSeed === undefined) {
      const seal = ctx.deps.collections.seals.get(line.id)
      if (!seal) return undelivered(line, 'the server seed bound at checkout is missing')
      bound = { ...bound, serverSeed: seal.serverSeed }
      ctx.tx.delete('seals', seal.id)
      line = { ...line, mystery: bound }
    }
    if (line.taken === line.quantity) return line

    const { product, setup } = ctx
    if (!product) return undelivered(line, `product ${line.productId} no longer exists`)
    const table = setup?.mystery
    if (!setup || !table)
      return undelivered(
        line,
        `the product has no drop table; set one with ${setupHint(product.productId, '--mystery @table.json')}, ${retryHint(ctx.order)}`,
      )
    const available = availableUnits(ctx.deps, product, setup)
    // Checked first so a line is rolled whole or not at all: no open is ever left half done.
    if (available !== null && available < line.quantity) {
      return undelivered(
        line,
        `out of stock: the drop table can give ${available} of ${line.quantity} box(es); restock it, ${retryHint(ctx.order)}`,
      )
    }

    const result = openBox({
      serverSeed: bound.serverSeed!,
      clientSeed: bound.clientSeed,
      poolVersion: bound.poolVersion,
      outcomes: table.outcomes,
      quantity: line.quantity,
      revealSeed: true,
    })
    const codes = result.opens.flatMap((o) => (o.code === undefined ? [] : [o.code]))
    const state = tableChanged(table.outcomes, result.outcomes)
      ? newPoolVersion(ctx.deps, result.outcomes, table.poolVersion)
      : table
    ctx.tx.put('fulfilments', { ...setup, mystery: state, updatedAt: ctx.now })
    recordDelivered(ctx.tx, product.shopId, product.id, codes, ctx.now)
    putStock(
      ctx.deps,
      ctx.tx,
      product,
      stockAfterSale(product.stock, line.quantity, mysteryCapacity(result.outcomes)),
      ctx.emit,
    )
    ctx.emit('product:mystery:revealed', {
      orderId: ctx.order.id,
      orderNumber: ctx.order.orderNumber,
      productId: product.id,
      productName: line.productName,
    })
    return delivered({ ...line, taken: line.quantity, mystery: { ...bound, opens: result.opens } }, ctx.now, {
      outcomes: result.opens.map((o) => o.outcome),
      ...(codes.length ? { codes } : {}),
      ...(setup.deliveryMessage ? { message: setup.deliveryMessage } : {}),
    })
  },
}
