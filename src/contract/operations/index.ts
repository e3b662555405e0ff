// Every operation of the API and of the emulator, as plain data keyed by operationId: what the
// emulator binds its handlers to, what the client calls, what the documents, the CLI, the proxy's
// check, drift and the MSW handlers read.
import { API_OPERATION_TABLE } from './api.js'
import { CONTROL_OPERATION_TABLE } from './control.js'
import { STATE_OPERATIONS } from './control/states.js'
import { STOREFRONT_OPERATIONS } from './control/storefront.js'
import { API_DOCUMENT_OPERATIONS, CONTROL_DOCUMENT_OPERATIONS } from './documents.js'
import { withIds } from './operation.js'

/** `/api/v1` (spec, "Endpoints"), paths relative to it. */
export const API_OPERATIONS = withIds({ ...API_OPERATION_TABLE, ...API_DOCUMENT_OPERATIONS })

/** The emulator's control API (`/_emulator`, DESIGN.md "Emulator control API") and its public storefront (`/storefront`). */
export const CONTROL_OPERATIONS = withIds({
  ...CONTROL_OPERATION_TABLE,
  ...STATE_OPERATIONS,
  ...STOREFRONT_OPERATIONS,
  ...CONTROL_DOCUMENT_OPERATIONS,
})

export const OPERATIONS = { ...API_OPERATIONS, ...CONTROL_OPERATIONS }
export type Operations = typeof OPERATIONS
export type OperationId = keyof Operations

export { type Operation, errorsOf, statusOf } from './operation.js'
