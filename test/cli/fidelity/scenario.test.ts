// biome-ignore-all lint/suspicious/noTemplateCurlyInString: fixture steps are written with ${name:path} references
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { StoreClient } from '../../../src/client/index.js'
import { httpFetch } from '../../../src/cli/http-fetch.js'
import { StoreError } from '../../../src/contract/store-error.js'
import { loadSeedFile } from '../../../src/contract/seed-file.js'
import type { TestEmulatorOptions } from '../../helpers/emulator.js'
import {
  cleanups,
  folder,
  type RealEmulator,
  realEmulator,
  runCliTo,
  startProxyCli,
  TEST_KEY,
  wrongUpstream,
} from './harness.js'

async function emulator(seed: TestEmulatorOptions['seed']): Promise<RealEmulator> {
  const started = await realEmulator({ seed })
  cleanups.push(() => started.stop())
  return started
}

/** What an app does: reads a page and the next, one listed product, then a product's life, a coupon, a miss. */
async function session(api: string): Promise<void> {
  const client = new StoreClient({ baseUrl: api, apiKey: TEST_KEY, fetch: httpFetch, retry: false })
  const first = await client.products.list({ limit: 2 })
  await client.products.list({ limit: 2, cursor: first.nextCursor ?? undefined })
  await client.products.get(first.products[0].id)
  const made = await client.products.create({ name: 'Scenario', type: 'Service', price: 4, status: 'Live' })
  await client.products.get(made.productId)
  await client.products.update(made.id, { price: 5 })
  await client.coupons.create({ code: 'scenario', type: 'fixed', value: 2 })
  await expect(client.products.get('prod_missing')).rejects.toBeInstanceOf(StoreError)
  await client.products.delete(made.id)
}

interface Step {
  name: string
  request: { method: string; path: string; body?: unknown }
  expect: { status: number; body?: Record<string, unknown> }
}

describe('a recording as a scenario: store fixtures from-har, store seed from-har, store fixtures run', () => {
  it('makes a fixture and a seed of a proxied session; the fixture runs green on a fresh emulator seeded with the seed, and fails naming the step and field on an upstream that renames a field', async () => {
    const dir = folder()
    const hosted = await emulator('demo')
    const proxy = await startProxyCli(['--upstream', hosted.api, '--record', 'session.har'], dir)
    await session(proxy.api)
    proxy.stop()
    expect(await proxy.done).toBe(0)

    const made = await runCliTo(['fixtures', 'from-har', 'session.har', '--out', 'session.fixtures.json'], dir)
    expect(made.code).toBe(0)
    expect(made.stderr).toContain(
      'warning: session.har reads records it does not create (5 products): run the fixtures in an account seeded with them (store seed from-har session.har',
    )
    expect(made.stderr).toContain('✓ 9 steps from session.har written to session.fixtures.json')
    const text = readFileSync(join(dir, 'session.fixtures.json'), 'utf8')
    expect(text).not.toContain(TEST_KEY.slice(8, -4))
    expect(text.toLowerCase()).not.toContain('authorization')
    const file = JSON.parse(text) as { description: string; fixtures: Step[] }
    expect(file.description).toContain('store seed from-har session.har')
    const steps = file.fixtures
    expect(steps.map((s) => s.name)).toEqual([
      'list-products',
      'list-products-2',
      'get-product',
      'create-product',
      'get-product-2',
      'update-product',
      'create-coupon',
      'get-product-404',
      'delete-product',
    ])
    const byName = Object.fromEntries(steps.map((s) => [s.name, s]))
    expect(byName['list-products-2'].request.path).toBe('/api/v1/products?limit=2&cursor=${list-products:nextCursor}')
    expect(byName['get-product'].request.path).toBe('/api/v1/products/${list-products:products.0.id}')
    expect(byName['get-product-2'].request.path).toBe('/api/v1/products/${create-product:productId}')
    expect(byName['update-product']).toMatchObject({
      request: { method: 'PUT', path: '/api/v1/products/${create-product:id}', body: { price: 5 } },
      expect: {
        status: 200,
        body: { id: '${create-product:id}', price: '${any:number}', createdAt: '${any:timestamp}' },
      },
    })
    expect(byName['create-coupon'].request.body).toEqual({ code: 'scenario', type: 'fixed', value: 2 })
    expect(byName['get-product-404']).toMatchObject({
      request: { path: '/api/v1/products/prod_missing' },
      expect: { status: 404, body: { error: '${any:string}' } },
    })
    expect(byName['delete-product'].expect).toEqual({ status: 200, body: { success: '${any:boolean}' } })

    const seeded = await runCliTo(['seed', 'from-har', 'session.har', '--out', 'seed.json'], dir)
    expect(seeded.code).toBe(0)
    expect(seeded.stderr).toMatch(/✓ \d+ products from the reads of session\.har written to seed\.json/)
    const seed = loadSeedFile(join(dir, 'seed.json'))

    const fresh = await emulator(seed)
    const green = await runCliTo(
      ['fixtures', 'run', 'session.fixtures.json', '--base-url', fresh.api, '--api-key', TEST_KEY],
      dir,
    )
    expect(green.stderr).toBe('')
    expect(green.code).toBe(0)
    expect(
      green.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[0]),
    ).toEqual(steps.map((s) => s.name))

    const renaming = await wrongUpstream((await emulator(seed)).api, (answer) =>
      answer.path.startsWith('/products') ? { ...answer, body: answer.body.replaceAll('"name":', '"title":') } : answer,
    )
    cleanups.push(() => renaming.stop())
    const red = await runCliTo(
      ['fixtures', 'run', 'session.fixtures.json', '--base-url', renaming.api, '--api-key', TEST_KEY],
      dir,
    )
    expect(red.code).toBe(1)
    expect(red.stderr.split('\n')[0]).toBe(
      'error: step "list-products" (GET /api/v1/products?limit=2) did not answer as expected: missing field: products.0.name: expected string, got nothing',
    )
    expect(red.stdout).toBe('')
  })
})
