/**
 * The spec's enumerations and list limits as plain values. No zod here: the CLI declares its
 * flags and choices from these without loading any schema. The schema modules re-export them.
 */

export const PRODUCT_TYPES = [
  'Service',
  'Digital',
  'Physical',
  'Serial',
  'Subscription',
  'InfoCard',
  'Dynamic',
  'MysteryBox',
] as const
export const PRODUCT_STATUSES = ['Live', 'Draft', 'Archived'] as const
export const PRODUCT_LIMIT = { default: 100, max: 250 } as const
/** The statuses `GET /_emulator/products?status=` lists: one of them, or `all`. */
export const PRODUCT_LIST_STATUSES = ['Live', 'Draft', 'Archived', 'all'] as const

export const ORDER_STATUSES = ['pending', 'processing', 'completed', 'cancelled', 'refunded'] as const
/** Emulator decision (docs/storefront.md, "Order flow"): the spec shows only `paid`. */
export const PAYMENT_STATUSES = ['unpaid', 'partial', 'paid', 'disputed', 'refunded'] as const
export const ORDER_LIMIT = { default: 50, max: 200 } as const

export const CUSTOMER_LIMIT = { default: 50, max: 200 } as const

export const COUPON_TYPES = ['percentage', 'fixed'] as const
export const BLACKLIST_TYPES = ['IP', 'COUNTRY', 'EMAIL'] as const

export const DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'failed'] as const
export const DELIVERY_LOG_LIMIT = { default: 50, max: 500 } as const
/** Most webhook endpoints a shop holds (docs/emulator.md, "Limits"): bounds the deliveries one event makes. */
export const WEBHOOK_ENDPOINT_LIMIT = 50
