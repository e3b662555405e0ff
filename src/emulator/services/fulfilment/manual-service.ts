import type { Fulfil } from './fulfil.js'
import { delivered } from './fulfil.js'
import { takeUnits } from './units.js'

/** Service: manual fulfilment; the invoice shows the product's delivery message and any file links (spec 5). */
export const service: Fulfil = {
  fulfil(ctx) {
    const { line, ok } = takeUnits(ctx)
    if (!ok) return line
    return delivered(line, ctx.now, {
      message:
        ctx.setup?.deliveryMessage ??
        `Thank you for your order ${ctx.order.orderNumber}. ${ctx.shop.name} will be in touch to provide the service.`,
      files: ctx.setup?.files ?? [],
    })
  },
}
