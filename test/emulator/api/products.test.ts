import { describe, expect, it } from 'vitest'
import { ProductListSchema, ProductSchema } from '../../../src/contract/products.js'
import { testEmulator } from '../../helpers/emulator.js'

describe('/api/v1/products', () => {
  it('lists Live products newest first with an opaque cursor', async () => {
    const emu = await testEmulator()
    const first = await emu.request('/api/v1/products?limit=3')
    expect(first.status).toBe(200)
    const page1 = ProductListSchema.parse(await first.json())
    expect(page1.products.map((p) => p.id)).toEqual(['prod_demo_mystery', 'prod_demo_dynamic', 'prod_demo_infocard'])
    expect(page1.nextCursor).toEqual(expect.any(String))
    const page2 = ProductListSchema.parse(
      await (await emu.request(`/api/v1/products?limit=250&cursor=${page1.nextCursor}`)).json(),
    )
    expect(page2.products.map((p) => p.id)).toEqual([
      'prod_demo_subscription',
      'prod_demo_serial',
      'prod_demo_physical',
      'prod_demo_digital',
      'prod_demo_service',
    ])
    expect(page2.nextCursor).toBeNull()
    expect(page2.products.every((p) => p.status === 'Live')).toBe(true)
  })

  it('creates a product with the defaults of the spec and answers 201', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Key', price: 5, type: 'Serial' },
    })
    expect(res.status).toBe(201)
    const product = ProductSchema.parse(await res.json())
    expect(product).toMatchObject({
      name: 'Key',
      price: 5,
      type: 'Serial',
      currency: 'USD',
      stock: 0,
      status: 'Draft',
      unlisted: false,
      description: '',
    })
    expect(product.productId).toMatch(/^rec_/)
    expect(product).not.toHaveProperty('shopId')
    const byProductId = await emu.request(`/api/v1/products/${product.productId}`)
    expect(await byProductId.json()).toEqual(product)
  })

  it('updates only the given fields and deletes with { success: true }', async () => {
    const emu = await testEmulator()
    const put = await emu.request('/api/v1/products/rec_demoSerial001', {
      method: 'PUT',
      json: { price: 7.25, status: 'Archived' },
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({
      id: 'prod_demo_serial',
      price: 7.25,
      status: 'Archived',
      name: 'Game Key',
    })
    const del = await emu.request('/api/v1/products/prod_demo_serial', { method: 'DELETE' })
    expect(await del.json()).toEqual({ success: true })
    const gone = await emu.request('/api/v1/products/prod_demo_serial')
    expect(gone.status).toBe(404)
    expect(await gone.json()).toEqual({ error: 'product not found: prod_demo_serial' })
  })

  it.each([
    ['missing name', { price: 1, type: 'Digital' }, 'name: is required'],
    [
      'unknown type',
      { name: 'a', price: 1, type: 'Car' },
      'type: must be one of "Service", "Digital", "Physical", "Serial", "Subscription", "InfoCard", "Dynamic", "MysteryBox"',
    ],
    ['negative price', { name: 'a', price: -1, type: 'Digital' }, 'price: must not be negative'],
    ['unknown field', { name: 'a', price: 1, type: 'Digital', colour: 'red' }, 'colour: is not a known field'],
    ['wrong type', { name: 'a', price: '1', type: 'Digital' }, 'price: must be a number (got string)'],
    [
      'bad currency',
      { name: 'a', price: 1, type: 'Digital', currency: 'DOLLARS' },
      'currency: must be a 3-letter currency code',
    ],
    ['fractional stock', { name: 'a', price: 1, type: 'Digital', stock: 1.5 }, 'stock: must be an integer'],
  ])('refuses %s with 400 and a field error', async (_name, json, error) => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/products', { method: 'POST', json })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error).toBe(error)
    expect(body.errors[0]).toEqual({ field: error.split(':')[0], message: error.slice(error.indexOf(':') + 2) })
  })

  it.each([
    [
      'rec_demoSerial001',
      "a Serial product's stock follows its code pool and cannot be set; add or replace codes with store emulator fulfilment set rec_demoSerial001 --serials @codes.txt (PUT /_emulator/products/rec_demoSerial001/fulfilment)",
    ],
    [
      'rec_demoMystery01',
      "a MysteryBox product's stock follows its drop table and cannot be set; change the outcomes' stock with store emulator fulfilment set rec_demoMystery01 --mystery @table.json (PUT /_emulator/products/rec_demoMystery01/fulfilment)",
    ],
  ])('refuses a stock for %s, whose stock follows its pool, with 400 and changes nothing', async (id, message) => {
    const emu = await testEmulator()
    const before = await (await emu.request(`/api/v1/products/${id}`)).json()
    const put = await emu.request(`/api/v1/products/${id}`, { method: 'PUT', json: { stock: 50, price: 1 } })
    expect(put.status).toBe(400)
    expect(await put.json()).toEqual({ error: `stock: ${message}`, errors: [{ field: 'stock', message }] })
    expect(await (await emu.request(`/api/v1/products/${id}`)).json()).toEqual(before)
    const physical = await emu.request('/api/v1/products/rec_demoPhysical1', { method: 'PUT', json: { stock: 50 } })
    expect(await physical.json()).toMatchObject({ stock: 50 })
  })

  it('refuses a bad cursor and an out-of-range limit with 400', async () => {
    const emu = await testEmulator()
    expect((await emu.request('/api/v1/products?cursor=nope')).status).toBe(400)
    const res = await emu.request('/api/v1/products?limit=251')
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('limit: must be at most 250')
  })

  it('answers lists and products as compact JSON with the JSON content type, and a changed product as it now is', async () => {
    const emu = await testEmulator()
    const list = await emu.request('/api/v1/products?limit=2')
    expect(list.headers.get('content-type')).toBe('application/json')
    const text = await list.text()
    expect(text).toBe(JSON.stringify(JSON.parse(text)))
    expect(Object.keys(JSON.parse(text))).toEqual(['products', 'nextCursor'])
    const last = await emu.request('/api/v1/products?limit=250')
    expect(JSON.parse(await last.text()).nextCursor).toBeNull()

    const id = 'prod_demo_digital'
    const before = await (await emu.request(`/api/v1/products/${id}`)).text()
    expect(JSON.parse(before)).not.toHaveProperty('shopId')
    await emu.request(`/api/v1/products/${id}`, { method: 'PUT', json: { name: 'Renamed', price: 12.5 } })
    const after = await emu.request(`/api/v1/products/${id}`)
    expect(after.headers.get('content-type')).toBe('application/json')
    expect(await after.json()).toMatchObject({ id, name: 'Renamed', price: 12.5 })
    const listed = ProductListSchema.parse(await (await emu.request('/api/v1/products?limit=250')).json())
    expect(listed.products.find((p) => p.id === id)).toMatchObject({ name: 'Renamed', price: 12.5 })
  })
})
