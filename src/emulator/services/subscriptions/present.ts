import type { ListedFields } from '../../../contract/common.js'
import type { SubscriptionSchema } from '../../../contract/subscriptions.js'
import type { SubscriptionRecord } from '../../../contract/rows.js'

/**
 * A subscription as the API shows it: the spec's fields, then its plan, charge and where the
 * emulator clock stands in it (docs/storefront.md, "Subscriptions"); never the shop.
 */
export function presentSubscription(row: SubscriptionRecord): ListedFields<typeof SubscriptionSchema> {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    productProductId: row.productProductId,
    customerId: row.customerId,
    customerEmail: row.customerEmail,
    status: row.status,
    processorSubscriptionId: row.processorSubscriptionId,
    processorCustomerId: row.processorCustomerId,
    currentPeriodEnd: row.currentPeriodEnd,
    createdAt: row.createdAt,
    canceledAt: row.canceledAt,
    orderId: row.orderId,
    itemId: row.itemId,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    amount: row.amount,
    currency: row.currency,
    gateway: row.gateway,
    interval: row.interval,
    intervalCount: row.intervalCount,
    trialDays: row.trialDays,
    trialStart: row.trialStart,
    trialEnd: row.trialEnd,
    anchorAt: row.anchorAt,
    periodsCharged: row.periodsCharged,
    currentPeriodStart: row.currentPeriodStart,
    upcomingNotifiedFor: row.upcomingNotifiedFor,
    updatedAt: row.updatedAt,
  }
}
