import { afterEach, describe, expect, it } from 'vitest'
import type { Webhook, WebhookDelivery, WebhookDeliverySummary } from '../../../src/contract/webhooks.js'
import { startTestReceiver, type TestReceiver } from '../../helpers/receiver.js'
import { servedEmulator } from '../../helpers/served.js'

type Served = Awaited<ReturnType<typeof servedEmulator>>
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** Waits a twentieth of the time asked: holds and retries keep their order, the test its pace. */
const fastSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms / 20))

async function setup(): Promise<{ emu: Served; rx: TestReceiver }> {
  const emu = await servedEmulator({ sleep: fastSleep })
  const rx = await startTestReceiver()
  cleanups.push(
    () => emu.close(),
    () => rx.close(),
  )
  return { emu, rx }
}

const LINES = ['prod_demo_service', 'prod_demo_digital', 'prod_demo_physical', 'prod_demo_serial']

async function checkout(emu: Served, lines = LINES) {
  const res = await emu.request('/storefront/demo/checkout', {
    method: 'POST',
    json: { email: 'chaos@example.com', items: lines.map((productId) => ({ productId, quantity: 1 })) },
  })
  expect(res.status).toBe(201)
}

async function addEndpoint(emu: Served, body: Record<string, unknown>) {
  return emu.request('/_emulator/webhooks', { method: 'POST', json: body })
}

async function log(emu: Served): Promise<WebhookDelivery[]> {
  const { deliveries } = (await (await emu.request('/_emulator/webhooks/logs')).json()) as {
    deliveries: WebhookDeliverySummary[]
  }
  return Promise.all(
    deliveries
      .reverse()
      .map(async (d) => (await (await emu.request(`/_emulator/webhooks/logs/${d.id}`)).json()) as WebhookDelivery),
  )
}

