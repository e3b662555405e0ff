// Fulfilment by product type (spec, "What the service does" 5–6; STYLE.md: a new type is one
// entry here, and the compiler names a missing one). Types with a pool or the network have a file.
import type { ProductType } from '../../../contract/products.js'
import { setupHint } from '../catalogue/setup-hint.js'
import { DEFAULT_PLAN, startSubscription } from '../subscriptions/billing.js'
import { dynamic } from './dynamic.js'
import { awaitingShipment, delivered, type Fulfil, retryHint, takeUnits, undelivered, withHandover } from './fulfil.js'
import { mysteryBox } from './mystery-box.js'
import { serial } from './serial.js'

export const fulfilments: Record<ProductType, Fulfil> = {
  Service: {
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
  },
  Digital: {
    fulfil(ctx) {
      const files = ctx.setup?.files ?? []
      // Checked before any stock is taken, so a retry after the setup is fixed starts clean.
      if (files.length === 0) {
        const how = setupHint(ctx.line.productId, '--file NAME=URL')
        return undelivered(
          ctx.line,
          `no files are set up for this product; add them with ${how}, ${retryHint(ctx.order)}`,
        )
      }
      const { line, ok } = takeUnits(ctx)
      return ok
        ? delivered(line, ctx.now, {
            files,
            ...(ctx.setup?.deliveryMessage ? { message: ctx.setup.deliveryMessage } : {}),
          })
        : line
    },
  },
  /** The line counts as delivered once tracking is added (spec 6), so the order stays processing until it ships. */
  Physical: {
    fulfil(ctx) {
      const wasTaken = ctx.line.taken === ctx.line.quantity
      const { line, ok } = takeUnits(ctx)
      if (!ok || wasTaken) return line
      const message =
        ctx.setup?.deliveryMessage ?? 'Your order will be shipped; tracking appears here once it is added.'
      const tracking = ctx.order.tracking ?? []
      return tracking.length > 0 ? delivered(line, ctx.now, { message, tracking }) : awaitingShipment(line, { message })
    },
  },
  Serial: serial,
  Subscription: {
    fulfil(ctx) {
      if (ctx.line.delivery?.subscriptionId) return ctx.line
      const { line, ok } = takeUnits(ctx)
      if (!ok || !ctx.product) return line
      const plan = { ...DEFAULT_PLAN, ...ctx.setup?.subscription }
      const created = startSubscription(ctx, line, ctx.product, plan)
      const state = created.status === 'TRIALING' ? `in its trial until ${created.trialEnd}` : 'active'
      return delivered(line, ctx.now, {
        subscriptionId: created.id,
        message: ctx.setup?.deliveryMessage ?? `Your subscription ${created.id} is ${state}.`,
      })
    },
  },
  /** Display only: checkout refuses it; a line that exists anyway (a seeded order) has nothing to deliver. */
  InfoCard: {
    fulfil: (ctx) =>
      withHandover(ctx.line, { status: 'none', reason: 'InfoCard products are display only; nothing is delivered' }),
  },
  Dynamic: dynamic,
  MysteryBox: mysteryBox,
}
