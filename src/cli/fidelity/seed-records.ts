// Records as the API answers them, turned into the seed file `store serve --seed`, `store state
// import` and `POST /_emulator/accounts` load: the fields each kind of seed record takes are read
// from the seed file's schema, so a seed written here is one the emulator accepts.
import type * as z from 'zod'
import { SeedFileSchema, type SeedInput } from '../../contract/seed-file.js'
import type { CommandContext } from '../client-factory.js'
import { counted } from '../counted.js'
import { writeOut } from './atomic-write.js'
import { maskText } from './mask.js'

export const SEED_KINDS = ['products', 'coupons', 'categories', 'groups', 'blacklists', 'customers', 'orders'] as const
export type SeedKind = (typeof SEED_KINDS)[number]
type Row = Record<string, unknown>
type Records = Record<SeedKind, Map<string, Row>>

const shape = SeedFileSchema.shape
type FieldSchemas = Record<string, z.ZodType>
const RECORD_SCHEMAS = Object.fromEntries(
  SEED_KINDS.map((kind) => [kind, (shape[kind] as z.ZodOptional<z.ZodArray<z.ZodType>>).unwrap().element]),
) as Record<SeedKind, z.ZodType>
// Coupons and blacklist entries are discriminated by `type`; every type takes the same fields.
const fieldsOf = (schema: z.ZodType) =>
  ((schema as unknown as { options?: z.ZodObject[] }).options?.[0] ?? (schema as z.ZodObject)).shape as FieldSchemas
const ITEM_FIELDS = shape.orders.unwrap().element.shape.items.element.shape

export interface Unseedable {
  kind: SeedKind
  id: string
  /** The first field the seed file's schema refuses: `price: is required`. */
  problem: string
}

/** The seed without the records its schema refuses (a record read in another shape), and what was left out. */
export function seedableOnly(seed: Record<string, Row[]>): { seed: Record<string, Row[]>; unseedable: Unseedable[] } {
  const unseedable: Unseedable[] = []
  const out: Record<string, Row[]> = {}
  for (const [kind, rows] of Object.entries(seed)) {
    if (!isSeedKind(kind)) continue
    out[kind] = rows.filter((row) => {
      const checked = RECORD_SCHEMAS[kind].safeParse(row)
      if (checked.success) return true
      const [issue] = checked.error.issues
      unseedable.push({
        kind,
        id: String(row.id ?? ''),
        problem: `${issue.path.join('.') || '(record)'}: ${issue.message}`,
      })
      return false
    })
  }
  return { seed: out, unseedable }
}

export const isSeedKind = (name: string): name is SeedKind => (SEED_KINDS as readonly string[]).includes(name)

/** The fields of `record` a seed record takes; a null where the seed takes none is left out (the default). */
function pick(fields: FieldSchemas, record: Row): Row {
  const out: Row = {}
  for (const [key, schema] of Object.entries(fields)) {
    const value = record[key]
    if (value === undefined) continue
    if (value === null && !schema.safeParse(null).success) continue
    out[key] = value
  }
  return out
}

const idsOf = (list: unknown): string[] | undefined =>
  Array.isArray(list) ? list.map((r) => (r as { id?: unknown })?.id).filter((id) => typeof id === 'string') : undefined

/** A record of the API (`GET /products/:id`, an element of `{ categories }`…) as a seed record. */
function seedRecordOf(kind: SeedKind, record: Row): Row {
  const row = pick(fieldsOf(RECORD_SCHEMAS[kind]), record)
  if (kind === 'categories' || kind === 'groups') row.productIds = idsOf(record.products)
  if (kind === 'categories') row.groupIds = idsOf(record.groups)
  if (kind === 'orders')
    row.items = Array.isArray(record.items) ? record.items.map((item) => pick(ITEM_FIELDS, item)) : []
  return row
}

/**
 * Keeps the first version of each record; the seed lists them oldest first, and a group's or
 * category's members only those it holds (the seed file's rule).
 */
