// The package root (DESIGN.md, "Also a library"): the typed client, the API's schemas and types,
// and StoreError. It imports zod and nothing else: no Node built-ins, so it bundles for browsers
// and edge runtimes. The emulator is `<package>/emulator`, the MSW handlers `<package>/msw`, the
// mystery-box fairness functions `<package>/fairness`.
export * from './client/index.js'
export { OPERATIONS, API_OPERATIONS, CONTROL_OPERATIONS } from './contract/operations/index.js'
export type { Operation, OperationId, Operations } from './contract/operations/index.js'

export * from './contract/store-error.js'
export * from './contract/errors.js'
export * from './contract/constants.js'
export { SuccessSchema, TimestampSchema } from './contract/common.js'
export type { Success } from './contract/common.js'

export * from './contract/products.js'
export * from './contract/orders.js'
export * from './contract/coupons.js'
export * from './contract/blacklists.js'
export * from './contract/categories.js'
export * from './contract/groups.js'
export * from './contract/customers.js'
export * from './contract/subscriptions.js'
export * from './contract/themes.js'
export * from './contract/shops.js'
export * from './contract/mystery.js'
export * from './contract/fulfilment.js'
export * from './contract/storefront.js'
export * from './contract/webhooks.js'
export * from './contract/faults.js'
export * from './contract/fixtures.js'
export * from './contract/events.js'
