// The library surface (DESIGN.md, "Also a library"): the typed client, every schema, the
// fairness functions and the emulator app factory. MSW handlers are at `<package>/msw`.
export * from './client/index.js'
export { StoreError, ErrorBodySchema, FieldErrorSchema } from './spec/errors.js'
export type { ErrorBody, FieldError } from './spec/errors.js'
export * from './spec/common.js'
export * from './spec/products.js'
export * from './spec/orders.js'
export * from './spec/coupons.js'
export * from './spec/blacklists.js'
export * from './spec/categories.js'
export * from './spec/groups.js'
export * from './spec/customers.js'
export * from './spec/subscriptions.js'
export * from './spec/themes.js'
export * from './spec/shops.js'
export * from './spec/mystery.js'
export * from './spec/fulfilment.js'
export * from './spec/storefront.js'
export * from './spec/webhooks.js'
export * from './spec/events.js'
export * as fairness from './fairness/index.js'
export {
  verifyOpen,
  openBox,
  commitmentOf,
  proofHashOf,
  codeProofOf,
  indexFromHash,
  oddsOf,
  pickOutcome,
  totalWeightOf,
} from './fairness/index.js'
export type { Check, MysteryOpen, MysteryOutcome, OddsEntry, OpenBoxInput, OpenBoxResult } from './fairness/index.js'
export { createApp } from './emulator/app.js'
export { startEmulator } from './emulator/start.js'
export type { StartOptions, StartedEmulator } from './emulator/start.js'
export type { Services } from './emulator/services/index.js'
export type { EmulatorDeps, EmulatorOptions, Clock, Random } from './emulator/deps.js'
export { offsetClock } from './emulator/deps.js'
