import { expect } from 'vitest'
import type { AccountRecord, ShopRecord } from '../../src/contract/rows.js'
import type { testEmulator } from '../helpers/emulator.js'
import { scaled } from '../helpers/time-scale.js'

export type TestEmulator = Awaited<ReturnType<typeof testEmulator>>

/** A second account with its own shop and key, made through the service behind POST /_emulator/accounts. */
export function addAccount(
  emu: TestEmulator,
  o: { slug: string; key: string; name?: string },
): Promise<{ account: AccountRecord; shop: ShopRecord }> {
  return emu.services.seeding.createAccount({ ...o, keyName: 'second account' })
}

/**
 * A request of `tenant` (anonymous without one) whose body arrives only when released: its key is
 * checked, then it waits for the body, as a slow client's request does. `reading` resolves once
 * the route reads the body.
 */
export function heldRequest(emu: TestEmulator, tenant: { key: string } | undefined, path: string, json: unknown) {
  let markReading: () => void = () => undefined
  const reading = new Promise<void>((resolve) => (markReading = resolve))
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  const bytes = new TextEncoder().encode(JSON.stringify(json))
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      markReading()
      await released
      controller.enqueue(bytes)
      controller.close()
    },
  })
  const answer = emu.app.request(
    new Request(`http://emulator.test${path}`, {
      method: 'POST',
      // A declared length: the body is read by the route, after the key was checked.
      headers: {
        ...(tenant && { authorization: `Bearer ${tenant.key}` }),
        accept: 'application/json',
        'content-type': 'application/json',
        'content-length': String(bytes.length),
      },
      body,
      duplex: 'half',
    } as RequestInit),
  )
  return {
    reading,
    finish: async () => {
      release()
      const res = await answer
      return { status: res.status, body: (await res.json()) as { error?: string } }
    },
  }
}

/** Rows left behind by accounts that no longer exist: shops, keys, and rows of shops that no longer exist. */
export function orphansIn(emu: TestEmulator): string[] {
  const snapshot = emu.store.snapshot() as Record<string, { id?: string; accountId?: string; shopId?: string }[]>
  const accounts = new Set(snapshot.accounts.map((a) => a.id))
  const shops = new Set(snapshot.shops.map((s) => s.id))
  const orphans: string[] = []
  for (const [name, rows] of Object.entries(snapshot)) {
    if (!Array.isArray(rows)) continue
    for (const row of rows) {
      if (row.accountId !== undefined && !accounts.has(row.accountId)) orphans.push(`${name} ${row.id}`)
      if (row.shopId !== undefined && !shops.has(row.shopId)) orphans.push(`${name} ${row.id}`)
    }
  }
  return orphans
}

const SUBSCRIPTION_PRODUCT = 'prod_demo_subscription'

/** `count` subscriptions of the demo product on a plan without trial, as buyers make them. */
export async function subscribe(
  emu: TestEmulator,
  count: number,
  plan: { interval: 'DAY' | 'MONTH'; intervalCount: number },
): Promise<void> {
  const plans = await emu.request(`/_emulator/products/${SUBSCRIPTION_PRODUCT}/fulfilment`, {
    method: 'PUT',
    json: { subscription: { ...plan, trialDays: 0 } },
  })
  expect(plans.status).toBe(200)
  for (let i = 0; i < count; i++) {
    const checkout = await emu.app.request('/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        email: `buyer${i}@example.com`,
        items: [{ productId: SUBSCRIPTION_PRODUCT, quantity: 1 }],
      }),
    })
    expect(checkout.status).toBe(201)
    const { order } = (await checkout.json()) as { order: { id: string } }
    expect((await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })).status).toBe(200)
  }
}

export type Behaviour =
  | { kind: 'ok'; status?: number; body?: string; contentType?: string }
  | { kind: 'hang' }
  | { kind: 'reset' }
  /** Headers and a little of the body, then the connection is destroyed. */
  | { kind: 'reset-mid-body' }
  | { kind: 'slow'; delayMs: number; status?: number; body?: string }
  /** 200 at once, then one byte every `everyMs`, never ending. */
  | { kind: 'trickle'; everyMs: number }
  /** `bytes` of body streamed in 64 KiB chunks, honouring backpressure; `chunked` leaves out Content-Length. */
  | { kind: 'huge'; bytes: number; status?: number; contentType?: string; chunked?: boolean }
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string }

export interface Exchange {
  n: number
  method: string
  path: string
  body: string
  bytesWritten: number
  finished: boolean
  closedEarly: boolean
}

