import { describe, expect, it } from 'vitest'
import { StorefrontProductListSchema, StorefrontProductSchema } from '../../../src/contract/storefront.js'
import { shop } from '../commerce/helpers.js'
import { testEmulator } from '../../helpers/emulator.js'
import type { SeedInput } from '../../../src/contract/seed-file.js'

describe('GET /storefront/:shop/products', () => {
  it('lists Live, listed products without a key: sortOrder, then newest first; a MysteryBox carries its public block', async () => {
    const s = await shop()
    const res = await s.emu.app.request('/storefront/demo/products')
    expect(res.status).toBe(200)
    const { products } = StorefrontProductListSchema.parse(await res.json())
    expect(products.map((p) => p.id)).toEqual([
      'prod_demo_mystery',
      'prod_demo_dynamic',
      'prod_demo_infocard',
      'prod_demo_subscription',
      'prod_demo_serial',
      'prod_demo_physical',
      'prod_demo_digital',
      'prod_demo_service',
    ])
    expect(products.every((p) => !('shopId' in p))).toBe(true)
    expect(products.filter((p) => p.mystery).map((p) => p.id)).toEqual(['prod_demo_mystery'])
    expect(products.find((p) => p.id === 'prod_demo_serial')!.stock).toBe(10)
  })

  it('pages through products of mixed sortOrders in listing order, every product once, with and without a search', async () => {
    // Sort orders that rise and fall along the creation order, some shared, some negative.
    const products = Array.from({ length: 45 }, (_, i) => ({
      id: `prod_mixed_${i}`,
      name: `${i % 3 === 0 ? 'Lamp' : 'Chair'} ${i}`,
      type: 'Service',
      price: 1,
      status: 'Live',
      sortOrder: [3, -1, 0, 7, 3, 0, -1][i % 7]! + (i % 11 === 0 ? 5 : 0),
      createdAt: new Date(Date.UTC(2026, 0, 1, 10, i)).toISOString(),
    }))
    const emu = await testEmulator({ seed: { products } as SeedInput })
    const s = { storefront: (path: string) => emu.app.request(`/storefront/demo${path}`) }
    const all = (await (await s.storefront('/products?limit=100')).json()) as { products: any[] }
    const expected = [...all.products].sort((a, b) => a.sortOrder - b.sortOrder)
    // Within one sortOrder, newest first: the order the API returns them in without sorting by sortOrder.
    expect(all.products.map((p) => p.id)).toEqual(expected.map((p) => p.id))
    const pages = async (query: string) => {
      const ids: string[] = []
      let cursor: string | null = null
      do {
        const res = await s.storefront(`/products?limit=4${query}${cursor ? `&cursor=${cursor}` : ''}`)
        const body = StorefrontProductListSchema.parse(await res.json())
        expect(body.products.length).toBeLessThanOrEqual(4)
        ids.push(...body.products.map((p) => p.id))
        cursor = body.nextCursor
      } while (cursor)
      return ids
    }
    expect(await pages('')).toEqual(all.products.map((p) => p.id))
    const lamps = all.products.filter((p) => p.name.startsWith('Lamp')).map((p) => p.id)
    expect(lamps.length).toBeGreaterThan(10)
    expect(await pages('&q=lamp')).toEqual(lamps)
  })

  it('reaches an unlisted product only by its id; Draft and unknown products and shops are 404', async () => {
    const s = await shop()
    await s.put('/api/v1/products/prod_demo_physical', { unlisted: true })
    const { products } = (await (await s.storefront('/products')).json()) as any
    expect(products.map((p: any) => p.id)).not.toContain('prod_demo_physical')
    const direct = await s.storefront('/products/rec_demoPhysical1')
    expect(direct.status).toBe(200)
    expect(StorefrontProductSchema.parse(await direct.json())).toMatchObject({
      id: 'prod_demo_physical',
      unlisted: true,
    })
    const draft = await s.storefront('/products/rec_demoDraft0001')
    expect(draft.status).toBe(404)
    expect(await draft.json()).toEqual({ error: 'product not found: rec_demoDraft0001' })
    const noShop = await s.emu.app.request('/storefront/nowhere/products')
    expect(noShop.status).toBe(404)
    expect(await noShop.json()).toEqual({ error: 'shop not found: nowhere' })
  })

  it('keeps blacklisted visitors out of the storefront with 403', async () => {
    const s = await shop()
    await s.post('/api/v1/blacklists', { type: 'COUNTRY', value: 'RU' })
    const byIp = await s.storefront('/products', { headers: { 'x-forwarded-for': '203.0.113.66' } })
    expect(byIp.status).toBe(403)
    expect(await byIp.json()).toEqual({
      error: 'your IP address is blocked by this shop; contact the merchant if you think this is a mistake',
    })
    expect((await s.storefront('/products/rec_demoSerial001', { headers: { 'cf-ipcountry': 'ru' } })).status).toBe(403)
    expect(
      (await s.storefront('/products', { headers: { 'x-forwarded-for': '198.51.100.7', 'cf-ipcountry': 'DE' } }))
        .status,
    ).toBe(200)
    await s.emu.request('/api/v1/blacklists/bl_demo_ip', { method: 'DELETE' })
    expect((await s.storefront('/products', { headers: { 'x-forwarded-for': '203.0.113.66' } })).status).toBe(200)
  })
})

describe('the catalogue page', () => {
  it('gives every product that can be bought a Buy button to its checkout, and an InfoCard none', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/products/rec_demoPhysical1', { method: 'PUT', json: { stock: 0 } })
    const html = await (await emu.app.request('/storefront/demo')).text()
    const cards = [...html.matchAll(/<article class="card" data-product="([^"]+)">(.*?)<\/article>/g)]
    const buy = Object.fromEntries(
      cards.map(([, id, card]) => [id, /<a class="button" href="([^"]+)"[^>]*>Buy<\/a>/.exec(card)?.[1] ?? null]),
    )
    expect(buy.rec_demoSerial001).toBe('/storefront/demo/checkout?product=rec_demoSerial001&amp;quantity=1')
    expect(buy.rec_demoInfoCard1).toBeNull()
    expect(buy.rec_demoPhysical1).toBeNull()
    const checkout = await emu.app.request('/storefront/demo/checkout?product=rec_demoSerial001&quantity=1')
    expect(checkout.status).toBe(200)
  })
})