describe('webhook endpoint chaos', () => {
  it('duplicate: 1 delivers every event twice, the same bytes, the copy naming the first in the log', async () => {
    const { emu, rx } = await setup()
    const hook = (await (
      await addEndpoint(emu, { url: `${rx.url}/hook`, events: ['order:created'], chaos: { duplicate: 1, seed: 3 } })
    ).json()) as Webhook
    expect(hook.chaos).toEqual({ duplicate: 1, seed: 3 })
    await checkout(emu)
    const [a, b] = await rx.waitFor(2)
    expect(b.body).toBe(a.body)
    await emu.services.events.worker.idle()
    const [first, copy] = await log(emu)
    expect(copy.eventId).toBe(first.eventId)
    expect(copy.payload).toBe(first.payload)
    expect(first.chaos).toEqual({ seed: 3, draw: 0, delayMs: 0, holdMs: 0, failFirst: 0, duplicateOf: null })
    expect(copy.chaos).toEqual({ seed: 3, draw: 0, delayMs: 0, holdMs: 0, failFirst: 0, duplicateOf: first.id })
    expect([first.state, copy.state]).toEqual(['delivered', 'delivered'])
  })

  it('failFirst: 2 counts the first two answers as failures: the receiver sees the event three times', async () => {
    const { emu, rx } = await setup()
    await addEndpoint(emu, { url: rx.url, events: ['order:created'], chaos: { failFirst: 2, seed: 1 } })
    await checkout(emu)
    const got = await rx.waitFor(3)
    expect(new Set(got.map((r) => r.body)).size).toBe(1)
    await emu.services.events.worker.idle()
    const [delivery] = await log(emu)
    expect(delivery.state).toBe('delivered')
    expect(delivery.attempts.map((a) => [a.status, a.chaos])).toEqual([
      [200, 'failFirst: attempt 1 of the first 2 counted as failed, whatever the answer'],
      [200, 'failFirst: attempt 2 of the first 2 counted as failed, whatever the answer'],
      [200, undefined],
    ])
    expect(rx.requests).toHaveLength(3)
  })

  it('reorderMs holds each delivery a drawn time: they arrive in the order of their holds, not of the events', async () => {
    const { emu, rx } = await setup()
    await addEndpoint(emu, {
      url: rx.url,
      events: ['order:created:product'],
      chaos: { reorderMs: 20_000, delayMs: 1_000, seed: 13 },
    })
    await checkout(emu)
    const arrived = (await rx.waitFor(4)).map((r) => (r.json() as { data: { product_id: string } }).data.product_id)
    await emu.services.events.worker.idle()
    const deliveries = await log(emu)
    const emitted = deliveries.map((d) => (JSON.parse(d.payload) as { data: { product_id: string } }).data.product_id)
    const holds = deliveries.map((d) => d.chaos!.holdMs)
    expect(deliveries.every((d) => d.chaos?.delayMs === 1_000)).toBe(true)
    expect(holds.every((h) => h >= 0 && h < 20_000)).toBe(true)
    // Seed 13 draws holds at least 2 s apart (100 ms of real time here): they arrive in their order.
    const byHold = [...emitted].sort((x, y) => holds[emitted.indexOf(x)] - holds[emitted.indexOf(y)])
    const sorted = [...holds].sort((x, y) => x - y)
    expect(sorted.slice(1).every((h, i) => h - sorted[i] >= 2_000)).toBe(true)
    expect(arrived).toEqual(byHold)
    expect(arrived).not.toEqual(emitted)
  })

  it('makes the same choices for the same seed, other choices for another', async () => {
    const choices = async (seed: number) => {
      const { emu, rx } = await setup()
      await addEndpoint(emu, {
        url: rx.url,
        events: ['order:created', 'order:created:product'],
        chaos: { duplicate: 0.5, reorderMs: 5_000, seed },
      })
      await checkout(emu)
      await checkout(emu, LINES.slice(0, 2))
      await emu.services.events.worker.idle()
      return (await log(emu)).map((d) => [d.event, d.chaos!.draw, d.chaos!.holdMs, d.chaos!.duplicateOf !== null])
    }
    const first = await choices(5)
    expect(first.length).toBeGreaterThan(8)
    expect(first.some(([, , , isCopy]) => isCopy)).toBe(true)
    expect(await choices(5)).toEqual(first)
    expect(await choices(6)).not.toEqual(first)
  })

  it('draws a seed when none is given and shows it with the endpoint', async () => {
    const { emu } = await setup()
    const hook = (await (
      await addEndpoint(emu, { url: 'http://127.0.0.1:9/hook', events: ['order:paid'], chaos: { delayMs: 10 } })
    ).json()) as Webhook
    expect(hook.chaos).toEqual({ delayMs: 10, seed: expect.any(Number) })
    const listed = (await (await emu.request('/_emulator/webhooks')).json()) as { webhooks: Webhook[] }
    expect(listed.webhooks.find((w) => w.id === hook.id)?.chaos).toEqual(hook.chaos)
  })

  it.each([
    [{ duplicate: 1.5 }, 'chaos.duplicate: must be a share from 0 to 1 (0.25: a quarter of the events)'],
    [{ duplicate: -0.1 }, 'chaos.duplicate: must be a share from 0 to 1 (0.25: a quarter of the events)'],
    [{ reorderMs: 60_001 }, 'chaos.reorderMs: must be at most 60000 ms'],
    [{ failFirst: 2.5 }, 'chaos.failFirst: must be an integer'],
    [{ jitter: 5 }, 'chaos.jitter: is not a known field'],
  ])('refuses chaos %j with 400 and adds no endpoint', async (chaos, error) => {
    const { emu } = await setup()
    const before = (await (await emu.request('/_emulator/webhooks')).json()) as { webhooks: Webhook[] }
    const res = await addEndpoint(emu, { url: 'http://127.0.0.1:9/hook', events: ['order:paid'], chaos })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(error)
    expect(await (await emu.request('/_emulator/webhooks')).json()).toEqual(before)
  })
})
