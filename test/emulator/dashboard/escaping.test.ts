import { describe, expect, it } from 'vitest'
import { TEST_KEY, testEmulator } from '../../helpers/emulator.js'
import { safeUrl, linksIn } from '../../../src/emulator/pages/format.js'

const XSS = '<img src=x onerror=alert(1)>'
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;'

async function login(emu: Awaited<ReturnType<typeof testEmulator>>) {
  const res = await emu.app.request('/_dashboard/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams({ key: TEST_KEY }).toString(),
  })
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

describe('pages escape merchant- and customer-supplied text', () => {
  it('never lets a product, bundle, customer or order value become markup', async () => {
    const emu = await testEmulator()
    const product = await (
      await emu.request('/api/v1/products', {
        method: 'POST',
        json: { name: XSS, description: `"><script>alert(2)</script>`, price: 5, type: 'Serial', status: 'Live' },
      })
    ).json()
    expect(
      (
        await emu.request(`/_emulator/products/${product.id}/fulfilment`, {
          method: 'PUT',
          json: { serials: [`${XSS}-code`], deliveryMessage: `</textarea>${XSS}` },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await emu.request('/api/v1/groups', {
          method: 'POST',
          json: { name: XSS, description: XSS, productIds: [product.id] },
        })
      ).status,
    ).toBe(201)
    const checkout = await emu.app.request('/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ productId: product.productId, quantity: 1 }],
        email: 'xss@example.com',
        name: XSS,
        customFields: { note: XSS },
      }),
    })
    expect(checkout.status).toBe(201)
    const { order, invoiceUrl } = await checkout.json()
    expect((await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: {} })).status).toBe(200)
    const cookie = await login(emu)

    const pages = [
      '/storefront/demo',
      `/storefront/demo/p/${product.productId}`,
      `/storefront/demo/checkout?product=${product.productId}`,
      new URL(invoiceUrl).pathname,
      '/_dashboard/products',
      '/_dashboard/orders',
      `/_dashboard/orders/${order.id}`,
      '/_dashboard/customers',
    ]
    for (const path of pages) {
      const res = await emu.app.request(path, { headers: { cookie } })
      const html = await res.text()
      expect(res.status, path).toBe(200)
      expect(html, path).not.toContain(XSS)
      expect(html, path).not.toContain('<script>alert(2)')
      expect(html, path).not.toContain(`</textarea>${XSS}`)
      expect(html, path).toContain(ESCAPED)
    }
  })

  it('keeps JSON in attributes quoted (the mystery opens the verifier reads)', async () => {
    const emu = await testEmulator()
    const checkout = await emu.app.request('/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        items: [{ productId: 'rec_demoMystery01', quantity: 1 }],
        email: 'a@example.com',
        customFields: { __mysteryClientSeed: `"'><b>x</b>` },
      }),
    })
    const { order, invoiceUrl } = await checkout.json()
    await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: {} })
    const html = await (await emu.app.request(new URL(invoiceUrl).pathname)).text()
    expect(html).not.toContain('<b>x</b>')
    const attribute = /data-open="([^"]*)"/.exec(html)![1]
    const decoded = attribute
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&')
    expect(JSON.parse(decoded).clientSeed).toBe(`"'><b>x</b>`)
  })
})

describe('safeUrl', () => {
  it.each([
    ['https://files.example.com/a.zip', 'https://files.example.com/a.zip'],
    ['http://127.0.0.1:4011/x', 'http://127.0.0.1:4011/x'],
    ['/storefront/demo', '/storefront/demo'],
    ['javascript:alert(1)', undefined],
    [' JavaScript:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['//evil.example/x', undefined],
    ['not a url', undefined],
    [42, undefined],
  ])('%s -> %s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected)
  })

  it('finds only http(s) links in dynamic content', () => {
    expect(linksIn({ text: 'see https://a.example/x, or javascript:alert(1)', links: ['http://b.example/y'] })).toEqual(
      ['https://a.example/x', 'http://b.example/y'],
    )
  })
})
