import type { Fulfil } from './fulfil.js'
import { withHandover } from './fulfil.js'

/** InfoCard: a display-only card. Checkout refuses it; a line that exists anyway (a seeded order) has nothing to deliver. */
export const infoCard: Fulfil = {
  fulfil(ctx) {
    return withHandover(ctx.line, {
      status: 'none',
      reason: 'InfoCard products are display only; nothing is delivered',
    })
  },
}
