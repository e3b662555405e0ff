import type { Fulfil } from './fulfil.js'
import { awaitingShipment, delivered } from './fulfil.js'
import { takeUnits } from './units.js'

/**
 * Physical: stock is taken at payment; the line counts as delivered once tracking is added
 * (spec 6: "tracking added via the dashboard or order updates is shown on the invoice"), so the
 * order stays processing until it ships.
 */
export const physical: Fulfil = {
  fulfil(ctx) {
    const wasTaken = ctx.line.taken === ctx.line.quantity
    const { line, ok } = takeUnits(ctx)
    if (!ok || wasTaken) return line
    const message = ctx.setup?.deliveryMessage ?? 'Your order will be shipped; tracking appears here once it is added.'
    const tracking = ctx.order.tracking ?? []
    if (tracking.length > 0) return delivered(line, ctx.now, { message, tracking })
    return awaitingShipment(line, { message })
  },
}
