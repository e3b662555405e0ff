import { describe, expect, it } from 'vitest'
import type { Webhook } from '../../../src/contract/webhooks.js'
import { dashboardCookie, testEmulator } from '../../helpers/emulator.js'

describe('dashboard: webhook delivery chaos', () => {
  it('offers the chaos fields, adds an endpoint with them, and shows them on the endpoint and its deliveries', async () => {
    const emu = await testEmulator({ fetch: async () => new Response('ok') })
    const cookie = await dashboardCookie(emu.app)
    const page = await (await emu.app.request('/_dashboard/webhooks', { headers: { cookie } })).text()
    for (const name of ['chaos.duplicate', 'chaos.reorderMs', 'chaos.delayMs', 'chaos.failFirst', 'chaos.seed'])
      expect(page).toContain(`name="${name}"`)
    // The body the form's script sends (pages.js turns chaos.duplicate into { chaos: { duplicate } }).
    const added = await emu.app.request('/_dashboard/api/emulator/webhooks', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-dashboard-request': '1' },
      body: JSON.stringify({
        url: 'http://127.0.0.1:9/hook',
        events: ['order:created'],
        chaos: { duplicate: 0.25, delayMs: 500, failFirst: 1, seed: 9 },
      }),
    })
    expect(added.status).toBe(201)
    const hook = (await added.json()) as Webhook
    const listed = await (await emu.app.request('/_dashboard/webhooks', { headers: { cookie } })).text()
    expect(listed).toContain('25% twice, delay 500 ms, first 1 attempts fail (seed 9)')
    await emu.request('/storefront/demo/checkout', {
      method: 'POST',
      json: { email: 'a@example.com', items: [{ productId: 'rec_demoSerial001', quantity: 1 }] },
    })
    const [delivery] = emu.services.webhooks.logs(emu.services.storefront.shop('demo'), { webhook: hook.id })
    const detail = await (
      await emu.app.request(`/_dashboard/webhooks/logs/${delivery.id}`, { headers: { cookie } })
    ).text()
    expect(detail).toContain('seed 9, draw 0: held 500 ms, first 1 attempts counted as failed')
  })

  it('refuses a share outside 0..1 through the dashboard as through the API, adding nothing', async () => {
    const emu = await testEmulator()
    const cookie = await dashboardCookie(emu.app)
    const res = await emu.app.request('/_dashboard/api/emulator/webhooks', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-dashboard-request': '1' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/hook', events: ['order:created'], chaos: { duplicate: 2 } }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(
      'chaos.duplicate: must be a share from 0 to 1 (0.25: a quarter of the events)',
    )
    expect(emu.services.webhooks.list(emu.services.storefront.shop('demo'))).toEqual([])
  })
})
