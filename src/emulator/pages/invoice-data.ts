// The invoice object behind both the invoice page and the dashboard's order detail.
// TEMPORARY bridge until commerce exports its invoice builder (the one the JSON invoice route uses);
// then this file only re-exports it.
import type { Invoice } from '../../spec/storefront.js'
import type { MysteryOpenRecord } from '../../spec/mystery.js'
import type { Emulator } from '../context.js'
import type { OrderRecord, ShopRecord } from '../store/records.js'
import { asCommerce } from '../commerce/types.js'
import { VERIFICATION_STEPS } from '../commerce/mystery.js'
import { cents } from '../present.js'

export function invoicePath(shop: ShopRecord, order: OrderRecord): string {
  return `/storefront/${encodeURIComponent(shop.slug)}/invoices/${encodeURIComponent(order.id)}`
}

export function buildInvoice(_emu: Emulator, shop: ShopRecord, record: OrderRecord): Invoice {
  const order = asCommerce(record)
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
    amountDue: cents(Math.max(0, order.total - amountPaid)),
    coupon: order.couponCode ? { code: order.couponCode, discount: order.couponDiscount ?? 0 } : null,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    items: order.items.map((line) => ({
      id: line.id,
      productId: line.productId,
      productName: line.productName,
      productType: line.productType ?? null,
      quantity: line.quantity,
      price: line.price,
      total: line.total,
      delivery: line.delivery ?? { status: order.paymentStatus === 'paid' ? 'delivered' : 'awaiting_payment' },
      ...(line.mystery ? { mystery: { ...line.mystery, opens: line.mystery.opens as MysteryOpenRecord[], verification: [...VERIFICATION_STEPS] } } : {}),
    })),
    tracking: order.tracking ?? [],
    codesUrl: `${invoicePath(shop, record)}/codes.txt`,
  }
}
