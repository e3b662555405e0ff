// Every operation of the API and of the emulator, as plain data keyed by operationId: what the
// emulator binds its handlers to, what the client calls, what the documents, the CLI, the proxy's
// check, drift and the MSW handlers read.
import { API_OPERATION_TABLE } from './api.js'
import { CLOCK_OPERATIONS } from './control/clock.js'
import { EVENT_OPERATIONS } from './control/events.js'
import { FAULT_OPERATIONS } from './control/faults.js'
import { ORDER_CONTROL_OPERATIONS } from './control/orders.js'
import { PRODUCT_CONTROL_OPERATIONS } from './control/products.js'
import { QUERY_OPERATIONS } from './control/queries.js'
import { REQUEST_LOG_OPERATIONS } from './control/requests.js'
import { SHOP_OPERATIONS } from './control/shops.js'
import { STATE_OPERATIONS } from './control/states.js'
import { STOREFRONT_OPERATIONS } from './control/storefront.js'
import { SUBSCRIPTION_CONTROL_OPERATIONS } from './control/subscriptions.js'
import { WEBHOOK_OPERATIONS } from './control/webhooks.js'
import { API_DOCUMENT_OPERATIONS, CONTROL_DOCUMENT_OPERATIONS } from './documents.js'
import { withIds } from './operation.js'

/** `/api/v1` (spec, "Endpoints"), paths relative to it. */
export const API_OPERATIONS = withIds({ ...API_OPERATION_TABLE, ...API_DOCUMENT_OPERATIONS })

/** The emulator's control API (`/_emulator`, DESIGN.md "Emulator control API") and its public storefront (`/storefront`). */
export const CONTROL_OPERATIONS = withIds({
  ...SHOP_OPERATIONS,
  ...PRODUCT_CONTROL_OPERATIONS,
  ...ORDER_CONTROL_OPERATIONS,
  ...SUBSCRIPTION_CONTROL_OPERATIONS,
  ...CLOCK_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...EVENT_OPERATIONS,
  ...QUERY_OPERATIONS,
  ...REQUEST_LOG_OPERATIONS,
  ...FAULT_OPERATIONS,
  ...STATE_OPERATIONS,
  ...STOREFRONT_OPERATIONS,
  ...CONTROL_DOCUMENT_OPERATIONS,
})

/** Every operation, by id. */
export const OPERATIONS = { ...API_OPERATIONS, ...CONTROL_OPERATIONS }
export type Operations = typeof OPERATIONS
export type OperationId = keyof Operations

export { type ErrorCase, type Operation, type OperationInput, errorsOf, statusOf } from './operation.js'
