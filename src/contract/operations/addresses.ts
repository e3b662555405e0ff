// What a client needs to call an operation, without its schemas: its method and path, the server
// it is on, whether it takes the key, whether it answers text. The builds put this module's value
// in its place (scripts/build.js, scripts/build-cli.js), so a client that checks no answer loads no zod.
import { API_OPERATIONS, CONTROL_OPERATIONS, type OperationId } from './index.js'
import type { Operation } from './operation.js'
import { NoQuerySchema } from '../common.js'

/** `root` `api`: relative to the base URL (`…/api/v1`); `origin`: to its origin (`/_emulator`, `/storefront`). */
const addressOf = (operation: Operation, root: 'api' | 'origin') => ({
  method: operation.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: operation.path,
  root,
  auth: operation.auth !== false,
  text: !('application/json' in operation.ok.content) && 'text/plain' in operation.ok.content,
  query: operation.query !== undefined && operation.query !== NoQuerySchema,
})

export const ADDRESSES = Object.fromEntries([
  ...Object.values<Operation>(API_OPERATIONS).map((o) => [o.operationId, addressOf(o, 'api')]),
  ...Object.values<Operation>(CONTROL_OPERATIONS).map((o) => [o.operationId, addressOf(o, 'origin')]),
]) as Record<OperationId, ReturnType<typeof addressOf>>
