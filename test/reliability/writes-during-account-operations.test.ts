import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { heldRequest, orphansIn, type TestEmulator } from './helpers.js'

/**
 * Writes in flight while a large account is deleted, restored or reset, each landing between two
 * of the operation's steps: a request whose key was checked before the operation began (a slow
 * body, `--latency`, an anonymous checkout, a new key or shop of the account). Each is refused and
 * leaves no row: after a deletion the db starts again, after a restore or reset the account is
 * exactly the state. A restore does not stop half way when another account takes, meanwhile, a
 * product id the restore freed a step before.
 */

const PRODUCTS = 8
/** Enough codes that each operation takes many transactions. */
const CODES = 40_000
const STEP_WAIT_MS = 60_000

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const tmpDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-fenced-'))
  dirs.push(dir)
  return join(dir, 'db.json')
}

/** PRODUCTS Serial products sharing CODES codes, and one plain product a visitor can buy. */
function bulkSeed(productIds = false) {
  return {
    products: [
      ...Array.from({ length: PRODUCTS }, (_, p) => ({
        id: `prod_bulk_${p}`,
        ...(productIds && { productId: `rec_bulk_${p}` }),
        name: `Bulk ${p}`,
        type: 'Serial',
        price: 1,
        status: 'Live',
        fulfilment: { serials: Array.from({ length: CODES / PRODUCTS }, (_, i) => `CODE-${p}-${i}`) },
      })),
      { id: 'prod_plain', name: 'Plain', type: 'Service', price: 1, status: 'Live' },
    ],
  }
}

const LATENCY_MS = 7

/**
 * A sleep whose `--latency` waits last until `open` is called: it holds a request after its key
 * was checked. `sleeping(n)` resolves once n requests wait in it.
 */
function gatedSleep() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => (open = resolve))
  let asleep = 0
  return {
    sleep: async (ms: number) => {
      if (ms !== LATENCY_MS) return
      asleep++
      await opened
    },
    sleeping: (n: number) => whenHolds('requests waiting in --latency', () => asleep >= n),
    open,
  }
}

interface Tenant {
  id: string
  key: string
  slug: string
}

/** The emulator on a new db (with `--latency`, its wait gated) and a tenant account seeded with CODES codes. */
async function withLargeTenant(db: string, productIds = false) {
  const gate = gatedSleep()
  const emu = await testEmulator({ db, seed: 'empty', options: { latencyMs: LATENCY_MS }, sleep: gate.sleep })
  const created = await emu.services.states.createAccount({ slug: 'tenant', seed: bulkSeed(productIds) })
  const tenant: Tenant = { id: created.account.id, key: created.secret, slug: 'tenant' }
  return { emu, gate, tenant }
}

const as = (tenant: Tenant, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { authorization: `Bearer ${tenant.key}` },
})

/**
 * The late writes, each past its key check (or, anonymous, its shop's check) and waiting: slow
 * bodies of the control API and the storefront, and `/api/v1` requests held by `--latency`.
 * Resolves once all of them wait; the function it gives releases them and gives their answers.
 */
async function lateWrites(emu: TestEmulator, tenant: Tenant, gate: ReturnType<typeof gatedSleep>) {
  const held = [
    heldRequest(emu, tenant, '/_emulator/keys', { name: 'late' }),
    heldRequest(emu, tenant, '/_emulator/shops', { name: 'Late shop', slug: 'late-shop' }),
    heldRequest(emu, tenant, '/_emulator/webhooks', { url: 'http://127.0.0.1:9/late', events: ['order:paid'] }),
    heldRequest(emu, undefined, `/storefront/${tenant.slug}/checkout`, {
      email: 'late@example.com',
      items: [{ productId: 'prod_plain', quantity: 1 }],
    }),
  ]
  const delayed = [
    ['/api/v1/products', { name: 'Late', price: 1, type: 'Digital' }],
    ['/api/v1/coupons', { code: 'LATE', type: 'percentage', value: 5 }],
  ].map(async ([path, body]) => {
    const res = await emu.app.request(path as string, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as { error?: string } }
  })
  await Promise.all([...held.map((h) => h.reading), gate.sleeping(delayed.length)])
  return async () => {
    gate.open()
    return Promise.all([...held.map((h) => h.finish()), ...delayed])
  }
}

/** Resolves once `holds()` is true, a turn of the event loop at a time (the operation's steps run between). */
async function whenHolds(what: string, holds: () => boolean): Promise<void> {
  for (const deadline = performance.now() + STEP_WAIT_MS; !holds(); await nextTurn())
    if (performance.now() > deadline) throw new Error(`${what} did not happen within ${STEP_WAIT_MS} ms`)
}

const isMarked = (emu: TestEmulator, id: string) => emu.store.collections.accounts.get(id)?.unfinished !== undefined

describe('a write in flight while its account is deleted in steps', () => {
  it('is refused as the deletion says, leaves no row, and the db starts again', { timeout: 120_000 }, async () => {
    const db = tmpDb()
    const { emu, gate, tenant } = await withLargeTenant(db)
    const release = await lateWrites(emu, tenant, gate)

    const deletion = emu.request(`/_emulator/accounts/${tenant.id}`, as(tenant, { method: 'DELETE' }))
    await whenHolds('a step of the deletion', () => isMarked(emu, tenant.id))
    const answers = await release()
    // The deletion was still under way when they landed: the account is there, marked.
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(404)
      expect(answer.body.error).toMatch(/^account acct_\w+ was deleted while this request ran; nothing was changed/)
    }
    expect((await deletion).status).toBe(200)
    expect(orphansIn(emu)).toEqual([])
    await emu.stop()

    const again = await testEmulator({ db })
    expect(orphansIn(again)).toEqual([])
    const left = JSON.stringify(again.store.snapshot())
    for (const trace of [tenant.id, 'late-shop', 'late@example.com', 'LATE', '/late', 'CODE-'])
      expect(left).not.toContain(trace)
    await again.stop()
  })
})

