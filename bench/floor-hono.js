#!/usr/bin/env node
// The bench's floor: the least an app on this stack (hono, zod, @hono/node-server) does to answer
// /api/v1/products as `store serve` does: the same records, list/get/create answers of the same
// shapes, the same body and query validation and bearer auth, over Maps in memory. No journal,
// no db file, nothing shared with the emulator's code, so its figures do not move with the app.
//
//   node bench/floor-hono.js <data.json> [--port 0] [--api-key KEY] [--check]
//
// <data.json> is a seed file or a db file: every top-level array is held in a Map by id (so the
// floor holds the same rows as the store), products also in a list ordered by creation.
// --check validates every product with the record schema, as a seed must be; without it the
// file is trusted, as an app trusts a file it wrote itself.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { bearerAuth } from 'hono/bearer-auth'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { BENCH_KEY } from './lib/common.js'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : fallback
}
const file = args.find((a, i) => !a.startsWith('--') && !(i > 0 && /^--(port|api-key)$/.test(args[i - 1])))
if (!file) {
  process.stderr.write('usage: node bench/floor-hono.js <data.json> [--port 0] [--api-key KEY] [--check]\n')
  process.exit(2)
}

const Name = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters')
const Money = z.number().nonnegative('must not be negative').max(1e9, 'must be at most 1000000000')
const Count = z.number().int('must be an integer').nonnegative('must not be negative').max(1e9)
const Type = z.enum(['Service', 'Digital', 'Physical', 'Serial', 'Subscription', 'InfoCard', 'Dynamic', 'MysteryBox'])
const Status = z.enum(['Live', 'Draft', 'Archived'])
const Time = z.iso.datetime({ precision: 3 })
const Product = z.object({
  id: z.string(),
  productId: z.string().regex(/^rec_/),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  type: Type,
  price: z.number(),
  currency: z.string().length(3),
  stock: z.number().int().nullable(),
  status: Status,
  sortOrder: z.number().int(),
  unlisted: z.boolean(),
  createdAt: Time,
  updatedAt: Time,
})
const CreateBody = z.strictObject({
  name: Name,
  price: Money,
  type: Type,
  description: z.string().max(10_000).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
    .transform((s) => s.toUpperCase())
    .optional(),
  stock: Count.nullable().optional(),
  status: Status.optional(),
  unlisted: z.boolean().optional(),
})
const ListQuery = z.strictObject({
  limit: z.coerce.number().int('must be an integer').min(1).max(250).optional(),
  cursor: z.string().max(200).optional(),
})

class Refused extends Error {
  constructor(status, message, errors) {
    super(message)
    this.status = status
    this.errors = errors
  }
}
const parse = (schema, value) => {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const errors = result.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }))
  throw new Refused(400, `${errors[0].field}: ${errors[0].message}`, errors)
}

// The rows: every array of the file by id; products in API shape, Live ones ordered by (createdAt, id).
const started = performance.now()
const data = JSON.parse(readFileSync(file, 'utf8'))
const tables = new Map()
for (const [name, rows] of Object.entries(data)) {
  if (Array.isArray(rows)) tables.set(name, new Map(rows.map((row) => [row.id, row])))
}
const products = new Map()
const byProductId = new Map()
const live = []
// createdAt is ISO 8601 UTC with milliseconds throughout: as strings, they sort as the times do.
const before = (a, b) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
const check = args.includes('--check')
const FIELDS = Object.keys(Product.shape)
/** The row in API shape (a db file's rows also carry their shop); fields in the schema's order. */
function toApi(row) {
  const product = {}
  for (const field of FIELDS) product[field] = row[field]
  return product
}
for (const row of tables.get('products')?.values() ?? []) {
  const product = check ? parse(Product, row) : toApi(row)
  products.set(product.id, product)
  byProductId.set(product.productId, product)
  if (product.status === 'Live') live.push(product)
}
tables.set('products', products)
live.sort(before)

