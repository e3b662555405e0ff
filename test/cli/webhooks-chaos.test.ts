import { describe, expect, it } from 'vitest'
import type { Webhook } from '../../src/contract/webhooks.js'
import { cleanups, cli, receiver, servedEmulator } from './webhooks-harness.js'

/** A served emulator, closed after the test. */
async function served() {
  const emu = await servedEmulator()
  cleanups.push(() => emu.close())
  return emu
}

/** `store webhooks create` of an endpoint for `url` and `events`, with the flags after them. */
const createEndpoint = (emu: { flags: string[] }, url: string, events: string, ...more: string[]) =>
  cli([...emu.flags, 'webhooks', 'create', '--url', url, '--events', events, ...more])

describe('store webhooks create --chaos', () => {
  it('adds an endpoint whose deliveries come twice, shown in list and in the log', async () => {
    const rx = await receiver()
    const emu = await served()
    const created = await createEndpoint(emu, rx.url, 'product:created', '--chaos', 'duplicate=1,delayMs=250,seed=4')
    expect(created.code).toBe(0)
    expect(created.stdout).toMatch(/^wh_\S+\n$/)
    expect(created.stderr).toContain(`→ ${rx.url} (1 kind); chaos duplicate=1 delayMs=250 seed=4`)
    const listed = await cli([...emu.flags, 'webhooks', 'list'])
    expect(listed.stdout.trim().split('\t').at(-1)).toBe('duplicate=1 delayMs=250 seed=4')

    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    const [a, b] = await rx.waitFor(2)
    expect(b.body).toBe(a.body)
    await emu.idle()
    expect(emu.sleeps).toEqual([250, 250])
    const logs = await cli([...emu.flags, 'webhooks', 'logs', '--json'])
    const deliveries = (JSON.parse(logs.stdout) as { deliveries: { id: string; chaos: { duplicateOf: string } }[] })
      .deliveries
    expect(deliveries.map((d) => d.chaos.duplicateOf)).toEqual([deliveries[1].id, null])
  })

  it('takes the settings as JSON too', async () => {
    const emu = await served()
    const created = await createEndpoint(
      emu,
      'http://127.0.0.1:9/h',
      'order:paid',
      '--chaos',
      '{"reorderMs": 1000, "failFirst": 1, "seed": 2}',
      '--json',
    )
    expect(created.code).toBe(0)
    expect((JSON.parse(created.stdout) as Webhook).chaos).toEqual({ reorderMs: 1000, failFirst: 1, seed: 2 })
  })

  it.each([
    ['duplicate=1.5', 'error: invalid --chaos: duplicate: must be a share from 0 to 1 (0.25: a quarter of the events)'],
    ['jitter=3', 'error: invalid --chaos: jitter: is not a known field'],
    ['duplicate', 'error: --chaos: "duplicate" is not key=number (e.g. --chaos duplicate=0.2,reorderMs=500,seed=7)'],
  ])('refuses --chaos %s with a usage error and sends nothing', async (chaos, message) => {
    const emu = await served()
    const run = await createEndpoint(emu, 'http://127.0.0.1:9/h', 'order:paid', '--chaos', chaos)
    expect(run.code).toBe(2)
    expect(run.stderr.split('\n')[0]).toBe(message)
    expect(emu.services.webhooks.list(emu.services.storefront.shop('demo'))).toEqual([])
  })
})
