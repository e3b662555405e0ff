// The invoice page's verifier (/_assets/verify.js, bundled from src/fairness by `npm run build`)
// in Debian's chromium: it passes a real paid order of the emulator and fails each tampered value.
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { readBrowserAsset } from '../../src/emulator/routes/pages/index.js'
import { paidMysteryOrder } from '../helpers/mystery-order.js'
import { launchBrowser, screenshot, startEmulatorServer, watchErrors } from './harness.js'
import { scaled } from '../helpers/time-scale.js'

type Started<T extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<T>>

let browser: Started<typeof launchBrowser>
let emulator: Started<typeof startEmulatorServer>

/** The invoice page of a paid mystery order of `quantity` boxes whose outcomes all have code pools. */
async function mysteryOrder(server: Started<typeof startEmulatorServer>, quantity: number): Promise<string> {
  const { invoiceUrl } = await paidMysteryOrder(server.emu.request, quantity)
  return `${server.origin}${new URL(invoiceUrl).pathname}`
}

type Open = Record<string, any>

/** Changes fields of the open shown in box `at`, re-runs the verifier and returns each box's verdict. */
async function tamper(page: Page, at: number, patch: Open): Promise<(string | null)[]> {
  await page.evaluate(
    ({ at, patch }) => {
      const box = document.querySelectorAll('[data-open]')[at]
      const open = { ...JSON.parse(box.getAttribute('data-open')!), ...patch }
      box.setAttribute('data-open', JSON.stringify(open))
      ;(window as unknown as { storeVerifyInvoice: () => void }).storeVerifyInvoice()
    },
    { at, patch },
  )
  return page.locator('[data-open]').evaluateAll((boxes) => boxes.map((b) => b.getAttribute('data-verified')))
}

const resultOf = (page: Page, at: number, check: string) =>
  page.locator('[data-open]').nth(at).locator(`[data-check="${check}"]`).getAttribute('data-result')

describe('/_assets/verify.js', () => {
  it('is the bundle built from src/fairness, served as a same-origin script under the pages CSP', async () => {
    const server = await startEmulatorServer()
    try {
      const response = await fetch(`${server.origin}/_assets/verify.js`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      const body = await response.text()
      expect(body).toBe(readFileSync(new URL('../../dist/browser/verify.js', import.meta.url), 'utf8'))
      expect(body).not.toMatch(/node:|crypto\.subtle|require\(/)

      const page = await fetch(await mysteryOrder(server, 1))
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(await page.text()).toContain('<script src="/_assets/verify.js" defer=""></script>')
    } finally {
      await server.close()
    }
  })

  it('says why the emulator cannot start when the bundle was not built', () => {
    expect(() => readBrowserAsset('no-such-bundle.js', new URL('./', import.meta.url))).toThrow(
      /no-such-bundle\.js is missing: run `npm run build`/,
    )
  })
})

describe('the invoice verifier in chromium', () => {
  beforeEach(async () => {
    browser = await launchBrowser()
    emulator = await startEmulatorServer()
  }, scaled(30_000))

  afterEach(async () => {
    await emulator?.close()
    await browser?.close()
  })

  it(
    'passes every check of a real paid order and fails each tampered value',
    async () => {
      const page = await browser.context.newPage()
      const errors = watchErrors(page)
      await page.goto(await mysteryOrder(emulator, 4))
      await page.waitForSelector('html[data-verification="done"]')
      const boxes = page.locator('[data-open]')
      expect(await boxes.count()).toBe(4)
      expect(await boxes.evaluateAll((b) => b.map((box) => box.getAttribute('data-verified')))).toEqual([
        'passed',
        'passed',
        'passed',
        'passed',
      ])
      for (let i = 0; i < 4; i++) {
        for (const check of ['commitment', 'nonce', 'proof', 'roll', 'walk', 'code'])
          expect(await resultOf(page, i, check), `open ${i} ${check}`).toBe('passed')
        expect(await resultOf(page, i, 'chain')).toBe(i === 0 ? 'n/a' : 'passed')
      }
      const opens: Open[] = await boxes.evaluateAll((b) => b.map((box) => JSON.parse(box.getAttribute('data-open')!)))
      expect(opens.every((o) => typeof o.serverSeed === 'string' && typeof o.codeProof === 'string')).toBe(true)
      expect(await page.locator('[data-check="proof"] .detail').first().textContent()).toContain(opens[0].proofHash)
      await screenshot(page, 'verifier-passed')

      // Each edit is undone by the next page load; the verdict of every other box stays.
      const flipped = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1)
      const cases: [string, number, Open, string][] = [
        ['a proof hash', 1, { proofHash: flipped(opens[1].proofHash) }, 'proof'],
        ['the server seed', 2, { serverSeed: 'ab'.repeat(32) }, 'commitment'],
        ['the roll index', 1, { rollIndex: (opens[1].rollIndex + 1) % opens[1].totalWeight }, 'roll'],
        ['the outcome', 3, { outcome: opens[3].outcome === 'Gold' ? 'Silver' : 'Gold' }, 'walk'],
        ['the code index', 0, { codeIndex: (opens[0].codeIndex + 1) % opens[0].codePoolSize }, 'code'],
        [
          'the odds snapshot',
          2,
          { odds: opens[2].odds.map((o: Open, i: number) => (i ? o : { ...o, stock: o.stock + 1 })) },
          'chain',
        ],
        ['the nonce', 3, { nonce: 0 }, 'nonce'],
      ]
      for (const [what, at, patch, check] of cases) {
        const verdicts = await tamper(page, at, patch)
        expect(verdicts[at], what).toBe('failed')
        expect(await resultOf(page, at, check), what).toBe('failed')
        expect(await boxes.nth(at).locator('[data-summary]').textContent(), what).toBe('verification failed')
        if (at > 0) expect(verdicts[0], what).toBe('passed')
        await page.reload()
        await page.waitForSelector('html[data-verification="done"]')
      }
      expect(errors).toEqual([])
    },
    scaled(60_000),
  )
})