describe.each([
  ['restore', '/_emulator/state/restore', { name: 'full' }, 'restored to saved state "full"'],
  ['reset', '/_emulator/reset', undefined, 'reset'],
])('a write in flight while its account is %s in steps', (_what, path, body, words) => {
  it('is refused, and the account is exactly the state once it answers', { timeout: 120_000 }, async () => {
    const db = tmpDb()
    const { emu, gate, tenant } = await withLargeTenant(db)
    const saved = await emu.request('/_emulator/state/save', as(tenant, { method: 'POST', json: { name: 'full' } }))
    expect(saved.status).toBe(201)
    for (let p = 0; p < PRODUCTS; p++) {
      const emptied = await emu.request(
        `/_emulator/products/prod_bulk_${p}/fulfilment`,
        as(tenant, { method: 'PUT', json: { serials: [] } }),
      )
      expect(emptied.status).toBe(200)
    }
    const release = await lateWrites(emu, tenant, gate)

    const operation = emu.request(path, as(tenant, { method: 'POST', ...(body && { json: body }) }))
    await whenHolds('a step of the operation', () => isMarked(emu, tenant.id))
    const answers = await release()
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(409)
      expect(answer.body.error).toBe(
        `account ${tenant.id} was being ${words} while this request ran; nothing was changed. Send the request again.`,
      )
    }
    expect((await operation).status).toBe(200)

    // Exactly the state: its products with their codes, and nothing the late writes sent.
    const { collections } = emu.store
    const shops = [...collections.shops.oldestFirst('account', tenant.id)]
    expect(shops.map((s) => s.slug)).toEqual(['tenant'])
    expect([...collections.products.oldestFirst('shop', shops[0].id)].map((p) => p.id)).toEqual([
      ...Array.from({ length: PRODUCTS }, (_, p) => `prod_bulk_${p}`),
      'prod_plain',
    ])
    for (let p = 0; p < PRODUCTS; p++)
      expect(collections.serials.count('product', `prod_bulk_${p}`)).toBe(CODES / PRODUCTS)
    expect(collections.orders.count('shop', shops[0].id)).toBe(0)
    expect(collections.coupons.count('shop', shops[0].id)).toBe(0)
    expect(collections.webhooks.count('shop', shops[0].id)).toBe(0)
    expect(collections.keys.count('account', tenant.id)).toBe(1)
    expect(collections.accounts.get(tenant.id)?.unfinished).toBeUndefined()
    await emu.stop()
  })
})

describe('a restore in steps', () => {
  it('keeps the product ids it frees from another account until it ends, and a restart has nothing to finish', {
    timeout: 120_000,
  }, async () => {
    const db = tmpDb()
    const { emu, tenant } = await withLargeTenant(db, true)
    const saved = await emu.request('/_emulator/state/save', as(tenant, { method: 'POST', json: { name: 'full' } }))
    expect(saved.status).toBe(201)
    // Now other products hold the state's product ids: the restore deletes them, then puts its own back.
    const reseeded = Array.from({ length: PRODUCTS }, (_, p) => ({
      name: `Other ${p}`,
      type: 'Service',
      price: 2,
      productId: `rec_bulk_${p}`,
    }))
    const imported = await emu.request(
      '/_emulator/state/restore',
      as(tenant, { method: 'POST', json: { seed: { products: reseeded } } }),
    )
    expect(imported.status).toBe(200)

    const { collections } = emu.store
    const restore = emu.request('/_emulator/state/restore', as(tenant, { method: 'POST', json: { name: 'full' } }))
    await whenHolds('the restore freeing rec_bulk_0', () => !collections.products.getBy('productId', 'rec_bulk_0'))
    expect(isMarked(emu, tenant.id)).toBe(true)
    // Another account imports a seed with that product id while the restore runs.
    const other = emu.services.accounts.all().find((a) => a.id !== tenant.id)!
    const otherShop = emu.services.accounts.shops(other)[0]
    await emu.services.states.import(otherShop, {
      products: [{ id: 'prod_other', name: 'Taken', type: 'Service', price: 3, productId: 'rec_bulk_0' }],
    })

    const answer = await restore
    expect(answer.status, await answer.clone().text()).toBe(200)
    for (let p = 0; p < PRODUCTS; p++)
      expect(collections.products.getBy('productId', `rec_bulk_${p}`)?.id).toBe(`prod_bulk_${p}`)
    expect(collections.products.get('prod_other')?.productId).not.toBe('rec_bulk_0')
    expect(collections.accounts.get(tenant.id)?.unfinished).toBeUndefined()
    await emu.stop()

    const logs: string[] = []
    const again = await testEmulator({ db, logs })
    expect(logs.filter((line) => line.includes('stop interrupted'))).toEqual([])
    expect(again.store.collections.products.getBy('productId', 'rec_bulk_0')?.id).toBe('prod_bulk_0')
    await again.stop()
  })
})
