import { serve } from '@hono/node-server'
import { describe, expect, it } from 'vitest'
import { parseSse } from '../../src/client/sse.js'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'
import { addAccount, type TestEmulator } from './helpers.js'

/** Event streams (SSE) hold under many and slow readers, and end when their key is revoked. */

const SECOND_KEY = 'sk_live_secondsecondsecondsecondsecond00'

const keyIdOf = (emu: TestEmulator, secret: string) => emu.services.accounts.keyOf(secret)!.id
const openStream = (emu: TestEmulator, key = TEST_KEY) =>
  emu.app.request('/_emulator/events', { headers: { authorization: `Bearer ${key}` } })
const createProduct = (emu: TestEmulator, name: string) =>
  emu.request('/api/v1/products', { method: 'POST', json: { name, price: 1, type: 'Physical' } })

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve))
  if (!condition()) throw new Error(`still waiting for ${what}`)
}

async function newKey(emu: TestEmulator): Promise<{ id: string; secret: string }> {
  const res = await emu.request('/_emulator/keys', { method: 'POST', json: { name: 'second' } })
  expect(res.status).toBe(201)
  const body = (await res.json()) as { id: string; secret: string }
  return { id: body.id, secret: body.secret }
}

describe('event streams per key', () => {
  it('answers one stream past the cap with 429 and a JSON error naming the cap; other keys and freed slots still open', async () => {
    const emu = await testEmulator({ options: { webhooks: { streamsPerKey: 2 } } })
    const first = await openStream(emu)
    const second = await openStream(emu)
    expect([first.status, second.status]).toEqual([200, 200])
    const third = await openStream(emu)
    expect(third.status).toBe(429)
    expect(await third.json()).toEqual({
      error:
        'this key already has 2 open event streams, the most one key may hold (2); close one, or use another key (POST /_emulator/keys)',
    })

    const other = await newKey(emu)
    expect((await openStream(emu, other.secret)).status).toBe(200)

    await first.body!.cancel()
    await until(
      () => emu.services.events.streams.countOf(keyIdOf(emu, TEST_KEY)) === 1,
      'the cancelled stream to close',
    )
    const again = await openStream(emu)
    expect(again.status).toBe(200)
    for (const res of [second, again]) await res.body!.cancel()
    emu.services.events.stop()
  })

  it('drops a reader that falls behind by more than the buffer, and only that one', async () => {
    const emu = await testEmulator({ options: { webhooks: { streamBufferBytes: 8 * 1024 } } })
    const keyId = keyIdOf(emu, TEST_KEY)
    const stalled = await openStream(emu)
    const reading = await openStream(emu)
    const readingReader = reading.body!.getReader()
    let readText = ''
    const reader = (async () => {
      for (;;) {
        const { done, value } = await readingReader.read()
        if (done) return
        readText += new TextDecoder().decode(value)
      }
    })()
    const received = () => [...readText.matchAll(/^id: (\d+)$/gm)].map((m) => m[1])
    const stalledReader = stalled.body!.getReader()
    // The stalled reader takes its greeting only, then nothing more.
    await stalledReader.read()
    expect(emu.services.events.streams.countOf(keyId)).toBe(2)

    let created = 0
    while (emu.services.events.streams.countOf(keyId) === 2 && created < 200) {
      expect((await createProduct(emu, `Product ${created}`)).status).toBe(201)
      created++
    }
    // Dropped after a handful of events of about 1 KB each: the buffer bounds what it held.
    expect(emu.services.events.streams.countOf(keyId)).toBe(1)
    expect(created).toBeLessThan(100)

    await createProduct(emu, 'after the drop')
    const last = String(emu.services.events.lastCommittedSeq())
    await until(() => received().includes(last), 'the reading stream to get every event')
    expect(received()).toHaveLength(created + 1)
    // The stalled one got what fitted before the drop, then the reason, and its end.
    let stalledText = ''
    for (;;) {
      const { done, value } = await stalledReader.read().catch(() => ({ done: true, value: undefined }))
      if (done) break
      stalledText += new TextDecoder().decode(value)
    }
    expect(stalledText).not.toContain('after the drop')
    await readingReader.cancel()
    await reader
    emu.services.events.stop()
  })
})

