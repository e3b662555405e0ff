import { afterEach, describe, expect, it } from 'vitest'
import { WEBHOOK_ENDPOINT_LIMIT } from '../../src/contract/constants.js'
import { startTestReceiver, type TestReceiver } from '../helpers/receiver.js'
import { servedEmulator } from '../helpers/served.js'

/**
 * A shop holds at most WEBHOOK_ENDPOINT_LIMIT webhook endpoints: one more is a 409 that says what
 * to do, and nothing is kept. So one event makes at most that many deliveries, and another
 * account's requests go on while a shop at the limit fans an event out.
 */

type Served = Awaited<ReturnType<typeof servedEmulator>>
const opened: (Served | TestReceiver)[] = []
afterEach(async () => {
  for (const x of opened.splice(0).reverse()) await x.close()
})

describe('webhook endpoints per shop', () => {
  it(`keeps at most ${WEBHOOK_ENDPOINT_LIMIT}, then answers 409 and keeps nothing`, async () => {
    const rx = await startTestReceiver()
    opened.push(rx)
    const emu = await servedEmulator()
    opened.push(emu)
    for (let i = 0; i < WEBHOOK_ENDPOINT_LIMIT; i++) {
      const created = await emu.request('/_emulator/webhooks', {
        method: 'POST',
        json: { url: `${rx.url}/hook/${i}`, events: ['product:created'] },
      })
      expect(created.status).toBe(201)
    }
    const refused = await emu.request('/_emulator/webhooks', {
      method: 'POST',
      json: { url: `${rx.url}/one-more`, events: ['product:created'] },
    })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({
      error: `this shop holds ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints already, the most it may; delete one you no longer use (DELETE /_emulator/webhooks/:id), or subscribe an existing endpoint to more events`,
    })
    const { webhooks } = (await (await emu.request('/_emulator/webhooks')).json()) as { webhooks: { url: string }[] }
    expect(webhooks).toHaveLength(WEBHOOK_ENDPOINT_LIMIT)
    expect(webhooks.some((w) => w.url.endsWith('/one-more'))).toBe(false)

    // An event fans out to every endpoint while another account's reads go on.
    const other = await emu.request('/_emulator/accounts', { method: 'POST', json: { name: 'other' } })
    const { key } = (await other.json()) as { key: { secret: string } }
    const started = performance.now()
    const [event, read] = await Promise.all([
      emu.request('/api/v1/products', { method: 'POST', json: { name: 'Fan-out', type: 'Service', price: 1 } }),
      emu.request('/api/v1/coupons', { key: key.secret }),
    ])
    expect([event.status, read.status]).toEqual([201, 200])
    expect(performance.now() - started).toBeLessThan(2_000)
    await rx.waitFor(WEBHOOK_ENDPOINT_LIMIT, 10_000)
  })
})
