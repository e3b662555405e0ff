import {
  openSync,
  readFileSync,
  truncateSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
  closeSync,
  renameSync,
} from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import type { DbFile } from '../../../src/emulator/store/db-file.js'
import { DurableJsonFile, writeDbFile } from '../../../src/emulator/store/durable-json-file.js'
import { Store } from '../../../src/emulator/store/store.js'
import { account, tmpDb } from './store-helpers.js'

type Row = { id: string } & Record<string, unknown>

/** Rows of a few hundred bytes each, with text of every UTF-8 width and escapes. */
const row = (collection: string, n: number, extra = ''): Row => ({
  id: `${collection}_${String(n).padStart(6, '0')}`,
  name: `Row ${n} – ünïcödé 価格 🎁 ${extra}`,
  note: n % 7 === 0 ? 'quote " backslash \\ newline \n tab \t lone \ud800 end' : 'x'.repeat(n % 300),
  price: n / 100,
  tags: n % 3 === 0 ? [] : ['a', 'b', { deep: [n, null, true] }],
})

const rowsOf = (collection: string, count: number) => Array.from({ length: count }, (_, n) => row(collection, n))

const dbOf = (collections: Record<string, Row[]>): DbFile => ({ version: 1, ...collections })

/** What writing `data` from scratch gives, in a folder of its own. */
async function writtenFromScratch(data: DbFile, position = { generation: 2, seq: 7 }): Promise<string> {
  const { db: path } = tmpDb('scratch.json')
  await writeDbFile(path, data, { position })
  return readFileSync(path, 'utf8')
}

/**
 * The next state of `before`: rows deleted, replaced by new objects, added, and some unchanged
 * rows moved to the end (as rows of transactions not yet on disk are), the first collection
 * emptied and a new one added.
 */
function nextState(before: Record<string, Row[]>): Record<string, Row[]> {
  const orders = before.orders.filter((_, i) => i % 97 !== 5)
  for (let i = 0; i < orders.length; i += 53) orders[i] = { ...orders[i], status: 'paid ✓' }
  const moved = orders.splice(1000, 40)
  orders.push(row('orders', 900_001, 'new'), ...moved, row('orders', 900_002, 'new'))
  const products = [...before.products]
  products[products.length - 1] = { ...products[products.length - 1], price: 0 }
  products.unshift(row('products', 900_000, 'first'))
  return { meta: [], products, orders, events: rowsOf('events', 3), keys: before.keys }
}

