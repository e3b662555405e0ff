// The buyer's invoice (spec 6: "Delivered content appears on the customer invoice page"; DESIGN.md
// "Storefront"): one object behind the JSON answer, the HTML page and the dashboard's order view.
import type { Invoice, InvoiceItem } from '../../../contract/storefront.js'
import { cents } from '../../money.js'
import type { OrderLineRecord, OrderRecord, ShopRecord } from '../../../contract/rows.js'
import { VERIFICATION_STEPS } from '../catalogue/mystery.js'

/** The invoice's path: the order's internal id is the bearer secret (ORD-<n> numbers are guessable and not accepted). */
export function invoicePath(shop: ShopRecord, order: { id: string }): string {
  return `/storefront/${encodeURIComponent(shop.slug)}/invoices/${encodeURIComponent(order.id)}`
}

function invoiceItem(line: OrderLineRecord, paid: boolean): InvoiceItem {
  const item: InvoiceItem = {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    productType: line.productType ?? null,
    quantity: line.quantity,
    price: line.price,
    total: line.total,
    // Seeded orders carry no delivery record: a paid one is shown as delivered, as the hosted service would.
    delivery: line.delivery ?? { status: paid ? 'delivered' : 'awaiting_payment' },
  }
  // The server seed is on the line only once the order is paid (before that it sits in `seals`).
  if (line.mystery) {
    item.mystery = { ...line.mystery, verification: [...VERIFICATION_STEPS] }
  }
  return item
}

export function buildInvoice(shop: ShopRecord, order: OrderRecord): Invoice {
  const paid =
    order.paymentStatus === 'paid' || order.paymentStatus === 'disputed' || order.paymentStatus === 'refunded'
  const amountPaid = order.amountPaid ?? (order.paymentStatus === 'paid' ? order.total : 0)
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    shop: { name: shop.name, slug: shop.slug },
    status: order.status,
    paymentStatus: order.paymentStatus,
    currency: order.currency,
    subtotal: order.subtotal ?? order.total,
    discount: order.discount ?? 0,
    total: order.total,
    amountPaid,
    // A refunded order takes no more payments: nothing is due.
    amountDue: order.paymentStatus === 'refunded' ? 0 : cents(Math.max(0, order.total - amountPaid)),
    coupon: order.couponCode ? { code: order.couponCode, discount: order.couponDiscount ?? 0 } : null,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    items: order.items.map((line) => invoiceItem(line, paid)),
    tracking: order.tracking ?? [],
    codesUrl: `${invoicePath(shop, order)}/codes.txt`,
  }
}

/** The invoice's bulk export (spec 6): the raw codes only, one per line, in line order, no product names. */
export function codesText(record: OrderRecord): string {
  const codes = record.items.flatMap((line) => line.delivery?.codes ?? [])
  return codes.length ? `${codes.join('\n')}\n` : ''
}
