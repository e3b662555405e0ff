import { DEFAULT_PLAN, startSubscription } from '../subscriptions/billing.js'
import type { Fulfil } from './fulfil.js'
import { delivered } from './fulfil.js'
import { takeUnits } from './units.js'

/**
 * Subscription: a subscription record per paid line (quantity = seats), ACTIVE, or TRIALING when
 * the plan has trial days; renewals then follow the emulator clock (subscriptions/billing.ts).
 */
export const subscription: Fulfil = {
  fulfil(ctx) {
    if (ctx.line.delivery?.subscriptionId) return ctx.line
    const { line, ok } = takeUnits(ctx)
    if (!ok || !ctx.product) return line
    const plan = { ...DEFAULT_PLAN, ...ctx.setup?.subscription }
    const created = startSubscription(ctx.deps, ctx.tx, ctx.shop, ctx.order, line, ctx.product, plan, ctx.now, ctx.emit)
    return delivered(line, ctx.now, {
      subscriptionId: created.id,
      message:
        ctx.setup?.deliveryMessage ??
        `Your subscription ${created.id} is ${created.status === 'TRIALING' ? `in its trial until ${created.trialEnd}` : 'active'}.`,
    })
  },
}
