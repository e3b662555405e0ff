// Every operation's body fields as flags, by operationId. scripts/build-cli.js evaluates this
// module when it bundles the CLI and puts its value in the bundle, so commands declare their flags
// without loading zod.
import type * as z from 'zod'
import { OPERATIONS, type OperationId, type Operations } from '../contract/operations/index.js'
import { bodyFields, type BodyField } from './body-fields.js'

/** An operation that takes a body: `createCoupon`, `setFulfilment`… */
export type BodyName = { [K in OperationId]: Operations[K] extends { body: z.ZodType } ? K : never }[OperationId]

export const BODY_FIELDS = Object.fromEntries(
  Object.entries(OPERATIONS).flatMap(([id, operation]) =>
    'body' in operation && operation.body ? [[id, bodyFields(operation.body)]] : [],
  ),
) as Record<BodyName, BodyField[]>