describe('DurableJsonFile: rows unchanged since the last write are copied, not serialised again', () => {
  it('writes, by copying, the same bytes as a write from scratch: rows deleted, replaced, added, reordered', async () => {
    const { db } = tmpDb()
    const file = new DurableJsonFile(db)
    // Several MB: runs cross the chunks written and the blocks read.
    const first = {
      meta: [row('meta', 0)],
      products: rowsOf('products', 300),
      orders: rowsOf('orders', 12_000),
      keys: [],
    }
    await file.write(dbOf(first), { position: { generation: 1, seq: 3 } })
    expect(file.lastWrite).toEqual({ copiedRows: 0, serialisedRows: 12_301 })

    for (const whileServing of [true, false]) {
      const second = nextState(first)
      const data = dbOf(second)
      await file.write(data, { position: { generation: 2, seq: 7 }, whileServing })
      const total = Object.values(second).reduce((sum, rows) => sum + rows.length, 0)
      const firstOrders = new Set(first.orders)
      // New objects: orders replaced or added, a product added and one replaced, 3 events.
      const replacedOrAdded = second.orders.filter((r) => !firstOrders.has(r)).length + 2 + 3
      expect(file.lastWrite).toEqual({ copiedRows: total - replacedOrAdded, serialisedRows: replacedOrAdded })
      expect(readFileSync(db, 'utf8')).toBe(await writtenFromScratch(data))
      // Back to the first state: every row of it but those the second replaced is copied again.
      await file.write(dbOf(first), { position: { generation: 1, seq: 3 } })
      expect(readFileSync(db, 'utf8')).toBe(await writtenFromScratch(dbOf(first), { generation: 1, seq: 3 }))
      expect(file.lastWrite.copiedRows).toBeGreaterThan(11_000)
    }
  })

  it('finds the rows that follow a long stretch of deleted ones, and rows moved far from their place', async () => {
    const { db } = tmpDb()
    const file = new DurableJsonFile(db)
    const events = rowsOf('events', 5_000)
    await file.write(dbOf({ events }))
    // The oldest 2,000 trimmed, 1,000 added; one row from the middle moved to the end.
    const kept = events.slice(2_000)
    const [moved] = kept.splice(1_500, 1)
    const data = dbOf({
      events: [...kept, ...rowsOf('events', 1_000).map((r) => ({ ...r, id: `${r.id}_new` })), moved],
    })
    await file.write(data, { position: { generation: 2, seq: 7 } })
    // A few rows after the stretch are serialised while it is crossed.
    expect(file.lastWrite.copiedRows).toBeGreaterThan(2_990)
    expect(file.lastWrite.copiedRows + file.lastWrite.serialisedRows).toBe(4_000)
    expect(readFileSync(db, 'utf8')).toBe(await writtenFromScratch(data))
  })

  it('copies from a file it loaded and trusted, and the copy loads back as trusted', async () => {
    const { db } = tmpDb()
    const first = { products: rowsOf('products', 50), orders: rowsOf('orders', 2_000) }
    await writeDbFile(db, dbOf(first), { position: { generation: 1, seq: 3 } })
    const file = new DurableJsonFile(db)
    const loaded = (await file.load())!
    expect(loaded.trusted).toBe(true)
    const rows = loaded.data as Record<string, Row[]>
    const data = dbOf({ products: rows.products.slice(1), orders: [...rows.orders.slice(10), row('orders', 5)] })
    await file.write(data, { position: { generation: 2, seq: 7 } })
    expect(file.lastWrite).toEqual({ copiedRows: 49 + 1_990, serialisedRows: 1 })
    expect(readFileSync(db, 'utf8')).toBe(await writtenFromScratch(data))
    const reloaded = (await new DurableJsonFile(db).load())!
    expect(reloaded.trusted).toBe(true)
    expect(reloaded.data).toEqual({ ...data, generation: 2, seq: 7 })
  })

  it('serialises every row of a file loaded without a matching checksum (its text may not be the store’s)', async () => {
    const { db } = tmpDb()
    await writeDbFile(db, dbOf({ orders: rowsOf('orders', 20) }))
    // Spaces inside a row: still the store's layout and valid JSON, but not the text it writes.
    writeFileSync(db, readFileSync(db, 'utf8').replace('{"id":"orders_000003",', '{ "id" : "orders_000003" ,'))
    const file = new DurableJsonFile(db)
    const loaded = (await file.load())!
    expect(loaded.trusted).toBe(false)
    const data = dbOf({ orders: (loaded.data as Record<string, Row[]>).orders })
    await file.write(data)
    expect(file.lastWrite).toEqual({ copiedRows: 0, serialisedRows: 20 })
    expect(readFileSync(db, 'utf8')).toBe(await writtenFromScratch(data, { generation: 1, seq: 0 }))
  })

  it.each([
    [
      'replaced by another file',
      (db: string) => {
        writeFileSync(`${db}.new`, readFileSync(db))
        renameSync(`${db}.new`, db)
      },
    ],
    ['rewritten in place', (db: string) => writeFileSync(db, readFileSync(db))],
    ['edited (another size)', (db: string) => writeFileSync(db, readFileSync(db, 'utf8').replace('Row 5 ', 'Row 55 '))],
    ['truncated', (db: string) => truncateSync(db, 1000)],
    ['gone', (db: string) => unlinkSync(db)],
  ])('serialises every row when the previous file was %s', async (_, change) => {
    const { db } = tmpDb()
    const file = new DurableJsonFile(db)
    const rows = { orders: rowsOf('orders', 3_000) }
    await file.write(dbOf(rows))
    change(db)
    const data = dbOf({ orders: [...rows.orders.slice(1), row('orders', 9)] })
    await file.write(data, { position: { generation: 2, seq: 7 } })
    expect(file.lastWrite).toEqual({ copiedRows: 0, serialisedRows: 3_000 })
    expect(readFileSync(db, 'utf8')).toBe(await writtenFromScratch(data))
    // The file just written is the one copied from next.
    await file.write(data, { position: { generation: 2, seq: 7 } })
    expect(file.lastWrite).toEqual({ copiedRows: 3_000, serialisedRows: 0 })
  })

  it.each([
    ['copies when only its modification time was set back', false, 3_000],
    ['starts again serialising every row when its lines moved', true, 0],
  ])('with the same device, inode, size and modification time as remembered, it %s', async (_, swap, copiedRows) => {
    const { db } = tmpDb()
    const rows = { orders: rowsOf('orders', 3_000) }
    await writeDbFile(db, dbOf(rows))
    const time = 1_700_000_000
    utimesSync(db, time, time)
    const file = new DurableJsonFile(db)
    const loaded = (await file.load())!.data as Record<string, Row[]>
    let text = readFileSync(db, 'utf8')
    if (swap) {
      const [a, b] = [JSON.stringify(rows.orders[1000]), JSON.stringify(rows.orders[1001])]
      expect(a.length).not.toBe(b.length)
      text = text.replace(`${a},\n${b},\n`, `${b},\n${a},\n`)
    }
    const handle = openSync(db, 'r+')
    writeSync(handle, text, 0, 'utf8')
    closeSync(handle)
    utimesSync(db, time, time)
    const data = dbOf({ orders: [...loaded.orders, row('orders', 9)] })
    await file.write(data)
    expect(file.lastWrite).toEqual({ copiedRows, serialisedRows: 3_001 - copiedRows })
    expect(readFileSync(db, 'utf8')).toBe(await writtenFromScratch(data, { generation: 1, seq: 0 }))
  })
})