describe('event stream batches', () => {
  it('carry every event committed while a batch waited, in one write per stream', async () => {
    const waiting: (() => void)[] = []
    const emu = await testEmulator({ sleep: () => new Promise<void>((resolve) => waiting.push(resolve)) })
    const readers = await Promise.all([openStream(emu), openStream(emu), openStream(emu)])
    const chunks = readers.map(() => [] as string[])
    const bodies = readers.map((res) => res.body!.getReader())
    const reading = bodies.map(async (reader, i) => {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        chunks[i]!.push(new TextDecoder().decode(value))
      }
    })
    await until(() => chunks.every((c) => c.length === 1), 'every greeting')
    const first = emu.services.events.lastCommittedSeq() + 1
    for (let i = 0; i < 5; i++) expect((await createProduct(emu, `Batched ${i}`)).status).toBe(201)
    // Nothing is written until the batch's wait ends, then one write per stream holds all five.
    expect(chunks.every((c) => c.length === 1)).toBe(true)
    expect(waiting).toHaveLength(1)
    waiting.shift()!()
    await until(() => chunks.every((c) => c.length === 2), 'one batch per stream')
    const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))
    for (const c of chunks) expect(ids(c[1]!)).toEqual([first, first + 1, first + 2, first + 3, first + 4])
    // The next event starts the next batch.
    expect((await createProduct(emu, 'next batch')).status).toBe(201)
    await until(() => waiting.length === 1, 'the next batch to wait')
    waiting.shift()!()
    await until(() => chunks.every((c) => c.length === 3), 'the next batch')
    for (const c of chunks) expect(ids(c[2]!)).toEqual([first + 5])
    for (const reader of bodies) await reader.cancel()
    await Promise.all(reading)
    emu.services.events.stop()
  })
})

/** The emulator's app on a real socket on 127.0.0.1; `close` ends every connection. */
async function serveOnSocket(emu: TestEmulator): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: async () => {
      ;(server as import('node:http').Server).closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      emu.services.events.stop()
    },
  }
}

async function readUntil(body: ReadableStream<Uint8Array>, ids: number): Promise<string> {
  const reader = body.getReader()
  let text = ''
  while ([...text.matchAll(/^id: \d+$/gm)].length < ids || !text.endsWith('\n\n')) {
    const { done, value } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
  }
  await reader.cancel()
  return text
}

describe('event streams over a socket', () => {
  it('send the same head and text as an in-process stream: greeting, backlog after Last-Event-ID, then live events', async () => {
    const emu = await testEmulator()
    const { origin, close } = await serveOnSocket(emu)
    try {
      await createProduct(emu, 'first')
      const from = emu.services.events.lastCommittedSeq()
      await createProduct(emu, 'second')
      const headers = { authorization: `Bearer ${TEST_KEY}`, 'last-event-id': String(from) }
      const overSocket = await fetch(`${origin}/_emulator/events`, { headers })
      const inProcess = await emu.app.request('/_emulator/events', { headers })
      expect(overSocket.status).toBe(200)
      for (const name of ['content-type', 'cache-control'])
        expect(overSocket.headers.get(name)).toBe(inProcess.headers.get(name))
      expect(overSocket.headers.get('content-type')).toBe('text/event-stream')
      await createProduct(emu, 'third')
      const texts = await Promise.all([readUntil(overSocket.body!, 2), readUntil(inProcess.body!, 2)])
      expect(texts[0]).toBe(texts[1])
      expect([...texts[0].matchAll(/"title":"(\w+)"/g)].map((m) => m[1])).toEqual(['second', 'third'])
      await until(() => emu.services.events.streams.size === 0, 'both streams to close')
    } finally {
      await close()
    }
  })
})

