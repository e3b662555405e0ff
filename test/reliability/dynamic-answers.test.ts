import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_ANSWER_DEPTH } from '../../src/emulator/services/fulfilment/dynamic.js'
import { testEmulator } from '../helpers/emulator.js'

/**
 * A Dynamic delivery answer can poison an order: whatever a Dynamic Webhook URL
 * answers, paying answers 2xx, and the order stays readable everywhere, after a restart too.
 */

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`

/** An emulator on a db file whose Dynamic product's URL answers `body` as JSON. */
async function answering(db: string, body: string) {
  return testEmulator({
    db,
    fetch: async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
  })
}

type Emu = Awaited<ReturnType<typeof answering>>

/** Every route that shows the order: each must answer 200. */
async function readEverywhere(emu: Emu, order: { id: string; orderNumber: string }): Promise<number[]> {
  const dashboard = await emu.app.request('/_dashboard/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: 'key=sk_live_testtesttesttesttesttesttesttest',
  })
  const cookie = (dashboard.headers.get('set-cookie') ?? '').split(';')[0]
  const page = (path: string, headers: Record<string, string> = {}) => emu.app.request(path, { headers })
  const answers = await Promise.all([
    emu.request('/api/v1/orders'),
    emu.request(`/api/v1/orders/${order.id}`),
    page(`/storefront/demo/invoices/${order.id}`, { accept: 'application/json' }),
    page(`/storefront/demo/invoices/${order.id}`),
    page(`/_dashboard/orders/${order.id}`, { cookie }),
    page('/_dashboard/orders', { cookie }),
  ])
  return answers.map((res) => res.status)
}

const CASES: [string, string, 'json' | 'text'][] = [
  ['arrays nested 4,100 deep', nested(4_100), 'text'],
  ['arrays nested 3,900 deep', nested(3_900), 'text'],
  ['objects nested 3,000 deep', nestedObject(3_000), 'text'],
  ['arrays nested just past the limit', nested(MAX_ANSWER_DEPTH + 1), 'text'],
  ['arrays nested to the limit', nested(MAX_ANSWER_DEPTH), 'json'],
  ['a number past double range', '{"n":1e309}', 'text'],
  ['a prototype key', '{"__proto__":{"polluted":true}}', 'text'],
]

describe('Dynamic answers that cannot be kept as JSON', () => {
  it.each(CASES)(
    '%s: paid, delivered, and the order is readable everywhere, after a restart too',
    async (_case, body, kept) => {
      const folder = mkdtempSync(join(tmpdir(), 'store-dynamic-'))
      folders.push(folder)
      const db = join(folder, 'db.json')
      let emu = await answering(db, body)
      expect(
        (
          await emu.request('/_emulator/products/prod_demo_dynamic/fulfilment', {
            method: 'PUT',
            json: { dynamicWebhookUrl: 'http://127.0.0.1:9/dyn' },
          })
        ).status,
      ).toBe(200)
      const checkout = await emu.app.request('/storefront/demo/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ productId: 'rec_demoDynamic01' }], email: 'dyn@example.com' }),
      })
      expect(checkout.status).toBe(201)
      const { order } = (await checkout.json()) as { order: { id: string; orderNumber: string } }
      const pay = await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
      expect(pay.status).toBe(200)
      const paid = (await pay.json()) as { items: { delivery: { status: string; dynamic?: { content: unknown } } }[] }
      expect(paid.items[0].delivery.status).toBe('delivered')
      const content = paid.items[0].delivery.dynamic?.content
      if (kept === 'text') expect(content).toBe(body)
      else expect(content).toEqual(JSON.parse(body))
      expect(await readEverywhere(emu, order)).toEqual([200, 200, 200, 200, 200, 200])
      expect(emu.logs.filter((line) => /internal error/.test(line))).toEqual([])

      await emu.stop()
      emu = await answering(db, body)
      expect(await readEverywhere(emu, order)).toEqual([200, 200, 200, 200, 200, 200])
      const again = (await (await emu.request(`/api/v1/orders/${order.id}`)).json()) as typeof paid
      expect(again.items[0].delivery.dynamic?.content).toEqual(content)
      await emu.stop()
    },
  )
})