describe('Store: folding and closing copy what did not change', () => {
  /** A closed store of 500 accounts, written by the store (so trusted when loaded). */
  async function dbOf500Accounts(): Promise<string> {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.tx((tx) => {
      for (let i = 0; i < 500; i++) tx.put('accounts', account(i))
    })
    await store.close()
    return db
  }

  it('serialises on close only the rows changed since the db file was loaded', async () => {
    const db = await dbOf500Accounts()
    const reopened = await Store.open({ path: db })
    await reopened.tx((tx) => tx.put('accounts', account(7, 'Renamed')))
    await reopened.tx((tx) => tx.put('accounts', account(900)))
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      await reopened.close()
      const serialised = stringify.mock.calls.filter(([value]) => (value as { id?: string })?.id?.startsWith('acct_'))
      expect(serialised.map(([value]) => (value as { id: string }).id)).toEqual([account(7).id, account(900).id])
    } finally {
      stringify.mockRestore()
    }
    const expected = JSON.parse(readFileSync(db, 'utf8')).accounts
    expect(expected).toHaveLength(501)
    const again = await Store.open({ path: db })
    expect(again.c.accounts.get(account(7).id)?.name).toBe('Renamed')
    await again.close()
  })

  it('folds the journal into the db file while serving without serialising the rows no transaction replaced', async () => {
    const db = await dbOf500Accounts()
    const reopened = await Store.open({ path: db, compactAtBytes: 4096 })
    const generation = () => JSON.parse(readFileSync(db, 'utf8')).generation as number
    const before = generation()
    const unchanged = new Set(reopened.snapshot().accounts as unknown[])
    unchanged.delete(reopened.c.accounts.get(account(7).id))
    const stringify = vi.spyOn(JSON, 'stringify')
    try {
      for (let i = 0; i < 100; i++) await reopened.tx((tx) => tx.put('accounts', account(7, `Renamed ${i}`)))
      await reopened.settle()
      expect(generation()).toBeGreaterThan(before)
      expect(stringify.mock.calls.filter(([value]) => unchanged.has(value))).toEqual([])
    } finally {
      stringify.mockRestore()
    }
    const expected = reopened.snapshot()
    await reopened.close()
    const again = await Store.open({ path: db })
    expect(again.snapshot()).toEqual(expected)
    await again.close()
  })
})
