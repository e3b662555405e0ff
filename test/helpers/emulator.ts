import { createHash } from 'node:crypto'
import { startEmulator, type StartedEmulator } from '../../src/emulator/start.js'
import { offsetClock, type EmulatorOptions } from '../../src/emulator/deps.js'
import { loadSeedFile, type SeedInput } from '../../src/contract/seed-file.js'
import type { JournalIO } from '../../src/emulator/store/journal.js'
import { checkResponses } from './openapi.js'

export const TEST_KEY = 'sk_live_testtesttesttesttesttesttesttest'
export const DEMO_SEED_PATH = new URL('../../fixtures/demo-shop.json', import.meta.url).pathname
export const FIXED_TIME = Date.parse('2026-06-01T12:00:00.000Z')

/** Deterministic bytes from a seed string (SHA-256 in counter mode). */
export function seededRandom(seed: string) {
  let counter = 0
  return {
    bytes(n: number): Uint8Array {
      const out = new Uint8Array(n)
      for (let filled = 0; filled < n; ) {
        const block = createHash('sha256').update(`${seed}:${counter++}`).digest()
        const take = Math.min(block.length, n - filled)
        out.set(block.subarray(0, take), filled)
        filled += take
      }
      return out
    },
  }
}

/** A clock that stands still unless advanced (tests advance it explicitly). */
export function fixedClock(at = FIXED_TIME) {
  let now = at
  const clock = offsetClock(() => now)
  return Object.assign(clock, { set: (t: number) => (now = t), tick: (ms: number) => (now += ms) })
}

export interface TestEmulatorOptions {
  db?: string
  seed?: 'demo' | 'empty' | SeedInput
  options?: EmulatorOptions
  fetch?: typeof fetch
  io?: JournalIO
  foldAtBytes?: number
  logs?: string[]
  /** What waiting does; by default nothing waits. */
  sleep?: (ms: number) => Promise<void>
}

/** The emulator in-process with an in-memory store (or a given db file), a fixed clock and seeded randomness. */
export async function testEmulator(o: TestEmulatorOptions = {}): Promise<
  StartedEmulator & {
    request: (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>
    logs: string[]
  }
> {
  const logs = o.logs ?? []
  const seed =
    o.seed === 'empty' ? undefined : o.seed === undefined || o.seed === 'demo' ? loadSeedFile(DEMO_SEED_PATH) : o.seed
  const started = await startEmulator({
    db: o.db ?? ':memory:',
    seed,
    apiKey: TEST_KEY,
    clock: fixedClock(),
    random: seededRandom('test'),
    fetch:
      o.fetch ??
      (async () => {
        throw new Error('no network in this test: pass fetch to testEmulator')
      }),
    sleep: o.sleep ?? (async () => undefined),
    log: (line) => logs.push(line),
    options: o.options ?? {},
    io: o.io,
    foldAtBytes: o.foldAtBytes,
  })
  checkResponses(started.app)
  return Object.assign(started, { request: requestFor(started.app), logs })
}

export type TestRequest = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>

/**
 * Requests to an app in-process with TEST_KEY, and `json` as a JSON body. Every answer is checked
 * against the OpenAPI documents (test/helpers/openapi.ts).
 */
export function requestFor(app: Parameters<typeof checkResponses>[0]): TestRequest {
  checkResponses(app)
  return (path, init = {}) => {
    const headers = new Headers(init.headers)
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${TEST_KEY}`)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    return Promise.resolve(app.request(path, { ...init, headers, body }))
  }
}

/** Signs in to the dashboard with a key; the session cookie (`store_dashboard=…`) for later requests. */
export async function dashboardCookie(app: Parameters<typeof checkResponses>[0], key = TEST_KEY): Promise<string> {
  const res = await app.request('/_dashboard/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams({ key }).toString(),
  })
  return (res.headers.get('set-cookie') ?? '').split(';')[0]
}
