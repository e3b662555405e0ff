import { describe, expect, it } from 'vitest'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'
import type { TestEmulator } from './helpers.js'

/**
 * Security: every page of the storefront and the dashboard escapes every string a
 * merchant or a customer can supply. Each such field gets markup that would run if it were pasted
 * raw (a script, an attribute break-out, a </style> break-out), then every page is fetched and
 * searched for the raw markup. test/emulator/dashboard/escaping.test.ts covers a few fields; this
 * goes through all of them, error pages and answers of merchant endpoints included.
 */

const SCRIPT = '<script>alert(1)</script>'
const ATTRIBUTE = '"><img src=x onerror=alert(1)>'
const STYLE = '</style><script>alert(2)</script>'
const XSS = `${SCRIPT}${ATTRIBUTE}${STYLE}`
/** Markup that must never reach a page unescaped, in either case (coupon codes are uppercased). */
const RAW = ['<script>alert(', '<img src=x onerror', '</style><script>', `${ATTRIBUTE.slice(0, 6)}`, "o'neil"].flatMap(
  (s) => [s, s.toUpperCase()],
)
/** What the escaped payload looks like: the page did render the field. */
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;'

const SHOP = 'xss'
const DYNAMIC_TEXT = 'http://dynamic.test/text'
const DYNAMIC_JSON = 'http://dynamic.test/json'
const HOOK = `http://hook.test/${ATTRIBUTE}`

/** Merchant endpoints answer with markup too: the Dynamic delivery and the webhook receiver's body. */
const merchantEndpoints: typeof fetch = async (input) => {
  const url = String(input instanceof Request ? input.url : input)
  if (url.startsWith(DYNAMIC_TEXT))
    return new Response(`${XSS} https://example.com/${ATTRIBUTE}`, { headers: { 'content-type': 'text/html' } })
  if (url.startsWith(DYNAMIC_JSON))
    return Response.json({
      username: XSS,
      [XSS]: XSS,
      links: [`javascript:alert(1)//${ATTRIBUTE}`, `https://example.com/?q=${ATTRIBUTE}`],
    })
  if (url.startsWith('http://hook.test/'))
    return new Response(XSS, { status: 500, headers: { 'content-type': 'text/html' } })
  throw new Error(`unexpected fetch ${url}`)
}

