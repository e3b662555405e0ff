// The pages in chromium where layout and scripts matter: the dashboard's tables at 1280 px, a
// themed storefront, the checkout's total following its quantity, the embed's refusals in the
// buyer's words and the Live events page opening with the latest events.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TEST_KEY } from '../helpers/emulator.js'
import {
  launchBrowser,
  logIn,
  screenshot,
  startEmulatorServer,
  startExampleSite,
  startReceiver,
  watchErrors,
} from './harness.js'
import { scaled } from '../helpers/time-scale.js'

let browser: Awaited<ReturnType<typeof launchBrowser>>

beforeEach(async () => {
  browser = await launchBrowser({ width: 1280, height: 900 })
}, scaled(30_000))

afterEach(async () => {
  await browser?.close()
})

describe('pages at 1280 px in chromium', () => {
  it(
    'keep the webhook log actions in view and order numbers on one line; open Live events with the latest events',
    async () => {
      const emulator = await startEmulatorServer()
      const receiver = await startReceiver()
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      try {
        const api = (path: string, json: unknown) =>
          fetch(`${emulator.origin}${path}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
            body: JSON.stringify(json),
          })
        // A long endpoint URL, as real ones are, and orders whose items fill their cells.
        const url = `${receiver.url}/a-rather-long-path/for-the-webhooks-of-this-shop?token=${'x'.repeat(60)}`
        expect((await api('/_emulator/webhooks', { url, events: ['order:created', 'order:paid'] })).status).toBe(201)
        for (let n = 0; n < 3; n++) {
          const res = await fetch(`${emulator.origin}/storefront/demo/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              groupId: 'grp_demo_bundle',
              email: `buyer${n}@example.com`,
              name: 'Maximilian Mustermann',
            }),
          })
          expect(res.status).toBe(201)
        }
        await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(3)

        await logIn(page, emulator.origin, TEST_KEY)
        await page.goto(`${emulator.origin}/_dashboard/webhooks`)
        await page.locator('tr[data-delivery]').first().waitFor()
        await screenshot(page, 'dashboard-webhooks-1280')
        const clipped = await page.evaluate(() => {
          const wrap = document.querySelector('tr[data-delivery]')!.closest('.table-wrap')!
          const edge = wrap.getBoundingClientRect().right
          return {
            scrolls: wrap.scrollWidth > wrap.clientWidth,
            outside: [
              ...document.querySelectorAll('tr[data-delivery] td:last-child a, tr[data-delivery] td:last-child button'),
            ]
              .map((el) => el.getBoundingClientRect().right)
              .filter((right) => right > edge).length,
          }
        })
        expect(clipped).toEqual({ scrolls: false, outside: 0 })

        await page.goto(`${emulator.origin}/_dashboard/orders`)
        await screenshot(page, 'dashboard-orders-1280')
        const wrapped = await page.evaluate(() =>
          [...document.querySelectorAll('tr[data-order] td:first-child a')]
            .filter((a) => a.getClientRects().length !== 1 || a.getBoundingClientRect().height > 30)
            .map((a) => a.textContent),
        )
        expect(wrapped).toEqual([])

        await page.goto(`${emulator.origin}/_dashboard/events`)
        expect(await page.locator('#feed li[data-kind="order:created"]').count()).toBeGreaterThanOrEqual(3)
        expect(await page.locator('#feed-empty').isHidden()).toBe(true)
        await page.locator('#feed-status', { hasText: 'connected' }).waitFor()
        const before = await page.locator('#feed li').count()
        await api('/_emulator/orders/ORD-2/pay', {})
        await page.locator('#feed li[data-kind="order:paid"]').first().waitFor()
        // The stream went on from the newest shown: nothing shown twice.
        const sequences = await page.locator('#feed li .muted.small').allTextContents()
        expect(new Set(sequences).size).toBe(sequences.length)
        expect(sequences.length).toBeGreaterThan(before)
        expect(errors).toEqual([])
      } finally {
        await receiver.close()
        await emulator.close()
      }
    },
    scaled(90_000),
  )

  it(
    'render the theme, keep the checkout total in step with the quantity, and word embed refusals for the buyer',
    async () => {
      const emulator = await startEmulatorServer()
      const site = await startExampleSite(emulator.origin)
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      try {
        const res = await fetch(`${emulator.origin}/api/v1/themes/default`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            config: {
              colors: { primary: '#aa0055' },
              layout: { productColumns: 2 },
              components: { announcementBar: { enabled: true, text: 'Free shipping this week' } },
            },
            files: { 'custom.css': 'h1 { letter-spacing: 3px; }' },
          }),
        })
        expect(res.status).toBe(200)
        await page.goto(`${emulator.origin}/storefront/demo`)
        await screenshot(page, 'storefront-themed')
        const look = await page.evaluate(() => ({
          columns: getComputedStyle(document.querySelector('.grid.products')!).gridTemplateColumns.split(' ').length,
          link: getComputedStyle(document.querySelector('.card h2 a')!).color,
          h1: getComputedStyle(document.querySelector('h1')!).letterSpacing,
          bar: document.querySelector('.announcement')?.textContent,
        }))
        expect(look).toEqual({ columns: 2, link: 'rgb(170, 0, 85)', h1: '3px', bar: 'Free shipping this week' })

        await page.goto(`${emulator.origin}/storefront/demo/checkout?product=rec_demoSerial001&quantity=1`)
        const total = page.locator('[data-total]')
        expect(await total.textContent()).toBe('USD 9.50')
        await page.getByLabel('Quantity').fill('4')
        await expect.poll(() => total.textContent()).toBe('USD 38.00')

        // The embed on a foreign origin: an expired coupon is refused in the form's words.
        await page.goto(site.origin)
        await page.click('#buy-key')
        const dialog = page.locator('.sstore-modal[role="dialog"]')
        await dialog.locator('form').waitFor()
        await dialog.getByLabel('E-mail').fill('buyer@example.com')
        await dialog.getByLabel('Coupon (optional)').fill('SUMMER25')
        await dialog.getByRole('button', { name: 'Place order' }).click()
        const alert = dialog.locator('.sstore-error')
        await expect.poll(() => alert.textContent()).toMatch(/^Coupon: /)
        expect(await alert.textContent()).not.toContain('couponCode')
        await screenshot(page, 'embed-refusal')
        expect(errors).toEqual([])
      } finally {
        await site.close()
        await emulator.close()
      }
    },
    scaled(90_000),
  )
})