/** Logs in to the dashboard over the socket with `key`; the session cookie. */
async function dashboardLogin(origin: string, key: string): Promise<string> {
  const res = await fetch(`${origin}/_dashboard/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ key }).toString(),
  })
  expect(res.status).toBe(303)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}

/** Everything a stream sends until it ends. */
async function textUntilEnd(body: ReadableStream<Uint8Array>): Promise<string> {
  let text = ''
  for await (const chunk of body) text += new TextDecoder().decode(chunk)
  return text
}

describe('revoking a key', () => {
  it('ends its event streams and dashboard sessions at once; other keys keep theirs', async () => {
    const emu = await testEmulator()
    const { origin, close } = await serveOnSocket(emu)
    try {
      const doomed = await newKey(emu)
      const stream = (key: string) =>
        fetch(`${origin}/_emulator/events`, { headers: { authorization: `Bearer ${key}` } })
      const doomedStream = await stream(doomed.secret)
      const keptStream = await stream(TEST_KEY)
      expect([doomedStream.status, keptStream.status]).toEqual([200, 200])
      const doomedCookie = await dashboardLogin(origin, doomed.secret)
      const keptCookie = await dashboardLogin(origin, TEST_KEY)
      const page = (cookie: string) => fetch(`${origin}/_dashboard/api/v1/products`, { headers: { cookie } })
      expect((await page(doomedCookie)).status).toBe(200)

      const doomedText = textUntilEnd(doomedStream.body!)
      const revoke = await fetch(`${origin}/_emulator/keys/${doomed.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${TEST_KEY}` },
      })
      expect(revoke.status).toBe(200)
      // The stream ends without any further event, with the reason as its last message.
      expect(await doomedText).toMatch(/event: error\ndata: \{"error":"the API key of this stream was revoked"\}\n\n$/)
      expect(emu.services.events.streams.countOf(doomed.id)).toBe(0)
      expect((await page(doomedCookie)).status).toBe(401)

      const kept = parseSse(keptStream.body!)
      await createProduct(emu, 'still streamed')
      const next = await kept.next()
      expect(JSON.parse(next.value!.data).data.title).toBe('still streamed')
      expect((await page(keptCookie)).status).toBe(200)
      await kept.return(undefined)
    } finally {
      await close()
    }
  })
})

describe('deleting an account', () => {
  it("ends its keys' event streams and dashboard sessions at once; other accounts keep theirs", async () => {
    const emu = await testEmulator()
    const { origin, close } = await serveOnSocket(emu)
    try {
      const created = await emu.request('/_emulator/accounts', {
        method: 'POST',
        json: { name: 'Doomed', shop: { name: 'Doomed shop', slug: 'doomed' } },
      })
      expect(created.status).toBe(201)
      const { account, key } = (await created.json()) as {
        account: { id: string }
        key: { id: string; secret: string }
      }
      const doomedStream = await fetch(`${origin}/_emulator/events`, {
        headers: { authorization: `Bearer ${key.secret}` },
      })
      expect(doomedStream.status).toBe(200)
      const cookie = await dashboardLogin(origin, key.secret)
      const page = () => fetch(`${origin}/_dashboard/api/v1/products`, { headers: { cookie } })
      expect((await page()).status).toBe(200)
      const kept = await fetch(`${origin}/_emulator/events`, { headers: { authorization: `Bearer ${TEST_KEY}` } })
      const doomedText = textUntilEnd(doomedStream.body!)

      const deleted = await fetch(`${origin}/_emulator/accounts/${account.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${key.secret}` },
      })
      expect(deleted.status).toBe(200)
      expect(await doomedText).toMatch(/event: error\ndata: \{"error":"the API key of this stream was revoked"\}\n\n$/)
      expect(emu.services.events.streams.countOf(key.id)).toBe(0)
      expect((await page()).status).toBe(401)
      expect(emu.services.events.streams.countOf(keyIdOf(emu, TEST_KEY))).toBe(1)
      await kept.body!.cancel()
    } finally {
      await close()
    }
  })
})

describe('dashboard sessions', () => {
  const loginIn = (emu: TestEmulator, key: string) =>
    emu.app.request('/_dashboard/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: new URLSearchParams({ key }).toString(),
    })
  const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]
  const isLoggedIn = async (emu: TestEmulator, cookie: string) =>
    (await emu.app.request('/_dashboard/api/v1/products', { headers: { cookie } })).status === 200

  it("are capped per account: one account's 1,000 logins end none of another account's sessions", async () => {
    const emu = await testEmulator()
    await addAccount(emu, { slug: 'other', key: SECOND_KEY })
    const other = cookieOf(await loginIn(emu, SECOND_KEY))
    const firstOwn = cookieOf(await loginIn(emu, TEST_KEY))
    for (let i = 0; i < 1000; i++) expect((await loginIn(emu, TEST_KEY)).status).toBe(303)
    expect(await isLoggedIn(emu, other)).toBe(true)
    // The flooding account lost its own oldest session to its cap.
    expect(await isLoggedIn(emu, firstOwn)).toBe(false)
  })

  it('throttles failed logins per client: 429 with Retry-After, then a login works once the window passed', async () => {
    const emu = await testEmulator()
    for (let i = 0; i < 10; i++) expect((await loginIn(emu, `sk_live_wrong${i}`)).status).toBe(401)
    const refused = await loginIn(emu, TEST_KEY)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(await refused.text()).toContain('Too many failed logins from this address: try again in 60 s.')
    ;(emu.deps.clock as unknown as { tick(ms: number): void }).tick(60_000)
    expect((await loginIn(emu, TEST_KEY)).status).toBe(303)
  })
})
