import { describe, expect, it } from 'vitest'
import { dashboardPage } from '../../helpers/dashboard.js'
import { shop } from '../commerce/helpers.js'

/** The stock cell (the fifth) of a product's row in the dashboard's product list. */
function dashboardStock(html: string, productId: string): string {
  const row = html.match(new RegExp(`<tr data-product="${productId}">([\\s\\S]*?)</tr>`))?.[1] ?? ''
  return (
    row
      .split(/<td[^>]*>/)[5]
      ?.replace(/<[^>]+>/g, '')
      .trim() ?? 'no row'
  )
}

describe('stock of a pool-backed product', () => {
  it.each([
    ['Serial', { serials: ['K-1', 'K-2', 'K-3'] }],
    ['MysteryBox', { mystery: { outcomes: [{ name: 'Gold', weight: 1, stock: 3 }] } }],
  ])('follows the %s pool in the API, the storefront, its page, the dashboard and checkout', async (type, setup) => {
    const s = await shop()
    const created = await s.emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: `Pool ${type}`, price: 5, type, status: 'Live' },
    })
    const product = (await created.json()) as { id: string; productId: string; stock: number | null }
    expect(product.stock).toBe(0)

    const seen = async () => ({
      api: ((await (await s.emu.request(`/api/v1/products/${product.id}`)).json()) as { stock: number | null }).stock,
      storefront: (await s.product(product.productId)).stock,
      dashboard: dashboardStock(await dashboardPage(s.emu.app, '/products'), product.productId),
      setup: ((await (await s.emu.request(`/_emulator/products/${product.id}/fulfilment`)).json()) as { stock: number })
        .stock,
    })
    expect(await seen()).toEqual({ api: 0, storefront: 0, dashboard: '0', setup: 0 })
    const page = await (await s.storefront(`/p/${product.productId}`, { headers: { accept: 'text/html' } })).text()
    expect(page).toContain('sold out')
    expect(page).not.toContain('in stock')
    const refused = await s.checkout({ items: [{ productId: product.id, quantity: 1 }] })
    expect(refused.status).toBe(409)

    expect((await s.put(`/_emulator/products/${product.id}/fulfilment`, setup)).status).toBe(200)
    expect(await seen()).toEqual({ api: 3, storefront: 3, dashboard: '3', setup: 3 })
    // A stock above the pool shows the pool: checkout would sell no more than that.
    await s.emu.request(`/api/v1/products/${product.id}`, { method: 'PUT', json: { stock: 50 } })
    expect(await seen()).toEqual({ api: 3, storefront: 3, dashboard: '3', setup: 3 })
    expect((await s.checkout({ items: [{ productId: product.id, quantity: 3 }] })).status).toBe(201)
  })
})
