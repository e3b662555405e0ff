import * as z from 'zod'
import { ProductSchema } from '../../spec/products.js'
import { OrderSchema } from '../../spec/orders.js'
import { CouponSchema } from '../../spec/coupons.js'
import { BlacklistEntrySchema } from '../../spec/blacklists.js'
import { CustomerSchema } from '../../spec/customers.js'
import { SubscriptionSchema } from '../../spec/subscriptions.js'
import { WebhookDeliverySchema, WebhookSchema } from '../../spec/webhooks.js'
import { createCollections } from './collections.js'

/** The db file's content: `{ version: 1, <collection>: rows[] }` (durable-json-file.ts writes and reads it). */
export type DbFile = { version: 1 } & Record<string, unknown>

export type JournalOp = { c: string; put: { id: string } } | { c: string; del: string }

const Id = z.string().min(1)
const Time = z.string().min(1)
const Scoped = { id: Id, shopId: Id }
/**
 * A JSON object of any shape. Checked by type only: an event's payload is built by the spec's own
 * payload builders, and walking its every key on each write cost more than the write itself.
 */
const AnyObject = z.custom<Record<string, unknown>>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'Invalid input: expected an object',
)

/** What every stored row must hold to be loaded; API records are checked with the API's own schemas. */
const ROW_SCHEMAS: Record<string, z.ZodType> = {
  meta: z.looseObject({ id: z.literal('meta') }),
  accounts: z.looseObject({ id: Id, name: z.string(), createdAt: Time }),
  shops: z.looseObject({
    id: Id,
    accountId: Id,
    name: z.string(),
    slug: Id,
    createdAt: Time,
    orderSeq: z.number().int(),
  }),
  keys: z.looseObject({ id: Id, accountId: Id, hash: z.string().regex(/^[0-9a-f]{64}$/) }),
  products: ProductSchema.extend({ shopId: Id }),
  fulfilments: z.looseObject(Scoped),
  serials: z.looseObject({
    ...Scoped,
    productId: Id,
    code: z.string().min(1),
    position: z.number().int().nonnegative(),
  }),
  deliveredCodes: z.looseObject({ ...Scoped, productId: Id, code: z.string().min(1) }),
  orders: OrderSchema.extend({ shopId: Id }),
  coupons: CouponSchema.extend({ shopId: Id }),
  blacklists: BlacklistEntrySchema.extend({ shopId: Id }),
  categories: z.looseObject({
    ...Scoped,
    name: z.string(),
    productIds: z.array(z.string()),
    groupIds: z.array(z.string()),
  }),
  groups: z.looseObject({ ...Scoped, name: z.string(), productIds: z.array(z.string()) }),
  customers: CustomerSchema.extend({ shopId: Id }),
  subscriptions: SubscriptionSchema.extend({ shopId: Id }),
  themes: z.looseObject({ ...Scoped, config: z.record(z.string(), z.unknown()), css: z.string() }),
  events: z.looseObject({
    ...Scoped,
    seq: z.number().int().positive(),
    accountId: Id,
    kind: z.string(),
    data: AnyObject,
    createdAt: Time,
  }),
  webhooks: WebhookSchema.extend({ shopId: Id }),
  deliveries: WebhookDeliverySchema.extend({ shopId: Id }),
}

const COLLECTIONS = new Set(Object.keys(createCollections()))

export function rowSchemaOf(collection: string): z.ZodType {
  return ROW_SCHEMAS[collection] ?? z.looseObject({ id: Id })
}

/** The first problem of one row, as `<field path>: <message>`; undefined if it may be stored. */
export function checkRow(collection: string, row: unknown): string | undefined {
  const result = rowSchemaOf(collection).safeParse(row)
  if (result.success) return undefined
  const issue = result.error.issues[0]
  return `${issue.path.length ? issue.path.join('.') : '(row)'}: ${issue.message}`
}

/**
 * The first problem of a loaded db file, named by collection, row and field; undefined if valid.
 * `rows: false` checks the structure only (a file whose checksum shows the store wrote it from
 * rows it had validated already): the version, known collections, arrays of rows with an id.
 */
export function checkDbFile(data: unknown, { rows: checkRows = true }: { rows?: boolean } = {}): string | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'it does not hold a JSON object'
  const file = data as Record<string, unknown>
  if (file.version !== 1) return `"version" is ${JSON.stringify(file.version)}, expected 1`
  for (const [name, rows] of Object.entries(file)) {
    if (name === 'version') continue
    if (!COLLECTIONS.has(name)) return `unknown collection "${name}"`
    if (!Array.isArray(rows)) return `"${name}" is not an array`
    if (!checkRows) {
      for (let i = 0; i < rows.length; i++) {
        const id = (rows[i] as { id?: unknown } | null)?.id
        if (typeof id !== 'string' || id.length === 0) return `${name}[${i}].id: expected a non-empty string`
      }
      continue
    }
    const schema = rowSchemaOf(name)
    for (let i = 0; i < rows.length; i++) {
      const result = schema.safeParse(rows[i])
      if (!result.success) {
        const issue = result.error.issues[0]
        return `${name}[${i}]${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`
      }
    }
  }
  return undefined
}
