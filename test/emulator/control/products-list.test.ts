import { describe, expect, it } from 'vitest'
import { testEmulator } from '../../helpers/emulator.js'

describe('GET /_emulator/products', () => {
  it('lists every status by default, newest first, in the API envelope', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/_emulator/products')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.nextCursor).toBeNull()
    expect(body.products.map((p: { productId: string }) => p.productId)).toEqual([
      'rec_demoDraft0001',
      'rec_demoMystery01',
      'rec_demoDynamic01',
      'rec_demoInfoCard1',
      'rec_demoSubscr001',
      'rec_demoSerial001',
      'rec_demoPhysical1',
      'rec_demoDigital01',
      'rec_demoService01',
    ])
    const live = await (await emu.request('/api/v1/products')).json()
    expect(body.products.slice(1)).toEqual(live.products)
  })

  it('filters by status and pages with the cursor like GET /products', async () => {
    const emu = await testEmulator()
    for (const name of ['A', 'B', 'C'])
      await emu.request('/api/v1/products', {
        method: 'POST',
        json: { name, price: 1, type: 'Digital', status: 'Archived' },
      })
    const first = await (await emu.request('/_emulator/products?status=Archived&limit=2')).json()
    expect(first.products.map((p: { name: string }) => p.name)).toEqual(['C', 'B'])
    const rest = await (
      await emu.request(`/_emulator/products?status=Archived&limit=2&cursor=${first.nextCursor}`)
    ).json()
    expect(rest).toMatchObject({ products: [{ name: 'A', status: 'Archived' }], nextCursor: null })
    const drafts = await (await emu.request('/_emulator/products?status=Draft')).json()
    expect(drafts.products.map((p: { productId: string }) => p.productId)).toEqual(['rec_demoDraft0001'])
  })

  it('refuses an unknown status or parameter with 400, and a request without a key with 401', async () => {
    const emu = await testEmulator()
    const bad = await emu.request('/_emulator/products?status=Deleted')
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatch(/^status: /)
    expect((await emu.request('/_emulator/products?sort=name')).status).toBe(400)
    expect((await emu.request('/_emulator/products', { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
  })
})