/** First index of `live` not before `key`. */
function lowerBound(key) {
  let lo = 0
  let hi = live.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(live[mid], key) < 0) lo = mid + 1
    else hi = mid
  }
  return lo
}
const encodeCursor = (p) => Buffer.from(JSON.stringify([Date.parse(p.createdAt), p.id])).toString('base64url')
function decodeCursor(cursor) {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (typeof time === 'number' && typeof id === 'string') return { createdAt: new Date(time).toISOString(), id }
  } catch {
    /* refused below */
  }
  throw new Refused(400, 'cursor: is not a cursor this API issued', [{ field: 'cursor', message: 'is not valid' }])
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const base62 = (n) => Array.from(randomBytes(n), (b) => BASE62[b % 62]).join('')
let lastMs = 0
let counter = 0
function newId(prefix, ms) {
  counter = ms === lastMs ? counter + 1 : 0
  lastMs = ms
  return `${prefix}_${ms.toString(36).padStart(9, '0')}${counter.toString(36).padStart(3, '0')}${base62(8)}`
}

const app = new Hono()
app.onError((error, c) => {
  if (error instanceof Refused) return c.json({ error: error.message, errors: error.errors }, error.status)
  if (error instanceof HTTPException) return c.json({ error: error.message || `status ${error.status}` }, error.status)
  return c.json({ error: 'internal error' }, 500)
})
// The key compared in constant time, synchronously: bearerAuth's default hashes both sides
// through WebCrypto on every request, a cost of that default rather than of checking a key.
const key = Buffer.from(option('--api-key', BENCH_KEY))
const isKey = (token) => {
  const given = Buffer.from(token)
  return given.length === key.length && timingSafeEqual(given, key)
}
app.use('/api/v1/*', bearerAuth({ verifyToken: isKey }))
app.get('/api/v1/products', (c) => {
  const query = parse(ListQuery, c.req.query())
  const limit = query.limit ?? 100
  const end = query.cursor ? lowerBound(decodeCursor(query.cursor)) : live.length
  const page = live.slice(Math.max(0, end - limit), end).reverse()
  const nextCursor = end - limit > 0 ? encodeCursor(page[page.length - 1]) : null
  return c.json({ products: page, nextCursor })
})
app.get('/api/v1/products/:id', (c) => {
  const id = c.req.param('id')
  const product = products.get(id) ?? byProductId.get(id)
  if (!product) throw new Refused(404, `product ${id} not found`)
  return c.json(product)
})
app.post('/api/v1/products', async (c) => {
  let body
  try {
    body = await c.req.json()
  } catch {
    throw new Refused(400, 'body: is not valid JSON', [{ field: 'body', message: 'is not valid JSON' }])
  }
  const input = parse(CreateBody, body)
  const ms = Date.now()
  const now = new Date(ms).toISOString()
  const product = {
    id: newId('prod', ms),
    productId: `rec_${base62(12)}`,
    name: input.name,
    description: input.description ?? '',
    image: '',
    type: input.type,
    price: input.price,
    currency: input.currency ?? 'USD',
    stock: input.stock ?? null,
    status: input.status ?? 'Draft',
    sortOrder: 0,
    unlisted: input.unlisted ?? false,
    createdAt: now,
    updatedAt: now,
  }
  products.set(product.id, product)
  byProductId.set(product.productId, product)
  if (product.status === 'Live') live.splice(lowerBound(product), 0, product)
  return c.json(product, 201)
})

const server = serve({ fetch: app.fetch, port: Number(option('--port', '0')), hostname: '127.0.0.1' }, (info) => {
  const seconds = ((performance.now() - started) / 1000).toFixed(2)
  process.stdout.write(
    `bench floor: hono + zod over Maps (${products.size} products, loaded in ${seconds} s)\n  API         http://127.0.0.1:${info.port}/api/v1\n`,
  )
})
const stop = () => {
  server.closeAllConnections?.()
  server.close(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
