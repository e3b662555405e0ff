import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tmpFolder } from '../e2e/serve-process.js'
import { testEmulator, type TestRequest } from '../helpers/emulator.js'
import { subscribe } from './helpers.js'

/** Many accounts, saved states and the request log: what one account does bounds what all of them may hold. */

const DAY = 86_400
const folders: { remove: () => void }[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove()
})
function dbPath(): string {
  const folder = tmpFolder('store-accounts-')
  folders.push(folder)
  return join(folder.dir, 'store.json')
}

/** A new account through the control API, and a request function with its key. */
async function newAccount(request: TestRequest, name: string) {
  const res = await request('/_emulator/accounts', { method: 'POST', json: { name, shop: { slug: name } } })
  return { res, body: (await res.json()) as { account?: { id: string }; key?: { secret: string }; error?: string } }
}

describe('accounts and saved states under heavy use', () => {
  it('caps the accounts: one past --max-accounts is answered 507 with what to do, and deleting one makes room', async () => {
    const emu = await testEmulator({ options: { maxAccounts: 3 } })
    const made: { id: string; secret: string }[] = []
    for (const name of ['one', 'two']) {
      const { res, body } = await newAccount(emu.request, name)
      expect(res.status).toBe(201)
      made.push({ id: body.account!.id, secret: body.key!.secret })
    }
    const refused = await newAccount(emu.request, 'three')
    expect(refused.res.status).toBe(507)
    expect(refused.body.error).toMatch(/holds 3 accounts, its limit \(--max-accounts 3\): delete accounts/)
    expect(emu.services.accounts.all()).toHaveLength(3)
    const own = { authorization: `Bearer ${made[0].secret}` }
    expect(
      (await emu.app.request(`/_emulator/accounts/${made[0].id}`, { method: 'DELETE', headers: own })).status,
    ).toBe(200)
    expect((await newAccount(emu.request, 'three')).res.status).toBe(201)
  })

  it('keeps the request log of all accounts within its memory: the oldest requests of any account go first', async () => {
    const emu = await testEmulator({ options: { requestLogBytes: 400_000 } })
    const { body } = await newAccount(emu.request, 'noisy')
    const noisy = { authorization: `Bearer ${body.key!.secret}`, 'content-type': 'application/json' }
    expect((await emu.request('/api/v1/products?limit=1')).status).toBe(200)
    const big = JSON.stringify({ name: 'Big', price: 1, type: 'Digital', description: 'x'.repeat(9_000) })
    for (let i = 0; i < 60; i++) {
      const res = await emu.app.request('/api/v1/products', { method: 'POST', headers: noisy, body: big })
      expect(res.status).toBe(201)
    }
    // The first account's only request was the oldest of all: gone; the noisy account keeps its newest.
    const mine = (await (await emu.request('/_emulator/requests')).json()) as { requests: { path: string }[] }
    expect(mine.requests.map((r) => r.path)).not.toContain('/api/v1/products')
    const theirs = await emu.app.request('/_emulator/requests?limit=1000', { headers: noisy })
    const kept = ((await theirs.json()) as { requests: unknown[] }).requests.length
    expect(kept).toBeGreaterThan(5)
    expect(kept).toBeLessThan(60)
  })

  it.each([
    [
      'a restore',
      (request: TestRequest) => request('/_emulator/state/restore', { method: 'POST', json: { name: 'start' } }),
    ],
    ['a reset', (request: TestRequest) => request('/_emulator/reset', { method: 'POST' })],
  ])(
    'runs %s sent during a clock advance after it, never in the middle',
    async (_case, undo) => {
      const emu = await testEmulator({ db: dbPath() })
      await subscribe(emu, 30, { interval: 'DAY', intervalCount: 1 })
      const shop = emu.services.storefront.shop('demo')
      expect((await emu.request('/_emulator/state/save', { method: 'POST', json: { name: 'start' } })).status).toBe(201)
      const ordersAtStart = emu.services.orders.list(shop, Infinity).length
      const [account] = emu.services.accounts.all()
      const advance = emu.request('/_emulator/clock/advance', { method: 'POST', json: { seconds: 200 * DAY } })
      // Sent once the advance is visibly under way: its first transactions are done, most are not.
      while (emu.services.clock.state(account).offsetSeconds === 0) await new Promise((r) => setImmediate(r))
      const undone = undo(emu.request)
      const [advanced, restored] = await Promise.all([advance, undone])
      expect(advanced.status).toBe(200)
      expect(((await advanced.json()) as { due: { renewed: number } }).due.renewed).toBe(30 * 200)
      expect(restored.status).toBe(200)
      // One after the other, never a mix: the undo came last, so the clock is back at 0 and no renewal is left.
      const clock = (await (await emu.request('/_emulator/clock')).json()) as { offsetSeconds: number }
      expect(clock.offsetSeconds).toBe(0)
      const orders = emu.services.orders.list(emu.services.storefront.shop('demo'), Infinity)
      expect(orders.length).toBeLessThanOrEqual(ordersAtStart)
      await emu.stop()
    },
    60_000,
  )

  it("never brings a deleted account's shop back when a restore races the deletion", async () => {
    const emu = await testEmulator({ db: dbPath() })
    for (let round = 0; round < 10; round++) {
      const { body } = await newAccount(emu.request, `doomed-${round}`)
      const headers = { authorization: `Bearer ${body.key!.secret}`, 'content-type': 'application/json' }
      const call = (path: string, method: string, json?: unknown) =>
        emu.app.request(path, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) })
      expect((await call('/_emulator/state/save', 'POST', { name: 'before' })).status).toBe(201)
      const [restored, deleted] = await Promise.all([
        call('/_emulator/state/restore', 'POST', { name: 'before' }),
        call(`/_emulator/accounts/${body.account!.id}`, 'DELETE'),
      ])
      expect(deleted.status).toBe(200)
      // Restored first (then deleted), or refused: the key went with the account.
      expect([200, 401, 404]).toContain(restored.status)
      expect([...emu.store.collections.shops.values()].map((s) => s.slug)).not.toContain(`doomed-${round}`)
    }
    await emu.stop()
    // Nor after a restart: no shop of no account.
    const again = await testEmulator({ db: emu.store.path })
    expect(
      [...again.store.collections.shops.values()].every((s) => again.store.collections.accounts.get(s.accountId)),
    ).toBe(true)
    await again.stop()
  })

  it('counts saved states against --max-db-size, and refuses writes with 507 once they pass it', async () => {
    const db = dbPath()
    const emu = await testEmulator({ db, options: { maxDbBytes: 1_500_000 } })
    let status = 0
    for (let i = 0; i < 200 && status !== 507; i++) {
      status = (await emu.request('/_emulator/state/save', { method: 'POST', json: { name: `s${i}` } })).status
      expect([201, 507]).toContain(status)
    }
    expect(status).toBe(507)
    const res = await emu.request('/api/v1/coupons', {
      method: 'POST',
      json: { code: 'FULL', type: 'PERCENTAGE', value: 5 },
    })
    expect(res.status).toBe(507)
    expect(((await res.json()) as { error: string }).error).toMatch(/Saved states count too/)
    await emu.stop()
  })

  it('removes what a killed save left behind at the next start, and names a damaged state file with what to do', async () => {
    const db = dbPath()
    const first = await testEmulator({ db })
    expect((await first.request('/_emulator/state/save', { method: 'POST', json: { name: 'good' } })).status).toBe(201)
    await first.stop()
    const [accountDir] = readdirSync(`${db}.states`)
    const folder = join(`${db}.states`, accountDir)
    writeFileSync(join(folder, '.good.json.4242.7.tmp'), '{"half')
    writeFileSync(join(folder, 'broken.json'), '{"version":1,"na')
    mkdirSync(join(`${db}.states`, 'acct_gone'), { recursive: true })

    const second = await testEmulator({ db })
    expect(existsSync(join(folder, '.good.json.4242.7.tmp'))).toBe(false)
    const res = await second.request('/_emulator/state/restore', { method: 'POST', json: { name: 'broken' } })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: string }).error).toBe(
      `saved state "broken" cannot be read (it is not JSON): its file ${join(folder, 'broken.json')} is damaged. Save the state again (POST /_emulator/state/save), or delete the file.`,
    )
    expect((await second.request('/_emulator/state/restore', { method: 'POST', json: { name: 'good' } })).status).toBe(
      200,
    )
    await second.stop()
  })
})
