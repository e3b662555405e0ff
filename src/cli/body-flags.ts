// Every operation as the CLI declares it, by operationId: its summary, its path parameters, and the
// fields of its body and query as flags. scripts/build-cli.js evaluates this module when it bundles
// the CLI and puts its value in the bundle, so commands declare their arguments and flags without loading zod.
import type * as z from 'zod'
import { OPERATIONS, type OperationId, type Operations } from '../contract/operations/index.js'
import { bodyFields, type BodyField } from './body-fields.js'

/** An operation that takes a body: `createCoupon`, `setFulfilment`… */
export type BodyName = { [K in OperationId]: Operations[K] extends { body: z.ZodType } ? K : never }[OperationId]

export interface OperationFlags {
  /** The operation's summary, as a command's help line: `mark an order paid`. */
  summary: string
  /** Its path parameters and what each accepts, in path order. */
  params: [name: string, accepts: string][]
  body?: BodyField[]
  query?: BodyField[]
}

const plain = (text: string) => text.replace(/`/g, '').replace(/\.$/, '')

export const OPERATION_FLAGS = Object.fromEntries(
  Object.entries(OPERATIONS).map(([id, o]): [string, OperationFlags] => [
    id,
    {
      summary: plain(o.summary[0].toLowerCase() + o.summary.slice(1)),
      params: Object.entries(('params' in o && o.params) || {}).map(([name, text]) => [name, plain(text)]),
      ...('body' in o && o.body ? { body: bodyFields(o.body) } : {}),
      ...('query' in o && o.query ? { query: bodyFields(o.query) } : {}),
    },
  ]),
) as Record<OperationId, OperationFlags>
