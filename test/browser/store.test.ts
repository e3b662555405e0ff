// The emulator's pages in a real browser (Debian's chromium, playwright-core): buying through the
// embed on a foreign origin, paying from the dashboard, the deliveries and a passing mystery
// verification on the invoice, webhooks, and keyboard use of the embed at phone width.
// Screenshots of every page go to test-output/screenshots/.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
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

type Started<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>

// A fresh chromium profile per test: no cookie or storage crosses from one emulator to the next.
let browser: Started<typeof launchBrowser>

beforeEach(async () => {
  browser = await launchBrowser()
}, scaled(30_000))

afterEach(async () => {
  await browser?.close()
})

/** Opens the embed's modal from a button of the example page and checks out; returns the invoice URL. */
async function buyThroughEmbed(
  page: Page,
  trigger: string,
  fill: { quantity?: number; gateway?: string; email: string; name?: string; seed?: string },
  shotName?: string,
) {
  await page.click(trigger)
  const dialog = page.locator('.sstore-modal[role="dialog"]')
  await dialog.locator('form').waitFor()
  if (fill.quantity !== undefined) await dialog.getByLabel('Quantity').fill(String(fill.quantity))
  if (fill.gateway) await dialog.locator(`input[type="radio"][value="${fill.gateway}"]`).check()
  await dialog.getByLabel('E-mail').fill(fill.email)
  if (fill.name) await dialog.getByLabel('Name (optional)').fill(fill.name)
  if (fill.seed) await dialog.getByLabel('Client seed (optional)').fill(fill.seed)
  if (shotName) await screenshot(page, `${shotName}-form`)
  await dialog.getByRole('button', { name: 'Place order' }).click()
  const body = dialog.locator('.sstore-body[data-order]')
  await body.waitFor()
  if (shotName) await screenshot(page, `${shotName}-done`)
  return {
    orderNumber: (await body.getAttribute('data-order'))!,
    invoiceUrl: (await body.getAttribute('data-invoice'))!,
  }
}

async function payFromDashboard(page: Page, origin: string, orderNumber: string, shotName?: string) {
  await page.goto(`${origin}/_dashboard/orders`)
  if (shotName) await screenshot(page, 'dashboard-orders')
  await page.locator(`tr[data-order="${orderNumber}"] a`).click()
  await page.locator('#pay-h').waitFor()
  await page.getByRole('button', { name: 'Mark paid' }).click()
  await page.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('Payment recorded'))
  if (shotName) await screenshot(page, shotName)
}

