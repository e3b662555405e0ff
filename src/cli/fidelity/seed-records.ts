// Records as the API answers them, turned into the seed file `store serve --seed`, `store state
// import` and `POST /_emulator/accounts` load: the fields each kind of seed record takes are read
// from the seed file's schema, so a seed written here is one the emulator accepts.
import type * as z from 'zod'
import { SeedFileSchema, type SeedInput } from '../../contract/seed-file.js'

export const SEED_KINDS = ['products', 'coupons', 'categories', 'groups', 'blacklists', 'customers', 'orders'] as const
export type SeedKind = (typeof SEED_KINDS)[number]
type Row = Record<string, unknown>

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
export function seedableOnly(seed: Record<string, Record<string, unknown>[]>): {
  seed: Record<string, Record<string, unknown>[]>
  unseedable: Unseedable[]
} {
  const unseedable: Unseedable[] = []
  const out: Record<string, Record<string, unknown>[]> = {}
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
export function seedRecordOf(kind: SeedKind, record: Row): Row {
  const row = pick(fieldsOf(RECORD_SCHEMAS[kind]), record)
  switch (kind) {
    case 'categories':
      return { ...row, productIds: idsOf(record.products), groupIds: idsOf(record.groups) }
    case 'groups':
      return { ...row, productIds: idsOf(record.products) }
    case 'orders':
      return { ...row, items: Array.isArray(record.items) ? record.items.map((item) => pick(ITEM_FIELDS, item)) : [] }
    default:
      return row
  }
}

/**
 * Keeps the first version of each record; the seed lists them oldest first, and a group's or
 * category's members only those it holds (the seed file's rule).
 */
export class SeedCollector {
  private readonly records = new Map<SeedKind, Map<string, Row>>(SEED_KINDS.map((k) => [k, new Map()]))

  has(kind: SeedKind, id: string): boolean {
    return this.records.get(kind)!.has(id)
  }

  add(kind: SeedKind, record: unknown): void {
    const id = (record as Row | null)?.id
    if (typeof id !== 'string' || this.has(kind, id)) return
    this.records.get(kind)!.set(id, seedRecordOf(kind, record as Row))
  }

  missingProducts(): string[] {
    const wanted = new Set<string>()
    for (const row of [...this.records.get('groups')!.values(), ...this.records.get('categories')!.values()])
      for (const id of (row.productIds as string[] | undefined) ?? []) wanted.add(id)
    for (const order of this.records.get('orders')!.values())
      for (const item of order.items as Row[]) if (typeof item.productId === 'string') wanted.add(item.productId)
    return [...wanted].filter((id) => !this.has('products', id))
  }

  count(kind: SeedKind): number {
    return this.records.get(kind)!.size
  }

  toSeed(): SeedInput {
    this.addBuyers()
    const products = new Set(this.records.get('products')!.keys())
    const groups = new Set(this.records.get('groups')!.keys())
    const held = (ids: unknown, known: Set<string>) => (ids as string[] | undefined)?.filter((id) => known.has(id))
    const seed: Record<string, Row[]> = {}
    for (const kind of SEED_KINDS) {
      const rows = [...this.records.get(kind)!.values()].sort((a, b) =>
        String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')),
      )
      if (!rows.length) continue
      seed[kind] = rows.map((row) => {
        // A list left undefined is left out of the file.
        if (kind === 'groups') return { ...row, productIds: held(row.productIds, products) }
        if (kind === 'categories')
          return { ...row, productIds: held(row.productIds, products), groupIds: held(row.groupIds, groups) }
        if (kind === 'products') return withPool(row)
        return row
      })
    }
    return seed as SeedInput
  }

  /** A customer for each order whose buyer the reads did not show: the order names them. */
  private addBuyers(): void {
    const customers = this.records.get('customers')!
    const emails = new Set([...customers.values()].map((c) => String(c.email).toLowerCase()))
    for (const order of this.records.get('orders')!.values()) {
      const email = String(order.customerEmail ?? '').toLowerCase()
      if (!email || emails.has(email)) continue
      emails.add(email)
      customers.set(`buyer:${email}`, {
        email,
        ...(order.customerName ? { name: order.customerName } : {}),
        createdAt: order.createdAt,
      })
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
