import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { STOREFRONT_BODY_LIMIT } from '../../src/emulator/app.js'
import type { EmulatorOptions } from '../../src/emulator/deps.js'
import { parseServeOptions, type ServeOptions } from '../../src/cli/commands/serve.js'
import { MAX_CUSTOM_FIELDS, MAX_CUSTOM_FIELDS_BYTES } from '../../src/contract/storefront.js'
import { fixedClock, seededRandom, TEST_KEY, DEMO_SEED_PATH, requestFor } from '../helpers/emulator.js'
import { startEmulator } from '../../src/emulator/start.js'
import { loadSeedFile } from '../../src/contract/seed-file.js'

/**
 * Anonymous storefront checkouts have no bounds: checkout bodies are bounded (400 per
 * field, 413 past the storefront's body limit), each visitor has a budget of storefront writes
 * (429 with Retry-After), and past --max-db-size writes are refused (507) while reads go on.
 */

const folders: string[] = []
const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

async function emulator(options: EmulatorOptions = {}, db = ':memory:') {
  const clock = fixedClock()
  const started = await startEmulator({
    db,
    seed: loadSeedFile(DEMO_SEED_PATH),
    apiKey: TEST_KEY,
    clock,
    random: seededRandom('limits'),
    fetch: async () => new Response('ok'),
    sleep: async () => undefined,
    log: () => undefined,
    options,
  })
  stops.push(() => started.stop())
  return { ...started, clock, request: requestFor(started.app) }
}

const checkout = (emu: Awaited<ReturnType<typeof emulator>>, body: unknown) =>
  emu.app.request('/storefront/demo/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const ORDER = { items: [{ productId: 'rec_demoSerial001' }], email: 'buyer@example.com' }

describe('checkout bodies are bounded', () => {
  const fields = (n: number, value = 'x') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, value]))

  it.each([
    [
      `${MAX_CUSTOM_FIELDS + 1} custom fields`,
      fields(MAX_CUSTOM_FIELDS + 1),
      /^customFields: must hold at most 50 fields \(got 51\)$/,
    ],
    [
      'custom fields larger than their limit as JSON',
      fields(4, 'v'.repeat(MAX_CUSTOM_FIELDS_BYTES / 4)),
      /^customFields: must be at most 8192 bytes as JSON \(got \d+\)$/,
    ],
    ['a custom field name of 101 characters', { ['n'.repeat(101)]: 1 }, /field names must be at most 100 characters$/],
  ])('refuses %s with 400 naming customFields', async (_case, customFields, message) => {
    const emu = await emulator()
    const res = await checkout(emu, { ...ORDER, customFields })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; errors: { field: string }[] }
    expect(body.error).toMatch(message)
    expect(body.errors[0].field).toMatch(/^customFields/)
  })

  it('accepts custom fields within every limit', async () => {
    const emu = await emulator()
    const customFields = fields(MAX_CUSTOM_FIELDS, 'v'.repeat(100))
    const res = await checkout(emu, { ...ORDER, customFields })
    expect(res.status).toBe(201)
    expect(((await res.json()) as { order: { customFields: unknown } }).order.customFields).toEqual(customFields)
  })

  it(`refuses a storefront body past ${STOREFRONT_BODY_LIMIT} bytes with 413, while /api/v1 still takes 1 MB`, async () => {
    const emu = await emulator()
    const padded = JSON.stringify({ ...ORDER, name: 'n'.repeat(STOREFRONT_BODY_LIMIT) })
    const res = await checkout(emu, padded)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      error: `body: is larger than ${STOREFRONT_BODY_LIMIT} bytes; send a smaller request`,
      errors: [{ field: 'body', message: `is larger than ${STOREFRONT_BODY_LIMIT} bytes; send a smaller request` }],
    })
    const product = await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Big', price: 1, type: 'Digital', description: 'd'.repeat(9_000) },
    })
    expect(product.status).toBe(201)
  })
})

