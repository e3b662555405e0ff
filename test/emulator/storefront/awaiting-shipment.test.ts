import { describe, expect, it } from 'vitest'
import { dashboardCookie, dashboardPage } from '../../helpers/dashboard.js'
import { shop } from '../commerce/helpers.js'

describe('a paid Physical order waiting for tracking', () => {
  it('is awaiting shipment in the API, the invoice, its page and the dashboard, with no internal route shown to the buyer', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'prod_demo_physical', quantity: 1 }] })
    const unpaidPage = await (await s.storefront(`/invoices/${order.id}`, { headers: { accept: 'text/html' } })).text()
    expect(unpaidPage).not.toContain('/_emulator')
    await s.pay(order.id)

    const api = await s.apiOrder(order.id)
    expect(api.status).toBe('processing')
    expect(api.items[0].delivery).toMatchObject({ status: 'awaiting_shipment', reason: null })
    expect((await s.invoice(order.id)).items[0].delivery.status).toBe('awaiting_shipment')

    const page = await (await s.storefront(`/invoices/${order.id}`, { headers: { accept: 'text/html' } })).text()
    expect(page).toContain('awaiting shipment')
    expect(page).not.toContain('not delivered')
    expect(page).not.toContain('/_emulator')

    const cookie = await dashboardCookie(s.emu.app)
    const detail = await dashboardPage(s.emu.app, `/orders/${order.id}`, cookie)
    expect(detail).toContain('awaiting shipment')
    expect(detail).toContain('<a href="#tracking-code">add its tracking</a>')
    expect(detail).not.toContain('Retry delivery')
    const list = await dashboardPage(s.emu.app, '/orders', cookie)
    const row = list.match(new RegExp(`<tr data-order="${order.orderNumber}">[\\s\\S]*?</tr>`))![0]
    expect(row).toContain('awaiting shipment')

    expect((await s.post(`/_emulator/orders/${order.id}/tracking`, { code: 'TRK-1', carrier: 'UPS' })).status).toBe(200)
    const shipped = await s.apiOrder(order.id)
    expect(shipped.status).toBe('completed')
    expect(shipped.items[0].delivery).toMatchObject({ status: 'delivered', tracking: [{ code: 'TRK-1' }] })
    const after = await dashboardPage(s.emu.app, `/orders/${order.id}`, cookie)
    expect(after).not.toContain('awaiting shipment')
  })

  it('still offers Retry delivery for a line that failed', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'prod_demo_dynamic', quantity: 1 }] })
    await s.pay(order.id)
    expect((await s.apiOrder(order.id)).items[0].delivery.status).toBe('undelivered')
    expect(await dashboardPage(s.emu.app, `/orders/${order.id}`)).toContain('Retry delivery')
  })
})
