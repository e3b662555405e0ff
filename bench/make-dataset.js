#!/usr/bin/env node
// Deterministic benchmark dataset: a complete `store serve` db file (JSON
// `{ version: 1, <collection>: rows[] }`) with the account, the `demo` shop, a key whose
// secret is BENCH_KEY, the default theme, N Live products (the first SERIAL_PRODUCTS of type
// Serial), M orders whose items reference the products, and a few customers whose totals
// match those orders. Same arguments, same bytes: a seeded PRNG and fixed timestamps.
//
//   node bench/make-dataset.js <products> <out.json> [orders]     (orders default to products)
//
// Writes <out.json> and a sidecar <out>.meta.json (ids the bench rotates through, the key).
// Rows go through the emulator's own store (startEmulator on ':memory:') and the file is
// checked with the same validation `store serve` runs on load, then written by the store's own
// db file writer (one row per line), as `store serve` writes its db.
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BENCH_KEY, DIST, SERIAL_PRODUCTS, SHOP_SLUG, generatorHash, seededRandom } from './lib/common.js'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const CREATED = Date.UTC(2024, 11, 1) // account, shop, key, theme
const PRODUCTS_FROM = Date.UTC(2025, 0, 1) // one product a minute from here
const ORDERS_FROM = Date.UTC(2025, 6, 1) // one order every 30 s from here
const CUSTOMERS = 50
const CHUNK = 2000
const SAMPLE_IDS = 2000

const ADJECTIVES = [
  'Quiet',
  'Swift',
  'Golden',
  'Crimson',
  'Lunar',
  'Rustic',
  'Modern',
  'Classic',
  'Tiny',
  'Grand',
  'Silver',
  'Electric',
  'Velvet',
  'Arctic',
  'Solar',
  'Hidden',
]
const NOUNS = [
  'Lamp',
  'Course',
  'Template',
  'Key',
  'Pack',
  'Bundle',
  'Guide',
  'Mug',
  'Poster',
  'Session',
  'Plugin',
  'Theme',
  'Toolkit',
  'Notebook',
  'Licence',
  'Workshop',
]
const SENTENCES = [
  'Delivered instantly after payment.',
  'Hand-made in small batches and shipped within two days.',
  'Includes lifetime updates and priority support.',
  'A favourite of returning customers.',
  'Limited edition; once it is gone, it is gone.',
  'Works on every major platform.',
]
const TYPES = ['Service', 'Digital', 'Digital', 'Physical']
const FIRST = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Radia', 'Linus']
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Perlman',
  'Torvalds',
]
const COUNTRIES = [
  ['GB', 'London'],
  ['US', 'Boston'],
  ['DE', 'Berlin'],
  ['FR', 'Paris'],
  ['JP', 'Tokyo'],
  [null, null],
]

const iso = (ms) => new Date(ms).toISOString()
const money = (x) => Math.round(x * 100) / 100

