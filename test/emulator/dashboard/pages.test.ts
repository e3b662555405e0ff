import { describe, expect, it } from 'vitest'
import { InvoiceSchema } from '../../../src/contract/storefront.js'
import { GroupSchema } from '../../../src/contract/groups.js'
import { TEST_KEY, testEmulator } from '../../helpers/emulator.js'

async function buy(emu: Awaited<ReturnType<typeof testEmulator>>, productId: string, quantity = 1) {
  const res = await emu.app.request('/storefront/demo/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://shop.example' },
    body: JSON.stringify({ items: [{ productId, quantity }], email: 'buyer@example.com' }),
  })
  expect(res.status).toBe(201)
  return (await res.json()) as { order: { id: string; orderNumber: string }; invoiceUrl: string }
}

describe('storefront pages', () => {
  it.each([
    ['/storefront/demo', 'Mystery Box'],
    ['/storefront/demo/p/rec_demoMystery01', 'Odds and commitment'],
    ['/storefront/demo/checkout?product=rec_demoMystery01&quantity=2', 'Client seed'],
    ['/storefront/demo/checkout?group=grp_demo_bundle', 'Gamer Bundle'],
  ])('renders %s as HTML with the page headers', async (path, text) => {
    const emu = await testEmulator()
    const res = await emu.app.request(path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await res.text()
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain(text)
  })

  it("publishes a mystery box's commitment and pool version on its page, never the seed", async () => {
    const emu = await testEmulator()
    const product = await (await emu.app.request('/storefront/demo/products/rec_demoMystery01')).json()
    const html = await (await emu.app.request('/storefront/demo/p/rec_demoMystery01')).text()
    expect(html).toContain(product.mystery.commitment)
    const demo = emu.services.storefront.shop('demo')
    expect(html).not.toContain(emu.services.catalogue.mysterySeed(demo, 'prod_demo_mystery')!)
  })

  it('answers 404 pages for Draft products, unknown shops and InfoCard checkouts refuse with 400', async () => {
    const emu = await testEmulator()
    expect((await emu.app.request('/storefront/demo/p/rec_demoDraft0001')).status).toBe(404)
    expect((await emu.app.request('/storefront/nope')).status).toBe(404)
    expect((await emu.app.request('/storefront/demo/checkout?product=rec_demoInfoCard1')).status).toBe(400)
  })

  it('keeps blacklisted visitors out of the pages as out of the JSON storefront', async () => {
    const emu = await testEmulator()
    const res = await emu.app.request('/storefront/demo', { headers: { 'x-forwarded-for': '203.0.113.66' } })
    expect(res.status).toBe(403)
    expect(res.headers.get('content-type')).toContain('text/html')
  })

  it('serves the invoice as a page, or as JSON when asked for JSON', async () => {
    const emu = await testEmulator()
    const { order, invoiceUrl } = await buy(emu, 'rec_demoSerial001', 2)
    await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: {} })
    const path = new URL(invoiceUrl).pathname

    const page = await emu.app.request(path, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } })
    expect(page.headers.get('content-type')).toContain('text/html')
    const html = await page.text()
    expect(html).toContain('Copy all codes')
    expect(html).toContain(`href="${path}/codes.txt"`)
    expect((await emu.app.request(path)).headers.get('content-type')).toContain('text/html') // curl's */*

    for (const init of [{ headers: { accept: 'application/json' } }, undefined]) {
      const res = await emu.app.request(init ? path : `${path}?format=json`, init)
      expect(res.headers.get('content-type')).toContain('application/json')
      const invoice = InvoiceSchema.parse(await res.json())
      expect(invoice.items[0].delivery.codes).toHaveLength(2)
      for (const code of invoice.items[0].delivery.codes!) expect(html).toContain(code)
    }
    const codes = await (await emu.app.request(`${path}/codes.txt`)).text()
    expect(codes.trim().split('\n')).toHaveLength(2)
  })

  it('does not open an invoice by its guessable order number', async () => {
    const emu = await testEmulator()
    const { order } = await buy(emu, 'rec_demoSerial001')
    const res = await emu.app.request(`/storefront/demo/invoices/${order.orderNumber}`)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('text/html')
    const json = await emu.app.request(`/storefront/demo/invoices/${order.orderNumber}`, {
      headers: { accept: 'application/json' },
    })
    expect(json.status).toBe(404)
    expect(await json.json()).toEqual({ error: expect.any(String) })
  })
})

