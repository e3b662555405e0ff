import { describe, expect, it } from 'vitest'
import { StorefrontProductListSchema, StorefrontProductSchema } from '../../../src/spec/storefront.js'
import { shop } from '../commerce/helpers.js'

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