export interface MisbehavingReceiver {
  url: string
  exchanges: Exchange[]
  /** Resolves once `count` requests arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

/**
 * A receiver on 127.0.0.1, port 0, that misbehaves as `behave` says for each request (by its
 * 0-based number): hangs, resets, answers slowly, streams a huge body, or redirects. It records
 * how much it managed to write, so a test sees whether the client stopped reading.
 */
export async function misbehavingReceiver(behave: (n: number) => Behaviour): Promise<MisbehavingReceiver> {
  const { createServer } = await import('node:http')
  const exchanges: Exchange[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const timers = new Set<NodeJS.Timeout>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const n = exchanges.length
      const exchange: Exchange = {
        n,
        method: req.method ?? '',
        path: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
        bytesWritten: 0,
        finished: false,
        closedEarly: false,
      }
      exchanges.push(exchange)
      for (const w of waiters.filter((w) => exchanges.length >= w.count)) w.resolve()
      res.on('close', () => {
        if (!exchange.finished) exchange.closedEarly = true
      })
      const write = (chunk: string | Buffer) => {
        exchange.bytesWritten += Buffer.byteLength(chunk)
        return res.write(chunk)
      }
      const later = (ms: number, fn: () => void) => {
        const timer = setTimeout(() => {
          timers.delete(timer)
          fn()
        }, ms)
        timers.add(timer)
      }
      const b = behave(n)
      switch (b.kind) {
        case 'ok':
          res.writeHead(b.status ?? 200, { 'content-type': b.contentType ?? 'text/plain' })
          write(b.body ?? 'ok')
          res.end(() => (exchange.finished = true))
          return
        case 'hang':
          return
        case 'reset':
          req.socket.destroy()
          return
        case 'reset-mid-body':
          res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '1000' })
          write('partial answer')
          later(20, () => req.socket.destroy())
          return
        case 'slow':
          later(b.delayMs, () => {
            res.writeHead(b.status ?? 200, { 'content-type': 'text/plain' })
            write(b.body ?? 'slow but fine')
            res.end(() => (exchange.finished = true))
          })
          return
        case 'trickle': {
          res.writeHead(200, { 'content-type': 'text/plain' })
          const tick = () => {
            if (res.destroyed) return
            write('.')
            later(b.everyMs, tick)
          }
          tick()
          return
        }
        case 'huge': {
          res.writeHead(b.status ?? 200, {
            'content-type': b.contentType ?? 'text/plain',
            ...(b.chunked ? {} : { 'content-length': String(b.bytes) }),
          })
          const chunk = Buffer.alloc(64 * 1024, 'x')
          const pump = () => {
            while (!res.destroyed && exchange.bytesWritten < b.bytes) {
              const size = Math.min(chunk.length, b.bytes - exchange.bytesWritten)
              if (!write(size === chunk.length ? chunk : chunk.subarray(0, size))) return void res.once('drain', pump)
            }
            if (!res.destroyed) res.end(() => (exchange.finished = true))
          }
          pump()
          return
        }
        case 'redirect':
          res.writeHead(b.status, { location: b.location, 'content-type': 'text/plain' })
          write(`moved to ${b.location}`)
          res.end(() => (exchange.finished = true))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as import('node:net').AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    waitFor(count, timeout = 10_000) {
      const timeoutMs = scaled(timeout)
      if (exchanges.length >= count) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${exchanges.length} of ${count} requests within ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer)
            resolve()
          },
        })
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * The demo shop in-process with real fetch (for local receivers), the given options (short
 * timeouts) and an instant sleep that records the waits it was asked for (the retry schedule).
 */
export async function receiverEmulator(options: import('../../src/emulator/deps.js').EmulatorOptions) {
  const [{ startEmulator }, { loadSeedFile }, h] = await Promise.all([
    import('../../src/emulator/start.js'),
    import('../../src/contract/seed-file.js'),
    import('../helpers/emulator.js'),
  ])
  const sleeps: number[] = []
  const logs: string[] = []
  const started = await startEmulator({
    db: ':memory:',
    seed: loadSeedFile(h.DEMO_SEED_PATH),
    apiKey: h.TEST_KEY,
    clock: h.fixedClock(),
    random: h.seededRandom('receivers'),
    fetch: globalThis.fetch,
    sleep: async (ms) => void sleeps.push(ms),
    log: (line) => logs.push(line),
    options,
  })
  const request = h.requestFor(started.app)
  const json = async <T = any>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> =>
    (await (await request(path, init)).json()) as T
  return {
    ...started,
    sleeps,
    logs,
    request,
    json,
    idle: () => started.services.events.worker.idle(),
    stop: () => started.services.events.stop(),
  }
}
