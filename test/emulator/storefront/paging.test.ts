import { describe, expect, it } from 'vitest'
import { DEMO_SEED_PATH, testEmulator } from '../../helpers/emulator.js'
import { loadSeedFile } from '../../../src/contract/seed-file.js'
import { StorefrontProductListSchema } from '../../../src/contract/storefront.js'
import { seedWithProducts } from '../../helpers/many-products.js'
import { scaled } from '../../helpers/time-scale.js'

const MANY = 18_000

describe('storefront paging', () => {
  it(
    `keeps the shop page and its JSON small with ${MANY} Live products, and pages through every one`,
    async () => {
      const emu = await testEmulator({ seed: seedWithProducts(MANY) })
      const listed = (await (await emu.app.request('/storefront/demo/products?limit=1')).json()) as {
        nextCursor: string
      }
      expect(listed.nextCursor).toEqual(expect.any(String))

      const page = await emu.app.request('/storefront/demo')
      const html = await page.text()
      expect(page.status).toBe(200)
      expect(html.length).toBeLessThan(100_000)
      expect(html.match(/<article class="card" data-product=/g)).toHaveLength(48)
      const next = html.match(/<a class="button secondary" href="([^"]+)" rel="next">/)![1].replaceAll('&amp;', '&')
      const second = await (await emu.app.request(next)).text()
      expect(second.match(/<article class="card" data-product=/g)).toHaveLength(48)
      expect(second).toContain('First page')
      const firstIds = html.match(/data-product="[^"]+"/g)!
      expect(second.match(/data-product="[^"]+"/g)!.some((id) => firstIds.includes(id))).toBe(false)

      const first = await emu.app.request('/storefront/demo/products')
      const body = await first.text()
      expect(body.length).toBeLessThan(100_000)
      expect(StorefrontProductListSchema.parse(JSON.parse(body)).products).toHaveLength(100)

      const seen = new Set<string>()
      let cursor: string | null = null
      let pages = 0
      do {
        const res = await emu.app.request(`/storefront/demo/products?limit=250${cursor ? `&cursor=${cursor}` : ''}`)
        const list = StorefrontProductListSchema.parse(await res.json())
        for (const p of list.products) seen.add(p.id)
        cursor = list.nextCursor
        pages++
      } while (cursor)
      // Every listed product once: the demo's Live ones and the new ones.
      const demoLive = (loadSeedFile(DEMO_SEED_PATH).products ?? []).filter((p) => p.status === 'Live').length
      expect(seen.size).toBe(MANY + demoLive)
      expect(pages).toBe(Math.ceil((MANY + demoLive) / 250))
    },
    scaled(60_000),
  )

  it('lists sortOrder first, then newest first, across pages, and finds products by name', async () => {
    const seed = loadSeedFile(DEMO_SEED_PATH)
    const products = (seed.products ?? []).map((p) => (p.id === 'prod_demo_digital' ? { ...p, sortOrder: -1 } : p))
    const emu = await testEmulator({ seed: { ...seed, products } })
    const all = StorefrontProductListSchema.parse(await (await emu.app.request('/storefront/demo/products')).json())
    const ids: string[] = []
    let cursor: string | null = null
    do {
      const res = await emu.app.request(`/storefront/demo/products?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      const list = StorefrontProductListSchema.parse(await res.json())
      ids.push(...list.products.map((p) => p.id))
      cursor = list.nextCursor
    } while (cursor)
    expect(ids).toEqual(all.products.map((p) => p.id))
    expect(ids[0]).toBe('prod_demo_digital')
    const found = StorefrontProductListSchema.parse(
      await (await emu.app.request('/storefront/demo/products?q=MYSTERY')).json(),
    )
    expect(found).toEqual({ products: [expect.objectContaining({ id: 'prod_demo_mystery' })], nextCursor: null })
    const html = await (await emu.app.request('/storefront/demo?q=mystery')).text()
    expect(html.match(/<article class="card" data-product=/g)).toHaveLength(1)
  })

  it('refuses a cursor it did not issue and an unknown query with 400', async () => {
    const emu = await testEmulator()
    const bad = await emu.app.request('/storefront/demo/products?cursor=nope')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: 'cursor: is not a cursor this API issued; pass nextCursor from the previous page unchanged',
      errors: [{ field: 'cursor', message: 'is not valid' }],
    })
    expect((await emu.app.request('/storefront/demo/products?page=2')).status).toBe(400)
    expect((await emu.app.request('/storefront/demo?cursor=nope')).status).toBe(400)
  })
})
