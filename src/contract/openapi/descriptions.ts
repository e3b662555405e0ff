/**
 * Words for the document's schemas, from the spec's "Resources and their fields" and, where the
 * spec says "not shown", what the emulator does (marked "Emulator:"). Keyed by component name,
 * then field; `''` describes the component itself.
 */
export const SCHEMA_DESCRIPTIONS: Record<string, Record<string, string>> = {
  Product: {
    '': 'A product. Its `type` decides checkout behaviour, fulfilment and what the invoice shows.',
    id: 'Internal identifier.',
    productId: 'Shorter identifier, form `rec_<string>`; accepted wherever `:id` of a product is.',
    image: 'Image URL.',
    type: 'One of Service, Digital, Physical, Serial, Subscription, InfoCard, Dynamic, MysteryBox.',
    price: 'In `currency`.',
    currency: '3-letter code, default USD.',
    stock: 'null means unlimited. Emulator: for Serial products, the size of the code pool.',
    status: 'Live, Draft, Archived; default Draft. Only Live products are listed and sold.',
    unlisted: 'Hidden from the storefront but reachable by direct link.',
    createdAt: 'ISO 8601, UTC, milliseconds.',
    updatedAt: 'ISO 8601, UTC, milliseconds.',
  },
  Order: {
    '': 'An order with its items. Emulator: lines also carry their delivery and, for mystery boxes, every open.',
    id: 'Internal identifier.',
    orderNumber: 'Display number, form `ORD-<number>`; accepted wherever `:id` of an order is.',
    status: 'Settable values: pending, processing, completed, cancelled, refunded.',
    paymentStatus:
      'The spec shows `paid`. Emulator: `unpaid` at checkout, `partial` after a payment below the amount due, `paid`, `disputed`, `refunded` (set by `PUT /orders/{id}` with status `refunded`).',
    paymentMethod: 'Free text naming the method.',
    paidAt: 'ISO 8601; null until paid.',
  },
  Coupon: {
    code: 'Stored uppercased; unique per shop.',
    type: 'percentage or fixed.',
    value: 'Percent or currency units.',
    usageLimit: 'null = unlimited.',
    minAmount: 'Minimum order total; null = none. Emulator: compared after the group discount.',
    expiresAt: 'ISO 8601 or null; null = never.',
    active: 'Default true.',
  },
  BlacklistEntry: {
    '': 'Visitors matching an entry are prevented from using the storefront.',
    type: 'IP, COUNTRY or EMAIL.',
    value: 'An IP address, a 2-letter country code, or an e-mail address according to type.',
    reason: 'Internal note; never shown to the visitor.',
  },
  Category: {
    sortOrder: 'Lower first, default 0.',
    unlisted: 'Default false.',
    products: 'Bound products: `{id, name, productId}`.',
    groups: 'Bound groups: `{id, name}`.',
  },
  Group: {
    '': 'A bundle of products.',
    discountPercent: '0 to 100.',
    image: 'URL set on create. Emulator: shown, null when none was set.',
    sortOrder: 'Default 0.',
    products: 'Member products: `{id, name, productId, price}`.',
  },
  Customer: {
    '': 'A customer who placed orders (read only). Emulator: kept per shop by e-mail from checkouts.',
    totalOrders: 'Emulator: checkouts.',
    totalSpent: 'Emulator: payments, partial ones included.',
    lastOrderAt: 'Emulator: the last checkout.',
  },
  Subscription: {
    '': 'A subscription (read only). Emulator: made by paying a Subscription line, moved by the emulator clock.',
    productId: 'Internal product id.',
    productProductId: 'The `rec_` style product id.',
    status: 'ACTIVE, TRIALING, CANCELLED (the list is open).',
    canceledAt: 'null while not cancelled.',
  },
  ThemeSummary: { isActive: 'Whether the shop uses this theme.' },
  Theme: {
    config:
      'Normalised theme configuration (colors, layout, components). Emulator: defaults merged in, unknown keys kept.',
    files: '`theme.json` and `custom.css` as text.',
  },
  Error: {
    '': 'Every error answer (spec, "Errors").',
    error: 'What went wrong and what to do; for validation `<field>: <message>`.',
    errors: 'Validation only: every field at fault.',
  },
  ApiKey: {
    prefix: 'The first characters of the secret.',
    last4: 'The last four characters of the secret.',
    secret: 'In the answer that creates the key only.',
  },
  Shop: { slug: 'Names the shop in `X-Service-Shop` and in storefront paths.' },
  RequestLogEntry: {
    '': 'A recorded request (the request inspector).',
    sequence: 'Grows by one per request of the account; the SSE `id`.',
    at: "When the request arrived, by the emulator's clock.",
    reason: 'For an error, why, in words.',
    via: '`api` with a Bearer key, `dashboard` from the dashboard with its session.',
  },
}
