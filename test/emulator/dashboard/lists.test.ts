import { describe, expect, it } from 'vitest'
import { dashboardCookie, dashboardPage } from '../../helpers/dashboard.js'
import { testEmulator } from '../../helpers/emulator.js'
import { seedWithProducts } from '../../helpers/many-products.js'
import { shop } from '../commerce/helpers.js'

const pageOf = (html: string) => html.match(/<span data-page-of="">([^<]*)<\/span>/)?.[1].replace(/\s+/g, ' ')
const rows = (html: string, attribute: string) => html.match(new RegExp(`<tr ${attribute}="[^"]+"`, 'g')) ?? []

describe('dashboard lists', () => {
  it('page products 50 at a time with "page N of M", and search them by name or id', async () => {
    const emu = await testEmulator({ seed: seedWithProducts(120) })
    const cookie = await dashboardCookie(emu.app)
    const first = await dashboardPage(emu.app, '/products', cookie)
    expect(pageOf(first)).toBe('Page 1 of 3 · 129 products')
    expect(rows(first, 'data-product')).toHaveLength(50)
    expect(first).toContain('rel="next"')
    const last = await dashboardPage(emu.app, '/products?page=3', cookie)
    expect(pageOf(last)).toBe('Page 3 of 3 · 129 products')
    expect(rows(last, 'data-product')).toHaveLength(29)
    expect(last).not.toContain('rel="next"')
    expect(pageOf(await dashboardPage(emu.app, '/products?page=99', cookie))).toBe('Page 3 of 3 · 129 products')

    const found = await dashboardPage(emu.app, '/products?q=sticker%2011', cookie)
    expect(pageOf(found)).toBe('Page 1 of 1 · 11 products')
    expect(rows(await dashboardPage(emu.app, '/products?q=rec_demoSerial001', cookie), 'data-product')).toEqual([
      '<tr data-product="rec_demoSerial001"',
    ])
    expect(await dashboardPage(emu.app, '/products?q=nothing-like-this', cookie)).toContain(
      'No product matches “nothing-like-this”.',
    )
  })

  it('search orders by e-mail or order number, and customers and subscriptions by e-mail', async () => {
    const s = await shop()
    const mine = await s.order({ items: [{ productId: 'prod_demo_subscription' }], email: 'zelda.q@example.com' })
    await s.pay(mine.id)
    const cookie = await dashboardCookie(s.emu.app)
    const all = await dashboardPage(s.emu.app, '/orders', cookie)
    expect(pageOf(all)).toBe('Page 1 of 1 · 3 orders')
    const byEmail = await dashboardPage(s.emu.app, '/orders?q=ZELDA.Q@', cookie)
    expect(rows(byEmail, 'data-order')).toEqual([`<tr data-order="${mine.orderNumber}"`])
    const byNumber = await dashboardPage(s.emu.app, '/orders?q=ORD-1', cookie)
    expect(rows(byNumber, 'data-order')).toEqual(['<tr data-order="ORD-1"'])
    expect(pageOf(await dashboardPage(s.emu.app, '/customers?q=zelda.q', cookie))).toBe('Page 1 of 1 · 1 customer')
    const subscriptions = await dashboardPage(s.emu.app, '/subscriptions?q=zelda.q@example.com', cookie)
    expect(rows(subscriptions, 'data-subscription')).toHaveLength(1)
    expect(rows(await dashboardPage(s.emu.app, '/subscriptions?q=nobody', cookie), 'data-subscription')).toEqual([])
  })
})