describe('storefront writes per visitor', () => {
  it('answers 429 with Retry-After past the budget, leaves reads alone, and opens again when the window ends', async () => {
    const emu = await emulator({ storefrontRateLimit: { requests: 3, windowSeconds: 60 } })
    for (let i = 0; i < 3; i++) expect((await checkout(emu, ORDER)).status).toBe(201)
    emu.clock.tick(20_000)
    const refused = await checkout(emu, ORDER)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('40')
    expect(await refused.json()).toEqual({
      error:
        'rate limit exceeded: 3 storefront writes per 60 s per visitor (store serve --storefront-rate-limit); retry after 40 s',
    })
    const question = await emu.app.request('/storefront/demo/queries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', subject: 's', message: 'm' }),
    })
    expect(question.status).toBe(429)
    expect((await emu.app.request('/storefront/demo/products')).status).toBe(200)
    expect(
      (await emu.request('/api/v1/products', { method: 'POST', json: { name: 'K', price: 1, type: 'Digital' } }))
        .status,
    ).toBe(201)
    emu.clock.tick(40_000)
    expect((await checkout(emu, ORDER)).status).toBe(201)
  })

  it('is on by default in store serve, set by --storefront-rate-limit, and off with "off"', () => {
    const base: ServeOptions = { port: '0', host: '127.0.0.1', db: ':memory:', seed: 'demo' }
    expect(parseServeOptions(base).emulator.storefrontRateLimit).toEqual({ requests: 600, windowSeconds: 60 })
    expect(parseServeOptions({ ...base, storefrontRateLimit: '5/10' }).emulator.storefrontRateLimit).toEqual({
      requests: 5,
      windowSeconds: 10,
    })
    expect(parseServeOptions({ ...base, storefrontRateLimit: 'off' }).emulator.storefrontRateLimit).toBeUndefined()
    expect(() => parseServeOptions({ ...base, storefrontRateLimit: 'lots' })).toThrow(
      '--storefront-rate-limit: "lots" is not N/SECONDS, e.g. 100/10, or off',
    )
  })
})

describe('--max-db-size', () => {
  it('parses sizes in powers of 1024, 512M by default, and refuses nonsense', () => {
    const base: ServeOptions = { port: '0', host: '127.0.0.1', db: ':memory:', seed: 'demo' }
    expect(parseServeOptions(base).emulator.maxDbBytes).toBe(512 * 1024 ** 2)
    expect(parseServeOptions({ ...base, maxDbSize: '2G' }).emulator.maxDbBytes).toBe(2 * 1024 ** 3)
    expect(parseServeOptions({ ...base, maxDbSize: '64MiB' }).emulator.maxDbBytes).toBe(64 * 1024 ** 2)
    for (const bad of ['big', '-1M', '1k', '0'])
      expect(() => parseServeOptions({ ...base, maxDbSize: bad })).toThrow(
        `--max-db-size: "${bad}" is not a size of at least 1M, e.g. 512M or 2G`,
      )
  })

  it('past the size, answers writes 507 with what to do; reads, deletes and the dashboard login go on', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'store-limits-'))
    folders.push(folder)
    const db = join(folder, 'db.json')
    const options: EmulatorOptions = {}
    const emu = await emulator(options, db)
    expect((await checkout(emu, ORDER)).status).toBe(201)
    options.maxDbBytes = emu.store.diskBytes - 1

    const refused = await checkout(emu, ORDER)
    expect(refused.status).toBe(507)
    const { error } = (await refused.json()) as { error: string }
    expect(error).toMatch(
      /^the store is full: .*db\.json and its journal take [\d.]+ MiB, past --max-db-size [\d.]+ MiB\. /,
    )
    expect(error).toMatch(
      /Writes are refused, reads go on: delete records \(DELETE still works\), or restart store serve with a larger --max-db-size\.$/,
    )
    const create = await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'K', price: 1, type: 'Digital' },
    })
    expect(create.status).toBe(507)
    expect((await emu.request('/api/v1/orders')).status).toBe(200)
    expect((await emu.app.request('/storefront/demo/products')).status).toBe(200)
    expect((await emu.request('/api/v1/coupons/cpn_demo_five', { method: 'DELETE' })).status).toBe(200)
    const login = await emu.app.request('/_dashboard/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
      body: `key=${TEST_KEY}`,
    })
    expect(login.status).toBe(303)
  })
})