async function json<T = any>(
  emu: TestEmulator,
  path: string,
  init: RequestInit & { json?: unknown } = {},
  expected = [200, 201],
): Promise<T> {
  const headers = new Headers(init.headers)
  if (!headers.has('x-service-shop')) headers.set('x-service-shop', SHOP)
  const res = await emu.request(path, { ...init, headers })
  const body = await res.json()
  if (!expected.includes(res.status))
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${JSON.stringify(body)}`)
  return body as T
}
const post = (emu: TestEmulator, path: string, body?: unknown) => json(emu, path, { method: 'POST', json: body })
const put = (emu: TestEmulator, path: string, body: unknown) => json(emu, path, { method: 'PUT', json: body })

/** A shop whose every merchant- and customer-supplied string carries the payload. */
async function hostileShop() {
  const emu = await testEmulator({ fetch: merchantEndpoints })
  await json(emu, '/_emulator/shops', {
    method: 'POST',
    json: { name: XSS, slug: SHOP },
    headers: { 'x-service-shop': 'demo' },
  })
  await post(emu, '/_emulator/keys', { name: XSS })
  await put(emu, '/api/v1/themes/default', {
    config: { name: XSS, [XSS]: XSS },
    files: { 'custom.css': `body{} ${STYLE} ${XSS}` },
  })
  await post(emu, '/_emulator/webhooks', { url: HOOK, events: ['order:paid', 'query:created'] })

  const product = async (type: string, extra: Record<string, unknown>, setup?: Record<string, unknown>) => {
    const created = await post(emu, '/api/v1/products', {
      name: `${type} ${XSS}`,
      description: `${XSS}\n${type}`,
      price: 10,
      type,
      status: 'Live',
      ...extra,
    })
    if (setup) await put(emu, `/_emulator/products/${created.id}/fulfilment`, setup)
    return created as { id: string; productId: string; type: string }
  }
  const products = [
    await product('Serial', {}, { serials: [`${SCRIPT}-1`, `${ATTRIBUTE}-2`, `${STYLE}-3`], deliveryMessage: XSS }),
    await product(
      'Digital',
      {},
      {
        files: [
          { name: XSS, url: `https://example.com/${ATTRIBUTE}` },
          { name: 'js', url: 'https://example.com/a.zip' },
        ],
        deliveryMessage: XSS,
      },
    ),
    await product('Physical', { stock: 50 }, { deliveryMessage: XSS }),
    await product('Service', {}, { deliveryMessage: XSS }),
    await product(
      'Subscription',
      {},
      { deliveryMessage: XSS, subscription: { interval: 'MONTH', intervalCount: 1, trialDays: 0 } },
    ),
    await product(
      'MysteryBox',
      {},
      {
        mystery: {
          outcomes: [
            { name: `A ${XSS}`, weight: 1, stock: 5, codes: [`${SCRIPT}a`, `${ATTRIBUTE}b`, `${STYLE}c`, 'd', 'e'] },
            { name: `B ${XSS}`, weight: 1, stock: null },
          ],
        },
      },
    ),
    await product('Dynamic', {}, { dynamicWebhookUrl: DYNAMIC_TEXT }),
    await product('Dynamic', {}, { dynamicWebhookUrl: DYNAMIC_JSON }),
    await product('InfoCard', {}),
  ]
  const buyable = products.filter((p) => p.type !== 'InfoCard')
  const group = await post(emu, '/api/v1/groups', {
    name: XSS,
    description: XSS,
    image: `https://example.com/${ATTRIBUTE}.png`,
    productIds: buyable.map((p) => p.id),
  })
  await post(emu, '/api/v1/categories', { name: XSS, productIds: products.map((p) => p.id), groupIds: [group.id] })
  // Coupon codes hold only letters, digits, "-" and "_": markup cannot become a code at all.
  for (const code of [SCRIPT, ATTRIBUTE, STYLE])
    await json(emu, '/api/v1/coupons', { method: 'POST', json: { code, type: 'fixed', value: 1 } }, [400])
  await post(emu, '/api/v1/coupons', { code: 'XSS-1', type: 'fixed', value: 1 })
  await post(emu, '/api/v1/coupons', { code: 'XSS_2', type: 'percentage', value: 5 })
  await post(emu, '/api/v1/blacklists', { type: 'EMAIL', value: 'blocked@example.com', reason: XSS })

  const checkout = async (body: Record<string, unknown>) => {
    const res = await emu.app.request(`/storefront/${SHOP}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await res.json()) as { order: { id: string; orderNumber: string }; invoiceUrl: string }
    if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(answer)}`)
    return answer
  }
  const buyer = {
    email: "o'neil+x@example.com",
    name: XSS,
    gateway: ATTRIBUTE,
    customFields: { note: XSS, [XSS]: XSS, nested: { deep: XSS }, __mysteryClientSeed: ATTRIBUTE },
  }
  const orders = [
    await checkout({
      ...buyer,
      items: buyable.map((p) => ({ productId: p.productId, quantity: 1 })),
      couponCode: 'xss-1',
    }),
    await checkout({ ...buyer, groupId: group.id, couponCode: 'xss_2' }),
    await checkout({ ...buyer, items: [{ productId: products[2].productId, quantity: 2 }] }),
  ]
  for (const { order } of orders.slice(0, 2)) await post(emu, `/_emulator/orders/${order.id}/pay`, {})
  for (const { order } of orders.slice(0, 2))
    await post(emu, `/_emulator/orders/${order.id}/tracking`, {
      code: `${SCRIPT}${ATTRIBUTE}`.slice(0, 100),
      carrier: `${STYLE}${ATTRIBUTE}`.slice(0, 100),
    })
  await emu.services.events.worker.idle()

  const feedback = await emu.app.request(`/storefront/${SHOP}/invoices/${orders[0].order.id}/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rating: 1, comment: XSS }),
  })
  expect(feedback.status).toBe(201)
  const query = await emu.app.request(`/storefront/${SHOP}/queries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: buyer.email, subject: XSS, message: XSS, orderId: orders[0].order.id }),
  })
  expect(query.status).toBe(201)
  await post(emu, `/_emulator/queries/${((await query.json()) as { id: string }).id}/reply`, { message: XSS })
  await emu.services.events.worker.idle()
  const deliveries = (await json<{ deliveries: { id: string }[] }>(emu, '/_emulator/webhooks/logs')).deliveries
  expect(deliveries.length).toBeGreaterThan(0)
  return { emu, products, group, orders, deliveries }
}

async function dashboardCookie(emu: TestEmulator): Promise<string> {
  const res = await emu.app.request('/_dashboard/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams({ key: TEST_KEY }).toString(),
  })
  expect(res.status).toBe(303)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}