/** Builds the dataset in memory and returns `{ db, meta }`. */
export async function makeDataset(products, orders) {
  if (products < SERIAL_PRODUCTS + 1) throw new Error(`products: at least ${SERIAL_PRODUCTS + 1}`)
  const [{ startEmulator }, { offsetClock }] = await Promise.all([
    import(DIST('emulator/start.js')),
    import(DIST('emulator/deps.js')),
  ])
  const rng = seededRandom(`store-bench:${products}:${orders}`)
  const base62 = (n) => {
    let s = ''
    for (let i = 0; i < n; i++) s += BASE62[Math.floor(rng.next() * 62)]
    return s
  }
  // The same shape as the emulator's ids (time in base 36, counter, random tail), so they sort by creation.
  const newId = (prefix, ms, counter = 0) =>
    `${prefix}_${ms.toString(36).padStart(9, '0')}${counter.toString(36).padStart(3, '0')}${base62(8)}`

  const started = await startEmulator({
    db: ':memory:',
    seed: undefined,
    apiKey: BENCH_KEY,
    clock: offsetClock(() => CREATED),
    random: { bytes: (n) => rng.bytes(n) },
    fetch: () => Promise.reject(new Error('no network while building a dataset')),
    sleep: async () => undefined,
    log: () => undefined,
    options: { logRequests: false },
  })
  const { store } = started
  const shop = store.collections.shops.getBy('slug', SHOP_SLUG)
  if (!shop) throw new Error(`the emulator did not create the "${SHOP_SLUG}" shop`)

  const putAll = async (collection, rows) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK)
      await store.tx((tx) => {
        for (const row of chunk) tx.put(collection, row)
      })
    }
  }

  // Products: the Serial ones first (their code pools are set by the bench through the API).
  const productRows = []
  const productIds = new Set()
  for (let i = 0; i < products; i++) {
    const ms = PRODUCTS_FROM + i * 60_000
    const isSerial = i < SERIAL_PRODUCTS
    const type = isSerial ? 'Serial' : rng.pick(TYPES)
    let productId
    do productId = `rec_${base62(12)}`
    while (productIds.has(productId))
    productIds.add(productId)
    productRows.push({
      id: newId('prod', ms),
      productId,
      name: isSerial ? `Bench Serial Key ${i + 1}` : `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${i + 1}`,
      description: `${rng.pick(SENTENCES)} ${rng.pick(SENTENCES)}`,
      image: '',
      type,
      price: isSerial ? 9.5 : money(rng.int(100, 20_000) / 100),
      currency: 'USD',
      stock: isSerial ? 0 : type === 'Physical' ? rng.int(0, 500) : null,
      status: 'Live',
      sortOrder: 0,
      unlisted: false,
      createdAt: iso(ms),
      updatedAt: iso(ms),
      shopId: shop.id,
    })
  }
  await putAll('products', productRows)

  // Customers first (orders point at them), totals filled in from the orders below.
  const customerRows = []
  for (let k = 0; k < CUSTOMERS; k++) {
    const ms = ORDERS_FROM - (CUSTOMERS - k) * 3_600_000
    const [country, city] = rng.pick(COUNTRIES)
    customerRows.push({
      id: newId('cus', ms),
      email: `customer${k + 1}@example.com`,
      name: `${rng.pick(FIRST)} ${rng.pick(LAST)}`,
      phone: null,
      country,
      city,
      totalOrders: 0,
      totalSpent: 0,
      lastOrderAt: null,
      createdAt: iso(ms),
      updatedAt: iso(ms),
      notes: [],
      shopId: shop.id,
    })
  }

  const orderRows = []
  const sellable = productRows.slice(SERIAL_PRODUCTS)
  for (let j = 0; j < orders; j++) {
    const ms = ORDERS_FROM + j * 30_000
    const customer = rng.pick(customerRows)
    const roll = rng.next()
    const isPaid = roll < 0.85
    const status = isPaid ? 'completed' : roll < 0.95 ? 'pending' : 'cancelled'
    const items = []
    for (let n = rng.int(1, 3); n > 0; n--) {
      const product = rng.pick(sellable)
      const quantity = rng.int(1, 3)
      items.push({
        id: newId('item', ms, items.length),
        productId: product.id,
        productName: product.name,
        quantity,
        price: product.price,
        total: money(product.price * quantity),
        productType: product.type,
        delivery: isPaid
          ? { status: 'delivered', reason: null, deliveredAt: iso(ms + 60_000), message: 'Thank you for your order.' }
          : { status: 'awaiting_payment', reason: null, deliveredAt: null },
      })
    }
    const total = money(items.reduce((sum, item) => sum + item.total, 0))
    orderRows.push({
      id: newId('ord', ms),
      orderNumber: `ORD-${j + 1}`,
      status,
      paymentStatus: isPaid ? 'paid' : 'unpaid',
      total,
      currency: 'USD',
      customerEmail: customer.email,
      customerName: customer.name,
      paymentMethod: isPaid ? 'card (processor)' : '',
      createdAt: iso(ms),
      paidAt: isPaid ? iso(ms + 60_000) : null,
      items,
      shopId: shop.id,
      customerId: customer.id,
    })
    customer.totalOrders++
    if (isPaid) customer.totalSpent = money(customer.totalSpent + total)
    customer.lastOrderAt = iso(ms)
    customer.updatedAt = iso(ms)
  }
  await putAll('customers', customerRows)
  await putAll('orders', orderRows)
  await store.tx((tx) => tx.put('shops', { ...store.collections.shops.get(shop.id), orderSeq: orders }))

  // Every row was checked against the db schema when it was put.
  const db = store.snapshot()
  await store.close()

  const step = Math.max(1, Math.floor((products - SERIAL_PRODUCTS) / SAMPLE_IDS))
  const sampleProductIds = []
  for (let i = SERIAL_PRODUCTS; i < products && sampleProductIds.length < SAMPLE_IDS; i += step)
    sampleProductIds.push(productRows[i].id)
  const meta = {
    generator: generatorHash(),
    products,
    orders,
    customers: CUSTOMERS,
    apiKey: BENCH_KEY,
    shop: SHOP_SLUG,
    serialProductIds: productRows.slice(0, SERIAL_PRODUCTS).map((p) => p.id),
    sampleProductIds,
  }
  return { db, meta }
}

export function metaPathOf(out) {
  return out.replace(/(\.json)?$/, '.meta.json')
}

async function main(argv) {
  const [productsArg, out, ordersArg] = argv
  const products = Number(productsArg)
  const orders = ordersArg === undefined ? products : Number(ordersArg)
  if (!Number.isInteger(products) || !out || !Number.isInteger(orders) || orders < 0) {
    process.stderr.write('usage: node bench/make-dataset.js <products> <out.json> [orders]\n')
    process.exitCode = 2
    return
  }
  const started = performance.now()
  const { db, meta } = await makeDataset(products, orders)
  mkdirSync(dirname(out), { recursive: true })
  const { writeDbFile } = await import(DIST('emulator/store/db-file.js'))
  await writeDbFile(out, { seq: 0, rows: db })
  writeFileSync(metaPathOf(out), `${JSON.stringify({ ...meta, bytes: statSync(out).size }, null, 2)}\n`)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  process.stderr.write(
    `make-dataset: ${out}: ${products} products, ${orders} orders, ${(statSync(out).size / 1e6).toFixed(1)} MB in ${seconds} s\n`,
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error) => {
    process.stderr.write(`make-dataset: ${error.stack ?? error}\n`)
    process.exitCode = 1
  })
}
