// The API reference and the request inspector in a real browser (Debian's chromium through
// playwright-core): the reference rendered offline from the emulator's own document, "Try it out"
// with the dashboard session, and the Requests page showing, live, the requests a client just made.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TEST_KEY } from '../helpers/emulator.js'
import { launchBrowser, logIn, screenshot, startEmulatorServer, watchErrors } from './harness.js'
import { scaled } from '../helpers/time-scale.js'

let browser: Awaited<ReturnType<typeof launchBrowser>>

beforeEach(async () => {
  browser = await launchBrowser()
}, scaled(30_000))

afterEach(async () => {
  await browser?.close()
})

function api(origin: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  return fetch(`${origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', ...init.headers },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
}

describe('the API reference and the Requests page in chromium', () => {
  it(
    'shows the requests a client just made, live, with their reasons, and runs "Try it out" as the signed-in user',
    async () => {
      const emulator = await startEmulatorServer()
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      // Everything the pages load comes from the emulator itself: the reference works offline.
      const foreign: string[] = []
      page.on('request', (request) => {
        if (!request.url().startsWith(emulator.origin) && !request.url().startsWith('data:'))
          foreign.push(request.url())
      })
      try {
        const refused = await api(emulator.origin, '/api/v1/coupons', {
          method: 'POST',
          json: { code: 'SPRING', type: 'percentage', value: 150 },
        })
        expect(refused.status).toBe(400)
        await logIn(page, emulator.origin, TEST_KEY)

        await page.goto(`${emulator.origin}/_dashboard/requests`)
        const first = page.locator('tr[data-request="req_1"]')
        await expect.poll(() => first.textContent()).toContain('/api/v1/coupons')
        expect(await first.textContent()).toContain('value: must be at most 100 for a percentage coupon')
        await page.locator('#tail-status.ok').waitFor()

        // The live tail: a request made while the page is open appears on top without a reload.
        expect((await api(emulator.origin, '/api/v1/orders/ORD-404')).status).toBe(404)
        const live = page.locator('tbody tr').first()
        await expect.poll(() => live.getAttribute('data-request')).toBe('req_2')
        expect(await live.textContent()).toContain('order not found: ORD-404')
        await screenshot(page, 'dashboard-requests')

        await page.locator('tr[data-request="req_1"] a').click()
        await page.locator('[data-reason]').waitFor()
        expect(await page.locator('[data-reason]').textContent()).toBe(
          'value: must be at most 100 for a percentage coupon',
        )
        expect(await page.locator('#request-body').textContent()).toContain('"code": "SPRING"')
        expect(await page.content()).not.toContain(TEST_KEY)
        await screenshot(page, 'dashboard-request-detail')

        await page.goto(`${emulator.origin}/_dashboard/reference`)
        const list = page.locator('#operations-products-listProducts')
        await list.waitFor()
        await screenshot(page, 'dashboard-reference')
        await list.locator('.opblock-summary').click()
        await list.locator('.try-out__btn').click()
        await list.locator('button.execute').click()
        const status = list.locator('.live-responses-table .response .response-col_status')
        await expect.poll(() => status.textContent()).toContain('200')
        expect(await list.locator('.live-responses-table .response .microlight').first().textContent()).toContain(
          '"products"',
        )
        await screenshot(page, 'dashboard-reference-try-it')

        await page.goto(`${emulator.origin}/_dashboard/reference?doc=control`)
        await page.locator('#operations-requests-listRequests').waitFor()

        await page.goto(`${emulator.origin}/_dashboard/requests?method=GET&path=/api/v1/products`)
        const tried = page.locator('tbody tr').first()
        await expect.poll(() => tried.textContent()).toContain('/api/v1/products')
        expect(await page.locator('tbody tr').count()).toBe(1)

        await page.setViewportSize({ width: 375, height: 740 })
        for (const path of ['/_dashboard/requests', '/_dashboard/requests/req_1', '/_dashboard/reference']) {
          await page.goto(`${emulator.origin}${path}`)
          if (path.endsWith('reference')) await page.locator('.opblock').first().waitFor()
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0)
        }
        await screenshot(page, 'dashboard-reference-375')
        expect(foreign).toEqual([])
        expect(errors).toEqual([])
      } finally {
        await emulator.close()
      }
    },
    scaled(120_000),
  )
})
