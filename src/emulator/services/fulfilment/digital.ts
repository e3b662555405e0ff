import type { Fulfil } from './fulfil.js'
import { delivered, retryHint, undelivered } from './fulfil.js'
import { setupHint } from '../catalogue/setup-hint.js'
import { takeUnits } from './units.js'

/** Digital: the product's files as download links on the invoice; stock (when counted) taken per unit (spec 5, 6). */
export const digital: Fulfil = {
  fulfil(ctx) {
    const files = ctx.setup?.files ?? []
    // Checked before any stock is taken, so a retry after the setup is fixed starts clean.
    if (files.length === 0)
      return undelivered(
        ctx.line,
        `no files are set up for this product; add them with ${setupHint(ctx.line.productId, '--file NAME=URL')}, ${retryHint(ctx.order)}`,
      )
    const { line, ok } = takeUnits(ctx)
    if (!ok) return line
    return delivered(line, ctx.now, {
      files,
      ...(ctx.setup?.deliveryMessage ? { message: ctx.setup.deliveryMessage } : {}),
    })
  },
}
