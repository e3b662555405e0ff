import { describe, expect, it } from 'vitest'
import { parseSse, type SseMessage } from '../../../src/client/sse.js'
import { EmittedEventSchema } from '../../../src/contract/webhooks.js'
import { eventsEmulator } from './helpers.js'

type Emu = Awaited<ReturnType<typeof eventsEmulator>>

/** Opens the stream and hands back a reader of its messages and raw text. */
async function open(emu: Emu, headers: Record<string, string> = {}, query = '') {
  const res = await emu.request(`/_emulator/events${query}`, { headers: { accept: 'text/event-stream', ...headers } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/event-stream')
  const [a, b] = res.body!.tee()
  const messages = parseSse(a)
  const raw = b.getReader()
  let text = ''
  void (async () => {
    for (;;) {
      const { done, value } = await raw.read().catch(() => ({ done: true, value: undefined }))
      if (done) return
      text += new TextDecoder().decode(value)
    }
  })()
  return {
    async take(n: number): Promise<SseMessage[]> {
      const out: SseMessage[] = []
      while (out.length < n) {
        const next = await messages.next()
        if (next.done) break
        out.push(next.value)
      }
      return out
    },
    text: () => text,
    // A tee'd stream is cancelled once both of its branches are.
    close: () => Promise.all([messages.return(undefined), a.locked ? undefined : a.cancel(), raw.cancel()]),
  }
}

const createProduct = (emu: Emu, name: string) =>
  emu.request('/api/v1/products', { method: 'POST', json: { name, price: 1, type: 'Physical' } })
const eventOf = (m: SseMessage) => EmittedEventSchema.parse(JSON.parse(m.data))

describe('GET /_emulator/events', () => {
  it('streams events as they are committed, with the sequence number as SSE id', async () => {
    const emu = await eventsEmulator()
    const stream = await open(emu)
    await createProduct(emu, 'A')
    await emu.request('/api/v1/products/rec_demoSerial001', { method: 'PUT', json: { price: 8 } })
    const [first, second] = await stream.take(2)
    const a = eventOf(first)
    expect(first.id).toBe(String(a.sequence))
    expect(a).toMatchObject({ event: 'product:created', data: { title: 'A' }, createdAt: '2026-06-01T12:00:00.000Z' })
    expect(eventOf(second)).toMatchObject({
      event: 'product:edited',
      sequence: a.sequence + 1,
      data: { uniqid: 'rec_demoSerial001', price: 8 },
    })
    expect(stream.text()).toMatch(/^retry: 1000\n: events of shop demo; last event \d+\n\n/)
    expect(emu.services.events.listenerCount).toBe(1)
    await stream.close()
    // The client went away: its subscription is gone too.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(emu.services.events.listenerCount).toBe(0)
  })

  it('resumes after Last-Event-ID with the logged events, then live ones, none twice', async () => {
    const emu = await eventsEmulator()
    const first = await open(emu)
    await createProduct(emu, 'A')
    const [seen] = await first.take(1)
    await first.close()
    // Missed while disconnected:
    await createProduct(emu, 'B')
    await createProduct(emu, 'C')
    const resumed = await open(emu, { 'last-event-id': seen.id! })
    await createProduct(emu, 'D')
    const messages = await resumed.take(3)
    expect(messages.map((m) => eventOf(m).data.title)).toEqual(['B', 'C', 'D'])
    const ids = messages.map((m) => Number(m.id))
    expect(ids).toEqual([Number(seen.id) + 1, Number(seen.id) + 2, Number(seen.id) + 3])
    await resumed.close()
  })

  it('accepts the id as ?lastEventId= and filters by ?events=', async () => {
    const emu = await eventsEmulator()
    await createProduct(emu, 'A')
    await emu.request('/api/v1/products/rec_demoSerial001', { method: 'PUT', json: { price: 8 } })
    await createProduct(emu, 'B')
    const stream = await open(emu, {}, '?lastEventId=0&events=product:created')
    const messages = await stream.take(2)
    expect(messages.map((m) => eventOf(m).data.title)).toEqual(['A', 'B'])
    await stream.close()
  })

  it('replays the whole log for an id past its end (another db)', async () => {
    const emu = await eventsEmulator()
    await createProduct(emu, 'A')
    const stream = await open(emu, { 'last-event-id': '999999' })
    const [m] = await stream.take(1)
    expect(eventOf(m).sequence).toBeLessThan(999999)
    await stream.close()
  })

  it('keeps shops apart', async () => {
    const emu = await eventsEmulator()
    await emu.request('/_emulator/shops', { method: 'POST', json: { name: 'Second', slug: 'second' } })
    const second = await open(emu, { 'x-service-shop': 'second' })
    await createProduct(emu, 'in demo')
    await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'in second', price: 1, type: 'Physical' },
      headers: { 'x-service-shop': 'second' },
    })
    const [m] = await second.take(1)
    expect(eventOf(m).data.title).toBe('in second')
    await second.close()
  })

  it('sends heartbeats while idle', async () => {
    const emu = await eventsEmulator({ webhooks: { heartbeatMs: 20 } })
    const stream = await open(emu)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(stream.text()).toMatch(/: heartbeat 2026-06-01T12:00:00\.000Z\n\n/)
    await stream.close()
  })

  it.each([
    [{ 'last-event-id': 'abc' }, '', 'Last-Event-ID: "abc" is not an event id of this stream (a sequence number)'],
    [
      {},
      '?events=order:shipped',
      'events: "order:shipped" is not an event kind of the spec (GET the list with store webhooks events)',
    ],
    [{}, '?since=1', 'since: is not a known field'],
  ])('refuses %j %s with 400', async (headers, query, error) => {
    const emu = await eventsEmulator()
    const res = await emu.request(`/_emulator/events${query}`, { headers })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(error)
  })
})

describe('GET /_emulator/events over real HTTP', () => {
  it('drops the subscription when the client disconnects', async () => {
    const { serve } = await import('@hono/node-server')
    const emu = await eventsEmulator()
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
    })
    const { port } = server.address() as { port: number }
    const controller = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}/_emulator/events`, {
      headers: { authorization: 'Bearer sk_live_testtesttesttesttesttesttesttest' },
      signal: controller.signal,
    })
    const messages = parseSse(res.body!)
    await createProduct(emu, 'A')
    expect(eventOf((await messages.next()).value as SseMessage).data.title).toBe('A')
    expect(emu.services.events.listenerCount).toBe(1)
    controller.abort()
    await messages.return(undefined).catch(() => undefined)
    for (let i = 0; i < 50 && emu.services.events.listenerCount > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(emu.services.events.listenerCount).toBe(0)
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
})
