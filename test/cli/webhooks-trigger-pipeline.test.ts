import { describe, expect, it } from 'vitest'
import { ALL_EVENT_KINDS, DYNAMIC_DELIVERY_EVENT, WEBHOOK_EVENT_KINDS } from '../../src/contract/event-kinds.js'
import { validateWebhookPayload } from '../../src/contract/events.js'
import type { WebhookDeliverySummary } from '../../src/contract/webhooks.js'
import { cleanups, cli, receiver, runCli, servedEmulator } from './webhooks-harness.js'
import { scaled } from '../helpers/time-scale.js'

async function emulatorWithEndpoint() {
  const rx = await receiver()
  const emu = await servedEmulator()
  cleanups.push(() => emu.close())
  await emu.addWebhook(`${rx.url}/hooks`, [...WEBHOOK_EVENT_KINDS])
  /** Resolves with the first webhook of `kind` the endpoint receives. */
  const arrival = async (kind: string) => {
    for (let n = 1; ; n++) {
      const got = await rx.waitFor(n)
      const body = got[n - 1].json() as { event: string }
      if (body.event === kind) return body
    }
  }
  return { emu, rx, arrival }
}

describe('store webhooks trigger KIND (without --to): through the emulator', () => {
  it(
    'fires every kind of the spec in the account: the event reaches its endpoint, valid',
    async () => {
      const { emu, arrival } = await emulatorWithEndpoint()
      for (const kind of ALL_EVENT_KINDS) {
        const run = await cli([...emu.flags, 'webhooks', 'trigger', kind])
        expect(run.code, `${kind}: ${run.stderr}`).toBe(0)
        if (kind === DYNAMIC_DELIVERY_EVENT) {
          expect(run.stdout).toMatch(/^INVOICE\.ITEM\.DELIVER-DYNAMIC\thttp:\/\/127\.0\.0\.1:\d+\/deliver\n$/)
          continue
        }
        expect(run.stdout, kind).toMatch(new RegExp(`^evt_\\d+\\t${kind}\\n$`))
        const body = await arrival(kind)
        expect(validateWebhookPayload(body).problems, kind).toEqual([])
      }
    },
    scaled(120_000),
  )

  it('logs the delivery and shows the steps it ran', async () => {
    const { emu } = await emulatorWithEndpoint()
    const run = await cli([...emu.flags, 'webhooks', 'trigger', 'order:paid'])
    expect(run.code).toBe(0)
    const steps = run.stderr
      .split('\n')
      .slice(1, 5)
      .map((l) => l.split('\t').slice(0, 2))
    expect(steps).toEqual([
      ['shop', 'GET'],
      ['product', 'POST'],
      ['checkout', 'POST'],
      ['pay', 'POST'],
    ])
    expect(run.stderr.split('\n')[0]).toMatch(
      /^Triggering order:paid in the emulator: .*fixtures\/triggers\/order\.paid\.json$/,
    )
    await emu.idle()
    const { deliveries } = (await (await emu.request('/_emulator/webhooks/logs?event=order:paid')).json()) as {
      deliveries: WebhookDeliverySummary[]
    }
    expect(deliveries.map((d) => [d.event, d.state, d.origin])).toEqual([['order:paid', 'delivered', 'event']])
  })

  it('reaches a listen stream of the account', async () => {
    const { emu } = await emulatorWithEndpoint()
    const listening = runCli([...emu.flags, 'webhooks', 'listen', '--events', 'product:created'], {
      readyText: 'Ready!',
    })
    await listening.started
    expect((await cli([...emu.flags, 'webhooks', 'trigger', 'product:created'])).code).toBe(0)
    while (!listening.output().stdout.includes('product:created')) await new Promise((r) => setTimeout(r, 10))
    listening.signal()
    const { code, stdout } = await listening.done
    expect(code).toBe(0)
    expect(stdout).toMatch(/^\d\d:\d\d:\d\d {2}#\d+ {2}product:created\n$/)
  })

  it('--override STEP.field sets a field of that step; --dry-run prints the steps and sends nothing', async () => {
    const { emu, arrival } = await emulatorWithEndpoint()
    const dry = await cli([
      ...emu.flags,
      'webhooks',
      'trigger',
      'order:paid',
      '--override',
      'product.price=25',
      '--dry-run',
    ])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('  {"name":"Triggered Service","price":25,"type":"Service","status":"Live"}')
    await emu.idle()
    expect(
      ((await (await emu.request('/_emulator/webhooks/logs')).json()) as { deliveries: unknown[] }).deliveries,
    ).toEqual([])

    const run = await cli([
      ...emu.flags,
      'webhooks',
      'trigger',
      'order:paid',
      '--override',
      'product.price=25',
      '--override',
      'checkout.email=ada@example.com',
    ])
    expect(run.code).toBe(0)
    const body = (await arrival('order:paid')) as unknown as { data: { total: number; customer_email: string } }
    expect([body.data.total, body.data.customer_email]).toEqual([25, 'ada@example.com'])
  })

  it.each([
    [['order:shipped'], 2, 'error: "order:shipped" is not an event kind of the spec'],
    [
      ['order:paid', '--override', 'price=3'],
      2,
      'error: --override price=3: without --to, a path starts with the step',
    ],
    [
      ['order:paid', '--override', 'shop.x=1'],
      2,
      'error: --override shop.x=1: step "shop" sends no body to set a field of',
    ],
    [['order:paid', '--from', 'ORD-1'], 2, 'error: --from and --item build a payload for --to URL'],
  ])('refuses %j with a usage error and changes nothing', async (args, code, message) => {
    const { emu } = await emulatorWithEndpoint()
    const before = await (await emu.request('/_emulator/products')).json()
    const run = await cli([...emu.flags, 'webhooks', 'trigger', ...args])
    expect(run.code).toBe(code)
    expect(run.stderr).toContain(message)
    expect(await (await emu.request('/_emulator/products')).json()).toEqual(before)
  })
})