describe('storefront, embed, invoice and dashboard in chromium', () => {
  it(
    'buys through the embed on a foreign origin, pays from the dashboard, and shows every delivery and a passing mystery verification',
    async () => {
      const emulator = await startEmulatorServer()
      const site = await startExampleSite(emulator.origin)
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      try {
        // The merchant's page lives on another origin; the embed checks out over CORS.
        await page.goto(site.origin)
        expect(new URL(site.origin).origin).not.toBe(new URL(emulator.origin).origin)
        await page.locator('#buy-mystery.sstore-button').waitFor()
        await screenshot(page, 'embed-example-page')

        const mystery = await buyThroughEmbed(
          page,
          '#buy-mystery',
          { quantity: 3, gateway: 'wallet', email: 'buyer@example.com', name: 'Grace Hopper', seed: 'my-lucky-seed' },
          'embed-mystery',
        )
        expect(mystery.orderNumber).toMatch(/^ORD-\d+$/)
        expect(mystery.invoiceUrl.startsWith(`${emulator.origin}/storefront/demo/invoices/`)).toBe(true)
        expect(page.url()).toBe(`${site.origin}/`) // no redirect
        await page.keyboard.press('Escape')
        await expect.poll(() => page.locator('.sstore-modal').count()).toBe(0)

        const bundle = await buyThroughEmbed(page, '#buy-bundle', { email: 'buyer@example.com' }, 'embed-bundle')

        // Before payment the invoice waits; nothing is revealed.
        const invoicePage = await browser.context.newPage()
        errors.push(...watchErrors(invoicePage))
        await invoicePage.goto(mystery.invoiceUrl)
        await expect.poll(() => invoicePage.locator('.badge', { hasText: 'unpaid' }).count()).toBeGreaterThan(0)
        await screenshot(invoicePage, 'invoice-unpaid')

        // Pay both orders from the dashboard.
        const dashboard = await browser.context.newPage()
        errors.push(...watchErrors(dashboard))
        await logIn(dashboard, emulator.origin, TEST_KEY)
        await screenshot(dashboard, 'dashboard-overview')
        await payFromDashboard(dashboard, emulator.origin, mystery.orderNumber, 'dashboard-order-paid')
        await payFromDashboard(dashboard, emulator.origin, bundle.orderNumber)
        await expect.poll(() => dashboard.locator('[data-verified="passed"]').count()).toBe(1)

        // The mystery invoice: three opens, each checked by Web Crypto in the browser.
        await invoicePage.goto(mystery.invoiceUrl)
        await invoicePage.waitForSelector('html[data-verification="done"]')
        const opens = invoicePage.locator('[data-open]')
        expect(await opens.count()).toBe(3)
        for (let i = 0; i < 3; i++) {
          const open = opens.nth(i)
          expect(await open.getAttribute('data-verified')).toBe('passed')
          for (const check of ['commitment', 'nonce', 'proof', 'roll', 'walk']) {
            expect(
              await open.locator(`[data-check="${check}"]`).getAttribute('data-result'),
              `open ${i} ${check}`,
            ).toBe('passed')
          }
          expect(await open.locator('[data-check="chain"]').getAttribute('data-result')).toBe(
            i === 0 ? 'n/a' : 'passed',
          )
        }
        expect(await invoicePage.locator('[data-result="failed"]').count()).toBe(0)
        expect(
          await invoicePage.locator('[data-mystery-line] code', { hasText: 'my-lucky-seed' }).count(),
        ).toBeGreaterThan(0)
        await screenshot(invoicePage, 'invoice-mystery-verified')

        // A tampered value fails: the checks really run on what the page shows.
        await invoicePage.evaluate(() => {
          const box = document.querySelectorAll('[data-open]')[1]
          const open = JSON.parse(box.getAttribute('data-open')!)
          open.rollIndex = (open.rollIndex + 1) % open.totalWeight
          box.setAttribute('data-open', JSON.stringify(open))
          return (window as unknown as { storeVerifyInvoice: () => Promise<void> }).storeVerifyInvoice()
        })
        expect(await opens.nth(1).getAttribute('data-verified')).toBe('failed')
        expect(await opens.nth(1).locator('[data-check="roll"]').getAttribute('data-result')).toBe('failed')
        expect(await opens.nth(0).getAttribute('data-verified')).toBe('passed')

        // The bundle invoice: a serial code with copy-all and the raw codes.txt, and one more mystery open.
        await invoicePage.goto(bundle.invoiceUrl)
        await invoicePage.waitForSelector('html[data-verification="done"]')
        const codes = (await invoicePage.locator('#all-codes').inputValue()).split('\n')
        const serial = codes.filter((code) => code.startsWith('KEY-'))
        expect(serial).toHaveLength(1)
        await invoicePage.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: emulator.origin })
        await invoicePage.getByRole('button', { name: 'Copy all codes' }).click()
        expect(await invoicePage.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'))
        const codesHref = await invoicePage.getByRole('link', { name: 'Download codes.txt' }).getAttribute('href')
        const codesTxt = await (await invoicePage.request.get(new URL(codesHref!, emulator.origin).href)).text()
        expect(codesTxt).toBe(`${codes.join('\n')}\n`)
        expect(await invoicePage.locator('[data-verified="passed"]').count()).toBe(1)
        await screenshot(invoicePage, 'invoice-bundle')

        // The buyer rates the order; the merchant sees it on the dashboard.
        await invoicePage.getByLabel('Rating').selectOption('4')
        await invoicePage.getByLabel('Comment').fill('Fast delivery, <b>fair</b> roll')
        await invoicePage.getByRole('button', { name: 'Send feedback' }).click()
        await invoicePage.getByText('Thank you for your feedback.').waitFor()
        await dashboard.goto(`${emulator.origin}/_dashboard/queries`)
        expect(await dashboard.locator('td', { hasText: 'Fast delivery, <b>fair</b> roll' }).count()).toBeGreaterThan(0)
        await screenshot(dashboard, 'dashboard-queries')

        expect(errors).toEqual([])
      } finally {
        await site.close()
        await emulator.close()
      }
    },
    scaled(90_000),
  )

  it(
    'adds a webhook endpoint, simulates and resends deliveries, and streams live events on the dashboard',
    async () => {
      const emulator = await startEmulatorServer()
      const receiver = await startReceiver()
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      try {
        await logIn(page, emulator.origin, TEST_KEY)
        await page.goto(`${emulator.origin}/_dashboard/webhooks`)
        await page.getByLabel('URL').fill(receiver.url)
        await page.getByLabel('all events').check()
        await page.getByRole('button', { name: 'Add endpoint' }).click()
        await page.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('Endpoint added'))
        expect(await page.locator('tr[data-webhook] code', { hasText: receiver.url }).count()).toBe(1)

        // The live feed, in its own tab, before anything happens.
        const feed = await browser.context.newPage()
        errors.push(...watchErrors(feed))
        await feed.goto(`${emulator.origin}/_dashboard/events`)
        await feed.locator('#feed-status', { hasText: 'connected' }).waitFor()

        // The simulator sends sample data and logs it.
        await page.getByLabel('Event', { exact: true }).selectOption('order:paid')
        await page.getByRole('button', { name: 'Send test delivery' }).click()
        // The page reloads after the delivery; wait for that before navigating on.
        await page.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('Test delivery sent'))
        await expect.poll(() => receiver.received.length).toBe(1)
        expect(JSON.parse(receiver.received[0].body).event).toBe('order:paid')
        expect(receiver.received[0].headers['user-agent']).toBe('Service-Webhook/1.0')

        // A real event: pay the demo's pending order ORD-2 from the dashboard.
        await payFromDashboard(page, emulator.origin, 'ORD-2')
        await expect
          .poll(() => receiver.received.filter((r) => JSON.parse(r.body).event === 'order:paid').length)
          .toBe(2)
        await feed.locator('#feed li[data-kind="order:paid"]').first().waitFor()
        await screenshot(feed, 'dashboard-live-events')

        // The delivery log shows it; its page shows the exact payload; resend posts it again.
        await page.goto(`${emulator.origin}/_dashboard/webhooks`)
        const row = page.locator('tr[data-delivery][data-event="order:paid"]').first()
        await row.waitFor()
        await screenshot(page, 'dashboard-webhooks')
        await row.getByRole('link', { name: 'View' }).click()
        const payload = await page.locator('#payload').textContent()
        const sent = receiver.received.find((r) => r.body === payload)
        expect(sent, 'the log shows the exact body that was sent').toBeDefined()
        expect(await page.locator('[data-attempt="1"] .badge', { hasText: '200' }).count()).toBe(1)
        await screenshot(page, 'dashboard-webhook-delivery')
        const before = receiver.received.length
        await page.getByRole('button', { name: 'Resend' }).click()
        await page.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('re-sent'))
        expect(receiver.received.length).toBe(before + 1)
        expect(receiver.received.at(-1)!.body).toBe(payload)
        await page.goto(`${emulator.origin}/_dashboard/webhooks`)
        expect(await page.locator('tr[data-delivery] td', { hasText: /^resend of / }).count()).toBe(1)

        // Delete the endpoint.
        page.once('dialog', (dialog) => void dialog.accept())
        await page.locator('tr[data-webhook]').getByRole('button', { name: 'Delete' }).click()
        await page.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('Endpoint deleted'))
        expect(await page.locator('tr[data-webhook]').count()).toBe(0)
        expect(errors).toEqual([])
      } finally {
        await receiver.close()
        await emulator.close()
      }
    },
    scaled(90_000),
  )

  it(
    "checks out on the storefront pages, runs a subscription on the emulator clock and edits a product's delivery setup",
    async () => {
      const emulator = await startEmulatorServer()
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      try {
        await page.goto(`${emulator.origin}/storefront/demo`)
        await screenshot(page, 'storefront-products')
        await page.getByRole('link', { name: 'Mystery Box', exact: true }).click()
        expect(await page.locator('[data-commitment]').textContent()).toMatch(/^[0-9a-f]{64}$/)
        expect(await page.locator('[data-pool-version]').textContent()).toBe('1')
        await screenshot(page, 'storefront-product-mystery')

        // Two keys with a coupon: the product page's quantity goes to the checkout form.
        await page.goto(`${emulator.origin}/storefront/demo/p/rec_demoSerial001`)
        await page.getByLabel('Quantity').fill('2')
        await page.getByRole('button', { name: 'Buy now' }).click()
        expect(await page.getByLabel('Quantity').inputValue()).toBe('2')
        await page.getByLabel('E-mail').fill('member@example.com')
        await page.getByLabel('Coupon').fill('welcome10')
        await screenshot(page, 'storefront-checkout')
        await Promise.all([page.waitForURL(/\/invoices\//), page.getByRole('button', { name: 'Place order' }).click()])
        expect(await page.locator('h1').textContent()).toMatch(/^Invoice ORD-\d+$/)
        expect(await page.locator('dd', { hasText: 'WELCOME10' }).count()).toBe(1)

        // A subscription with a trial.
        await page.goto(`${emulator.origin}/storefront/demo/p/rec_demoSubscr001`)
        await page.getByRole('button', { name: 'Buy now' }).click()
        await page.getByLabel('E-mail').fill('member@example.com')
        await Promise.all([page.waitForURL(/\/invoices\//), page.getByRole('button', { name: 'Place order' }).click()])
        const invoiceUrl = page.url()

        // A refused checkout says why, on the page.
        await page.goto(`${emulator.origin}/storefront/demo/checkout?product=rec_demoSerial001`)
        await page.getByLabel('E-mail').fill('late@example.com')
        await page.getByLabel('Coupon').fill('SUMMER25')
        await page.getByRole('button', { name: 'Place order' }).click()
        await page.locator('#checkout-notice.bad').waitFor()
        expect(await page.locator('#checkout-notice').textContent()).toMatch(/expired/i)

        const dashboard = await browser.context.newPage()
        errors.push(...watchErrors(dashboard))
        await logIn(dashboard, emulator.origin, TEST_KEY)
        const orderNumber = (
          await page
            .context()
            .request.get(invoiceUrl, { headers: { accept: 'application/json' } })
            .then((r) => r.json())
        ).orderNumber as string
        await payFromDashboard(dashboard, emulator.origin, orderNumber)

        await dashboard.goto(`${emulator.origin}/_dashboard/subscriptions`)
        const row = dashboard.locator('tr[data-subscription]')
        expect(await row.locator('.badge').textContent()).toBe('TRIALING')
        const periodEnd = await row.locator('td').nth(3).textContent()
        await dashboard.getByRole('button', { name: '+30 days' }).click()
        await dashboard.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('Clock advanced'))
        expect(await row.locator('.badge').textContent()).toBe('ACTIVE')
        expect(await row.locator('td').nth(3).textContent()).not.toBe(periodEnd)
        await screenshot(dashboard, 'dashboard-subscriptions')
        dashboard.once('dialog', (dialog) => void dialog.accept())
        await row.getByRole('button', { name: 'Cancel' }).click()
        await dashboard.waitForFunction(() =>
          document.querySelector('#flash')?.textContent?.includes('Subscription cancelled'),
        )
        expect(await row.locator('.badge').textContent()).toBe('CANCELLED')

        // A Physical order: pay, add tracking, then a dispute; the invoice shows the tracking.
        await page.goto(`${emulator.origin}/storefront/demo/checkout?product=rec_demoPhysical1`)
        await page.getByLabel('E-mail').fill('shirt@example.com')
        await Promise.all([page.waitForURL(/\/invoices\//), page.getByRole('button', { name: 'Place order' }).click()])
        const shirtOrder = (
          await page
            .context()
            .request.get(page.url(), { headers: { accept: 'application/json' } })
            .then((r) => r.json())
        ).orderNumber as string
        await payFromDashboard(dashboard, emulator.origin, shirtOrder)
        await dashboard.getByLabel('Tracking code').fill('1Z999AA10123456784')
        await dashboard.getByLabel('Carrier').fill('UPS')
        await dashboard.getByRole('button', { name: 'Add tracking' }).click()
        await dashboard.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('Tracking added'))
        dashboard.once('dialog', (dialog) => void dialog.accept())
        await dashboard.getByRole('button', { name: 'Mark disputed' }).click()
        await dashboard.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('disputed'))
        expect(await dashboard.locator('.badge', { hasText: /^disputed$/ }).count()).toBe(1)
        await screenshot(dashboard, 'dashboard-order-physical')
        await dashboard.getByRole('link', { name: 'Customer invoice' }).click()
        expect(await dashboard.locator('td code', { hasText: '1Z999AA10123456784' }).count()).toBe(1)
        expect(await dashboard.locator('td', { hasText: 'UPS' }).count()).toBe(1)
        await screenshot(dashboard, 'invoice-tracking')

        await dashboard.goto(`${emulator.origin}/_dashboard/customers`)
        expect(await dashboard.locator('td', { hasText: 'member@example.com' }).count()).toBe(1)
        await screenshot(dashboard, 'dashboard-customers')

        // Replace the Game Key's serial pool from the products page; stock follows it.
        await dashboard.goto(`${emulator.origin}/_dashboard/products`)
        const panel = dashboard.locator('#p-prod_demo_serial')
        await panel.getByText('Edit delivery setup').click()
        await panel.getByLabel(/Serial pool/).fill('NEW-1\nNEW-2\nNEW-3')
        await panel.getByRole('button', { name: 'Save delivery setup' }).click()
        await dashboard.waitForFunction(() => document.querySelector('#flash')?.textContent?.includes('saved'))
        expect(await dashboard.locator('#p-prod_demo_serial').getByText('3 unused codes').count()).toBe(1)
        await screenshot(dashboard, 'dashboard-products')
        expect(errors).toEqual([])
      } finally {
        await emulator.close()
      }
    },
    scaled(90_000),
  )

  it(
    'works with the keyboard alone at phone width: focus trap, Escape, focus return, visible focus',
    async () => {
      const emulator = await startEmulatorServer()
      const site = await startExampleSite(emulator.origin)
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      try {
        await page.setViewportSize({ width: 375, height: 740 })
        await page.goto(site.origin)
        await page.locator('#buy-shirt.sstore-button').waitFor()
        expect(await page.locator('#buy-shirt').getAttribute('role')).toBe('button')
        expect(await page.locator('#buy-shirt').getAttribute('tabindex')).toBe('0')
        const activeId = () => page.evaluate(() => document.activeElement?.id ?? '')
        const insideModal = () => page.evaluate(() => !!document.activeElement?.closest('.sstore-modal'))

        // Tab to the first embed button and open it with Enter.
        for (let i = 0; i < 10 && (await activeId()) !== 'buy-mystery'; i++) await page.keyboard.press('Tab')
        expect(await activeId()).toBe('buy-mystery')
        expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none')
        await page.keyboard.press('Enter')
        await page.locator('.sstore-modal form').waitFor()
        expect(await insideModal()).toBe(true)
        const box = await page.locator('.sstore-modal').boundingBox()
        expect(box!.x).toBeGreaterThanOrEqual(0)
        expect(box!.x + box!.width).toBeLessThanOrEqual(375)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
        await screenshot(page, 'embed-modal-375')

        // Focus stays inside the dialog however far one tabs, both ways.
        for (let i = 0; i < 14; i++) {
          await page.keyboard.press('Tab')
          expect(await insideModal()).toBe(true)
          expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none')
        }
        for (let i = 0; i < 14; i++) {
          await page.keyboard.press('Shift+Tab')
          expect(await insideModal()).toBe(true)
        }
        // Escape closes and focus returns to the button that opened it.
        await page.keyboard.press('Escape')
        await expect.poll(() => page.locator('.sstore-modal').count()).toBe(0)
        expect(await activeId()).toBe('buy-mystery')

        // A span turned button opens with Space; the checkout completes from the keyboard.
        await page.focus('#buy-shirt')
        await page.keyboard.press(' ')
        await page.locator('.sstore-modal form').waitFor()
        expect(await page.locator('.sstore-modal .sstore-title').textContent()).toBe('Store T-Shirt')
        await page.keyboard.type('2')
        await page.keyboard.press('Backspace')
        for (
          let i = 0;
          i < 10 && (await page.evaluate(() => (document.activeElement as HTMLInputElement)?.type)) !== 'email';
          i++
        )
          await page.keyboard.press('Tab')
        await page.keyboard.type('keys@example.com')
        await page.keyboard.press('Enter')
        await page.locator('.sstore-body[data-order]').waitFor()
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Open your invoice')
        await screenshot(page, 'embed-done-375')
        await page.keyboard.press('Escape')
        expect(await activeId()).toBe('buy-shirt')
        expect(errors).toEqual([])
      } finally {
        await site.close()
        await emulator.close()
      }
    },
    scaled(90_000),
  )

  it(
    'lays out every page at phone width without sideways scrolling',
    async () => {
      const emulator = await startEmulatorServer()
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      try {
        await page.setViewportSize({ width: 375, height: 740 })
        await logIn(page, emulator.origin, TEST_KEY)
        const pages: [string, string][] = [
          ['dashboard-overview', '/_dashboard'],
          ['dashboard-products', '/_dashboard/products'],
          ['dashboard-orders', '/_dashboard/orders'],
          ['dashboard-order', '/_dashboard/orders/ORD-1'],
          ['dashboard-customers', '/_dashboard/customers'],
          ['dashboard-subscriptions', '/_dashboard/subscriptions'],
          ['dashboard-webhooks', '/_dashboard/webhooks'],
          ['dashboard-events', '/_dashboard/events'],
          ['storefront-products', '/storefront/demo'],
          ['storefront-product', '/storefront/demo/p/rec_demoMystery01'],
          ['storefront-checkout', '/storefront/demo/checkout?group=grp_demo_bundle'],
          ['invoice', '/storefront/demo/invoices/ord_demo_1'],
        ]
        for (const [name, path] of pages) {
          await page.goto(`${emulator.origin}${path}`)
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0)
          await screenshot(page, `${name}-375`)
        }
        await page.context().clearCookies()
        await page.goto(`${emulator.origin}/_dashboard`)
        expect(page.url()).toContain('/_dashboard/login')
        await screenshot(page, 'dashboard-login-375')
        expect(errors).toEqual([])
      } finally {
        await emulator.close()
      }
    },
    scaled(90_000),
  )
})
