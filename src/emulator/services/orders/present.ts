import type { ListedFields } from '../../../contract/common.js'
import type { OrderItemSchema, OrderSchema } from '../../../contract/orders.js'
import type { OrderLineRecord, OrderRecord } from '../../../contract/rows.js'

/**
 * An order as the API shows it: the spec's fields, then what the emulator keeps beside them
 * (pricing, coupon, payments, tracking: docs/storefront.md, "Order flow"); never the shop. Fields a seeded
 * order lacks stay absent.
 */
export function presentOrder(row: OrderRecord): ListedFields<typeof OrderSchema> {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    paymentStatus: row.paymentStatus,
    total: row.total,
    currency: row.currency,
    customerEmail: row.customerEmail,
    customerName: row.customerName,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    items: row.items.map(presentOrderItem),
    customerId: row.customerId,
    subtotal: row.subtotal,
    discount: row.discount,
    groupId: row.groupId,
    groupDiscount: row.groupDiscount,
    couponId: row.couponId,
    couponCode: row.couponCode,
    couponType: row.couponType,
    couponDiscount: row.couponDiscount,
    customFields: row.customFields,
    gateway: row.gateway,
    ip: row.ip,
    country: row.country,
    amountPaid: row.amountPaid,
    payments: row.payments,
    tracking: row.tracking,
    disputedAt: row.disputedAt,
    updatedAt: row.updatedAt,
    origin: row.origin,
    subscriptionId: row.subscriptionId,
  }
}

/** One line of an order; a mystery line's server seed is on it only once the order is paid. */
export function presentOrderItem(line: OrderLineRecord): ListedFields<typeof OrderItemSchema> {
  return {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    quantity: line.quantity,
    price: line.price,
    total: line.total,
    productType: line.productType,
    delivery: line.delivery,
    mystery: line.mystery,
    taken: line.taken,
    trial: line.trial,
  }
}