describe('pages escape every merchant- and customer-supplied string', () => {
  it('shows no raw markup on any storefront or dashboard page, error pages included', async () => {
    const { emu, products, group, orders, deliveries } = await hostileShop()
    // The paid mystery line revealed outcomes and codes, the dynamic lines the endpoints' answers.
    const paid = await json(emu, `/api/v1/orders/${orders[0].order.id}`)
    expect(JSON.stringify(paid)).toContain(`${SCRIPT}-1`)
    expect(
      paid.items.filter((i: { delivery: { status: string } }) => i.delivery.status === 'delivered').length,
    ).toBeGreaterThanOrEqual(6)

    const cookie = await dashboardCookie(emu)
    const bad = encodeURIComponent(XSS)
    const storefront = [
      `/storefront/${SHOP}`,
      ...products.map((p) => `/storefront/${SHOP}/p/${p.productId}`),
      ...products
        .filter((p) => p.type !== 'InfoCard')
        .map((p) => `/storefront/${SHOP}/checkout?product=${p.productId}&quantity=2`),
      `/storefront/${SHOP}/checkout?group=${group.id}`,
      ...orders.map((o) => new URL(o.invoiceUrl).pathname),
      // Error pages name what was asked for.
      `/storefront/${bad}`,
      `/storefront/${SHOP}/p/${bad}`,
      `/storefront/${SHOP}/invoices/${bad}`,
      `/storefront/${SHOP}/checkout?product=${bad}`,
      `/storefront/${SHOP}/checkout?group=${bad}`,
      `/storefront/${SHOP}/checkout?product=${products.at(-1)!.productId}`,
    ]
    const q = `?shop=${SHOP}`
    const dashboard = [
      `/_dashboard${q}`,
      `/_dashboard/products${q}`,
      `/_dashboard/orders${q}`,
      ...orders.map((o) => `/_dashboard/orders/${o.order.id}${q}`),
      `/_dashboard/customers${q}`,
      `/_dashboard/subscriptions${q}`,
      `/_dashboard/webhooks${q}`,
      ...deliveries.map((d) => `/_dashboard/webhooks/logs/${d.id}${q}`),
      `/_dashboard/queries${q}`,
      `/_dashboard/events${q}`,
      `/_dashboard/orders/${bad}${q}`,
      `/_dashboard/webhooks/logs/${bad}${q}`,
      `/_dashboard/products?shop=${bad}`,
    ]
    const rendered: string[] = []
    for (const path of [...storefront, ...dashboard]) {
      const res = await emu.app.request(path, { headers: { cookie, accept: 'text/html' } })
      const html = await res.text()
      expect(res.status, path).toBeLessThan(500)
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/)
      expect(res.headers.get('content-security-policy'), path).toMatch(/script-src 'self'/)
      for (const raw of RAW) expect(html, `${path} holds ${raw} unescaped`).not.toContain(raw)
      if (html.includes(ESCAPED)) rendered.push(path)
    }
    // The fields did reach the pages (escaped): the check above is not vacuous.
    for (const path of [
      `/storefront/${SHOP}`,
      `/storefront/${SHOP}/p/${products[0].productId}`,
      new URL(orders[0].invoiceUrl).pathname,
      `/_dashboard/products${q}`,
      `/_dashboard/orders/${orders[0].order.id}${q}`,
      `/_dashboard/customers${q}`,
      `/_dashboard/queries${q}`,
      `/_dashboard/webhooks/logs/${deliveries[0].id}${q}`,
      `/_dashboard${q}`,
    ]) {
      expect(rendered, path).toContain(path)
    }
  })

  it("escapes the login page's next field and the login error", async () => {
    const emu = await testEmulator()
    const next = encodeURIComponent(`/_dashboard/${ATTRIBUTE}${SCRIPT}`)
    const page = await (await emu.app.request(`/_dashboard/login?next=${next}`)).text()
    const failed = await emu.app.request('/_dashboard/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams({ key: XSS, next: `/_dashboard/${ATTRIBUTE}${SCRIPT}` }).toString(),
    })
    expect(failed.status).toBe(401)
    for (const html of [page, await failed.text()]) for (const raw of RAW) expect(html).not.toContain(raw)
  })

  it('serves codes.txt and the embed as plain text and script, never as HTML', async () => {
    const { emu, orders } = await hostileShop()
    const res = await emu.app.request(`${new URL(orders[0].invoiceUrl).pathname}/codes.txt`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await res.text()).toContain(`${SCRIPT}-1`)
  })
})
