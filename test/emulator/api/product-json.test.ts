import { describe, expect, it } from 'vitest'
import { presentProduct } from '../../../src/emulator/services/catalogue/present.js'
import type { ProductRecord } from '../../../src/contract/rows.js'
import { PRODUCT_TYPES } from '../../../src/contract/constants.js'
import { shop, type Shop } from '../commerce/helpers.js'
import { FaultyIO, tmpDb } from '../store/store-helpers.js'

/**
 * The products routes answer from a JSON text kept per row. These tests hold that text to the
 * presenter's: after every kind of change, every product read by id and every page of the list
 * carries exactly the bytes `JSON.stringify` gives of what the presenter makes of the stored row.
 * Each check reads every product first, so a text kept from before a change would be caught.
 */

/** What the presenter shows of a row: with the stock its pool gives (a Serial's codes), as the API does. */
const presented = (s: Shop, row: ProductRecord) => presentProduct(row, s.emu.services.catalogue.stockOf(row))

const rowsOf = (s: Shop) => [...s.emu.store.collections.products.newestFirst('shop', s.demo().id)]

async function expectServedAsPresented(s: Shop): Promise<void> {
  const rows = rowsOf(s)
  for (const row of rows) {
    const res = await s.emu.request(`/api/v1/products/${row.id}`)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.text()).toBe(JSON.stringify(presented(s, row)))
    const byProductId = await s.emu.request(`/api/v1/products/${row.productId}`)
    expect(await byProductId.text()).toBe(JSON.stringify(presented(s, row)))
  }
  const live = rows.filter((row) => row.status === 'Live')
  let cursor: string | null = null
  for (let from = 0; from === 0 || cursor !== null; from += 3) {
    const res = await s.emu.request(`/api/v1/products?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
    const text = await res.text()
    cursor = (JSON.parse(text) as { nextCursor: string | null }).nextCursor
    const products = live.slice(from, from + 3).map((row) => presented(s, row))
    expect(text).toBe(JSON.stringify({ products, nextCursor: cursor }))
  }
}

/** The answer's text and the presenter's text of the row the store now holds. */
async function answerAndRow(s: Shop, res: Response, id?: string) {
  const text = await res.text()
  const row = s.emu.store.collections.products.get(id ?? (JSON.parse(text) as { id: string }).id)!
  return { text, presented: JSON.stringify(presented(s, row)) }
}

/** Text JSON escapes, or that a hand-made JSON text could get wrong. */
const AWKWARD = 'Q "quoted" \\ back\nline\ttab \u2028 </script> émoji 🎁 \u0007'

describe('products served from their kept JSON text', () => {
  it('are the presenter bytes for every product type, created and then read', async () => {
    const s = await shop()
    await expectServedAsPresented(s)
    for (const [i, type] of PRODUCT_TYPES.entries()) {
      const res = await s.post('/api/v1/products', {
        name: `${type} ${AWKWARD}`,
        description: AWKWARD,
        price: 0.1 + i,
        type,
        stock: i % 2 === 0 ? null : i * 3,
        status: 'Live',
        unlisted: i % 3 === 0,
      })
      expect(res.status).toBe(201)
      const { text, presented } = await answerAndRow(s, res)
      expect(text).toBe(presented)
    }
    expect(new Set(rowsOf(s).map((row) => row.type))).toEqual(new Set(PRODUCT_TYPES))
    await expectServedAsPresented(s)
  })

  it('are the presenter bytes after every kind of update, a sale, a new code pool and a delete', async () => {
    const s = await shop()
    await expectServedAsPresented(s)
    const updates = [
      { name: AWKWARD },
      { description: 'plain' },
      { price: 19.99 },
      { stock: 4 },
      { stock: null },
      { unlisted: true },
      { status: 'Draft' },
      { status: 'Archived' },
      { status: 'Live', unlisted: false, stock: 7 },
    ]
    for (const update of updates) {
      const res = await s.put('/api/v1/products/prod_demo_physical', update)
      expect(res.status).toBe(200)
      const { text, presented } = await answerAndRow(s, res)
      expect(text).toBe(presented)
      await expectServedAsPresented(s)
    }

    const stockBefore = s.stock('prod_demo_physical')
    const order = await s.order({ items: [{ productId: 'prod_demo_physical', quantity: 2 }] })
    expect((await s.pay(order.id)).status).toBe(200)
    expect(s.stock('prod_demo_physical')).toBe(stockBefore! - 2)
    await expectServedAsPresented(s)

    const serialsBefore = s.stock('prod_demo_serial')
    const setup = await s.put('/_emulator/products/prod_demo_serial/fulfilment', { serials: ['K-1', 'K-2'] })
    expect(setup.status).toBe(200)
    expect(s.stock('prod_demo_serial')).not.toBe(serialsBefore)
    await expectServedAsPresented(s)

    expect((await s.emu.request('/api/v1/products/prod_demo_digital', { method: 'DELETE' })).status).toBe(200)
    expect((await s.emu.request('/api/v1/products/prod_demo_digital')).status).toBe(404)
    await expectServedAsPresented(s)
  })

  it('are the presenter bytes of the row put back when a change could not be written, and after a restart', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const s = await shop({ db, io })
    await expectServedAsPresented(s)
    const before = await (await s.emu.request('/api/v1/products/prod_demo_service')).text()

    io.failAppend = 'ENOSPC'
    const refused = await s.put('/api/v1/products/prod_demo_service', { name: 'Never saved', price: 1 })
    expect(refused.status).toBe(500)
    io.heal()
    expect(await (await s.emu.request('/api/v1/products/prod_demo_service')).text()).toBe(before)
    await expectServedAsPresented(s)

    const saved = await s.put('/api/v1/products/prod_demo_service', { name: AWKWARD, price: 2.5 })
    expect(saved.status).toBe(200)
    const served = await Promise.all(rowsOf(s).map((row) => s.emu.request(`/api/v1/products/${row.id}`)))
    const texts = await Promise.all(served.map((res) => res.text()))
    await s.emu.stop()

    const reopened = await shop({ db })
    try {
      const again = await Promise.all(rowsOf(reopened).map((row) => reopened.emu.request(`/api/v1/products/${row.id}`)))
      expect(await Promise.all(again.map((res) => res.text()))).toEqual(texts)
      await expectServedAsPresented(reopened)
    } finally {
      await reopened.emu.stop()
    }
  })
})