export class SeedCollector {
  private readonly records = Object.fromEntries(SEED_KINDS.map((kind) => [kind, new Map()])) as Records

  add(kind: SeedKind, record: unknown): void {
    const id = (record as Row | null)?.id
    if (typeof id === 'string' && !this.records[kind].has(id))
      this.records[kind].set(id, seedRecordOf(kind, record as Row))
  }

  missingProducts(): string[] {
    const { groups, categories, orders, products } = this.records
    const wanted = new Set([...groups.values(), ...categories.values()].flatMap((row) => row.productIds as string[]))
    for (const order of orders.values()) for (const item of order.items as Row[]) wanted.add(item.productId as string)
    return [...wanted].filter((id) => typeof id === 'string' && !products.has(id))
  }

  toSeed(): SeedInput {
    this.addBuyers()
    const { products, groups } = this.records
    const held = (ids: unknown, known: Map<string, Row>) => (ids as string[] | undefined)?.filter((id) => known.has(id))
    const seed: Record<string, Row[]> = {}
    for (const kind of SEED_KINDS) {
      const rows = [...this.records[kind].values()].sort((a, b) =>
        String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')),
      )
      if (!rows.length) continue
      seed[kind] = rows.map((row) => {
        // A list left undefined is left out of the file.
        if (kind === 'groups') return { ...row, productIds: held(row.productIds, products) }
        if (kind === 'categories')
          return { ...row, productIds: held(row.productIds, products), groupIds: held(row.groupIds, groups) }
        return kind === 'products' ? withPool(row) : row
      })
    }
    return seed as SeedInput
  }

  /** A customer for each order whose buyer the reads did not show: the order names them. */
  private addBuyers(): void {
    const { customers, orders } = this.records
    const emails = new Set([...customers.values()].map((c) => String(c.email).toLowerCase()))
    for (const order of orders.values()) {
      const email = String(order.customerEmail ?? '').toLowerCase()
      if (!email || emails.has(email)) continue
      emails.add(email)
      const name = order.customerName ? { name: order.customerName } : {}
      customers.set(`buyer:${email}`, { email, ...name, createdAt: order.createdAt })
    }
  }
}

/** Placeholder codes a Serial product is seeded with at most. */
const MAX_PLACEHOLDER_CODES = 10_000

/** Pools and drop tables are never in an answer: a stand-in one gives the product the stock the API showed. */
function withPool(product: Row): Row {
  const stock = product.stock as number | null | undefined
  if (product.type === 'Serial' && typeof stock === 'number') {
    const count = Math.min(stock, MAX_PLACEHOLDER_CODES)
    const serials = Array.from({ length: count }, (_, i) => `placeholder-${product.productId ?? product.id}-${i + 1}`)
    return { ...product, fulfilment: { serials } }
  }
  if (product.type === 'MysteryBox' && stock !== undefined)
    return { ...product, fulfilment: { mystery: { outcomes: [{ name: 'Placeholder outcome', weight: 1, stock }] } } }
  return product
}

/** How many records of each kind a seed holds, kinds it holds none of left out. */
export const countsOf = (seed: SeedInput): Record<string, number> =>
  Object.fromEntries(
    Object.entries(seed)
      .map(([kind, rows]) => [kind, (rows as unknown[]).length] as const)
      .filter(([, n]) => n > 0),
  )

export const describeCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([kind, n]) => counted(n, kind))
    .join(', ')

/** Prints the seed or writes it to `out`, `secrets` and every key masked, saying how to load it. */
export const writeSeed = (
  cc: CommandContext,
  seed: SeedInput,
  secrets: string[],
  out: string | undefined,
  what: string,
) =>
  writeOut(
    cc,
    maskText(`${JSON.stringify(seed, null, 2)}\n`, secrets),
    out,
    what,
    `load it with store serve --seed ${out}, store state import ${out} or createTestAccount({ seed })`,
  )
