import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startEmulator } from '../../src/emulator/start.js'
import { DEMO_SEED_PATH, TEST_KEY, fixedClock, seededRandom, testEmulator } from '../helpers/emulator.js'
import { loadSeedFile } from '../../src/contract/seed-file.js'
import { heldRequest, orphansIn, type TestEmulator } from './helpers.js'

/**
 * Reliability: accounts come and go while their requests are in flight. Whatever runs against an
 * account while it is deleted either happens before the deletion (and goes with it) or is refused:
 * nothing of a deleted account comes back (no shop owned by no account, no blocked slug, no key,
 * no saved state), before or after a restart. `--api-key` is never attached to an account it was
 * not made for.
 */

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const tmpDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-lifecycle-'))
  dirs.push(dir)
  return join(dir, 'db.json')
}

interface Tenant {
  id: string
  slug: string
  key: string
}

async function newTenant(emu: TestEmulator, slug: string): Promise<Tenant> {
  const res = await emu.request('/_emulator/accounts', { method: 'POST', json: { shop: { name: slug, slug } } })
  expect(res.status).toBe(201)
  const body = (await res.json()) as { account: { id: string }; key: { secret: string } }
  return { id: body.account.id, slug, key: body.key.secret }
}

const asTenant = (t: Tenant, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${t.key}` },
})

async function deleteAccount(emu: TestEmulator, t: Tenant) {
  const res = await emu.request(`/_emulator/accounts/${t.id}`, asTenant(t, { method: 'DELETE' }))
  expect(res.status).toBe(200)
}

describe('an account deleted while its requests are in flight', () => {
  it.each([
    ['a product', '/api/v1/products', { name: 'Late', price: 1, type: 'Digital' }],
    ['a coupon', '/api/v1/coupons', { code: 'LATE', type: 'percentage', value: 5 }],
    ['a webhook endpoint', '/_emulator/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['order:paid'] }],
  ])(
    'refuses %s of its shop that reaches it after the deletion: no row of a deleted shop, and the db loads',
    async (_what, path, body) => {
      const db = tmpDb()
      const emu = await testEmulator({ db })
      const tenant = await newTenant(emu, 'tenant')
      const held = heldRequest(emu, tenant, path, body)
      await held.reading
      await deleteAccount(emu, tenant)
      const answer = await held.finish()
      expect(answer.status, JSON.stringify(answer.body)).toBe(403)
      expect(answer.body.error).toMatch(/^shop shop_\w+ was deleted; nothing was saved$/)
      expect(orphansIn(emu)).toEqual([])
      await emu.stop()
      const again = await testEmulator({ db })
      expect(orphansIn(again)).toEqual([])
      await again.stop()
    },
  )

  it.each([
    ['a restore', '/_emulator/state/restore', { name: 'saved' }],
    ['an import', '/_emulator/state/restore', { seed: { products: [{ name: 'Back', type: 'Service', price: 1 }] } }],
    ['a new shop', '/_emulator/shops', { name: 'Second', slug: 'second-shop' }],
    ['a new key', '/_emulator/keys', { name: 'late' }],
    ['a save', '/_emulator/state/save', { name: 'late' }],
  ])('refuses %s that reaches it after the deletion: nothing comes back', async (_what, path, body) => {
    const db = tmpDb()
    const emu = await testEmulator({ db })
    const tenant = await newTenant(emu, 'tenant')
    const saved = await emu.request(
      '/_emulator/state/save',
      asTenant(tenant, { method: 'POST', json: { name: 'saved' } }),
    )
    expect(saved.status).toBe(201)

    const held = heldRequest(emu, tenant, path, body)
    await held.reading
    await deleteAccount(emu, tenant)
    const answer = await held.finish()
    expect(answer.status, JSON.stringify(answer.body)).toBe(404)
    expect(answer.body.error).toMatch(/account .* (was deleted|no longer exists)/)

    expect(orphansIn(emu)).toEqual([])
    expect(existsSync(join(`${db}.states`, tenant.id))).toBe(false)
    // The slugs are free again.
    for (const slug of ['tenant', 'second-shop']) await newTenant(emu, slug)
    await emu.stop()
    const again = await testEmulator({ db })
    expect(orphansIn(again)).toEqual([])
    await again.stop()
  })

  it('refuses a reset that reaches it after the deletion', async () => {
    const emu = await testEmulator({ db: tmpDb() })
    const tenant = await newTenant(emu, 'tenant')
    const account = emu.services.accounts.all().find((a) => a.id === tenant.id)!
    const removal = emu.services.states.deleteAccount(tenant.id)
    const reset = emu.services.states.reset(account).then(
      () => 'reset',
      (error: unknown) => error,
    )
    await removal
    expect(await reset).toMatchObject({ status: 404, message: expect.stringMatching(/was deleted/) })
    expect(orphansIn(emu)).toEqual([])
    await emu.stop()
  })
})

describe('--api-key on an existing db', () => {
  const start = (db: string, apiKey?: string) =>
    startEmulator({
      db,
      seed: loadSeedFile(DEMO_SEED_PATH),
      apiKey,
      clock: fixedClock(),
      random: seededRandom(`api-key-${apiKey}`),
      fetch: globalThis.fetch,
      sleep: async () => undefined,
      log: () => undefined,
    })

  it("is never attached to another tenant's account once the account it was made for is deleted", async () => {
    const db = tmpDb()
    const first = await start(db, TEST_KEY)
    const created = await first.app.request('/_emulator/accounts', {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shop: { name: 'Tenant', slug: 'tenant' } }),
    })
    const tenant = (await created.json()) as { account: { id: string }; key: { secret: string } }
    const own = first.services.accounts.keyOf(TEST_KEY)!.accountId
    const removed = await first.app.request(`/_emulator/accounts/${own}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${TEST_KEY}` },
    })
    expect(removed.status).toBe(200)
    await first.stop()

    const refused = start(db, TEST_KEY)
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/--api-key .* is not a key of any account in .*db\.json/),
    })
    // The refused start changed nothing and let go of the db: a start without the key sees the tenant alone.
    const after = await start(db)
    expect(after.services.accounts.all().map((a) => a.id)).toEqual([tenant.account.id])
    expect(after.services.accounts.keyOf(TEST_KEY)).toBeUndefined()
    await after.stop()
  })

  it('is refused, not attached, on a db made with another key', async () => {
    const db = tmpDb()
    const first = await start(db, 'sk_live_madeWithThisKeyAtTheStart000001')
    await first.stop()
    await expect(start(db, TEST_KEY)).rejects.toMatchObject({ status: 409 })
    const again = await start(db, 'sk_live_madeWithThisKeyAtTheStart000001')
    expect(again.services.accounts.keyOf(TEST_KEY)).toBeUndefined()
    await again.stop()
  })
})