describe('invoice deliveries', () => {
  it("shows download links and a dynamic endpoint's answer with its links, as text", async () => {
    const answer = 'Your account is ready: https://app.example/login?u=7 <b>not bold</b>'
    const emu = await testEmulator({
      fetch: async () => new Response(answer, { headers: { 'content-type': 'text/plain' } }),
    })
    const res = await emu.app.request('/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [
          { productId: 'rec_demoDynamic01', quantity: 1 },
          { productId: 'rec_demoDigital01', quantity: 1 },
        ],
        email: 'dyn@example.com',
      }),
    })
    const { order, invoiceUrl } = await res.json()
    await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: {} })
    const path = new URL(invoiceUrl).pathname
    await expect
      .poll(
        async () =>
          (await (await emu.app.request(path, { headers: { accept: 'application/json' } })).json()).items[0].delivery
            .status,
      )
      .toBe('delivered')
    const html = await (await emu.app.request(path)).text()
    expect(html).toContain('Your account is ready: https://app.example/login?u=7 &lt;b&gt;not bold&lt;/b&gt;')
    expect(html).toContain('<a href="https://app.example/login?u=7" rel="noopener noreferrer" target="_blank">')
    expect(html).toContain(
      '<a href="https://files.example.com/templates.zip" rel="noopener noreferrer" target="_blank">templates.zip</a>',
    )
  })
})

describe('dashboard products page', () => {
  it('shows the mystery commitment and pool version, never the server seed', async () => {
    const emu = await testEmulator()
    const login = await emu.app.request('/_dashboard/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams({ key: TEST_KEY }).toString(),
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]
    const html = await (await emu.app.request('/_dashboard/products', { headers: { cookie } })).text()
    const demo = emu.services.storefront.shop('demo')
    expect(html).toContain(emu.services.catalogue.setup(demo, 'prod_demo_mystery').mystery!.commitment)
    expect(html).not.toContain(emu.services.catalogue.mysterySeed(demo, 'prod_demo_mystery')!)
    expect(html).toContain('10 unused codes')
  })
})

describe('embed', () => {
  it('serves /embed.js and /embed.css to any origin', async () => {
    const emu = await testEmulator()
    const js = await emu.app.request('/embed.js', { headers: { origin: 'http://shop.example' } })
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(js.headers.get('access-control-allow-origin')).toBe('*')
    expect(await js.text()).toContain('data-service-store')
    const css = await emu.app.request('/embed.css')
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(await css.text()).toContain('.sstore-modal')
  })

  it('lets a foreign page check out through CORS', async () => {
    const emu = await testEmulator()
    const preflight = await emu.app.request('/storefront/demo/checkout', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type')
    const res = await emu.app.request('/storefront/demo/checkout', {
      method: 'POST',
      headers: { origin: 'http://shop.example', 'content-type': 'application/json' },
      body: JSON.stringify({ groupId: 'grp_demo_bundle', email: 'embed@example.com', gateway: 'wallet' }),
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('reads a bundle for the modal', async () => {
    const emu = await testEmulator()
    const res = await emu.app.request('/storefront/demo/groups/grp_demo_bundle', {
      headers: { origin: 'http://shop.example' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const group = GroupSchema.parse(await res.json())
    expect(group.products.map((p) => p.productId)).toEqual(['rec_demoSerial001', 'rec_demoMystery01'])
    const missing = await emu.app.request('/storefront/demo/groups/nope')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'group not found: nope' })
  })
})
