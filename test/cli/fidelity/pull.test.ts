import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadSeedFile } from '../../../src/contract/seed-file.js'
import { cleanups, folder, realEmulator, runCliTo, TEST_KEY, wrongUpstream } from './harness.js'

async function emulator(seed: 'demo' | 'empty' = 'demo') {
  const started = await realEmulator({ seed })
  cleanups.push(() => started.stop())
  return started
}

describe('store pull', () => {
  it('writes a seed file that an emulator, state import and a new account load', async () => {
    const dir = folder()
    const hosted = await emulator()
    // A Draft product is not in the Live list: it is read on its own because a group names it.
    const hidden = await hosted.client.products.create({ name: 'Hidden', type: 'Service', price: 1 })
    const group = await hosted.client.groups.get('grp_demo_bundle')
    await hosted.client.groups.update(group.id, { productIds: [...group.products.map((p) => p.id), hidden.id] })
    const pulled = await runCliTo(
      ['pull', '--from', hosted.origin, '--api-key', TEST_KEY, '--out', 'shop.json', '--with-orders'],
      dir,
    )
    expect(pulled.stderr).toBe(
      '✓ pulled 9 products, 3 coupons, 2 categories, 1 group, 1 blacklist, 2 customers, 2 orders from ' +
        `${hosted.api} written to shop.json; load it with store serve --seed shop.json, store state import shop.json or createTestAccount({ seed })\n`,
    )
    expect(pulled.code).toBe(0)
    const text = readFileSync(join(dir, 'shop.json'), 'utf8')
    expect(text).not.toContain(TEST_KEY)
    // It holds customers' e-mails: readable by its owner only.
    expect(statSync(join(dir, 'shop.json')).mode & 0o777).toBe(0o600)
    const seed = loadSeedFile(join(dir, 'shop.json'))
    // Every product a group or category names is in the seed, as the seed file requires.
    expect(seed.products?.find((p) => p.id === hidden.id)).toMatchObject({ status: 'Draft' })
    const ids = new Set(seed.products?.map((p) => p.id))
    for (const group of seed.groups ?? []) for (const id of group.productIds ?? []) expect(ids).toContain(id)
    expect(seed.orders?.map((o) => o.orderNumber)).toEqual(['ORD-1', 'ORD-2'])

    const other = await emulator('empty')
    const imported = await runCliTo(
      ['state', 'import', 'shop.json', '--yes', '--base-url', other.api, '--api-key', TEST_KEY],
      dir,
    )
    expect(imported).toMatchObject({ code: 0 })
    expect((await other.client.products.list()).products.map((p) => p.id)).toEqual(
      (await hosted.client.products.list()).products.map((p) => p.id),
    )
    const account = await other.client.emulator.createAccount({ seed: JSON.parse(text) })
    expect(account.shop.id).toMatch(/\S/)
  })

  it('anonymizes people consistently and leaves products alone', async () => {
    const dir = folder()
    const hosted = await emulator()
    const pulled = await runCliTo(
      ['pull', '--from', hosted.api, '--api-key', TEST_KEY, '--with-orders', '--anonymize'],
      dir,
    )
    expect(pulled.code).toBe(0)
    const seed = JSON.parse(pulled.stdout)
    expect(pulled.stdout).not.toMatch(/ada@example\.com|Ada Lovelace|203\.0\.113\.66/)
    const ada = seed.customers.find((c: { name: string }) => c.name === 'Customer 1')
    expect(ada.email).toBe('customer1@example.com')
    expect(seed.orders[0]).toMatchObject({ customerEmail: ada.email, customerName: 'Customer 1' })
    expect(seed.blacklists[0].value).toBe('192.0.2.1')
    expect(seed.orders[0].items[0].productName).toBe('1:1 Setup Call')
    expect(seed.products.map((p: { name: string }) => p.name)).toContain('1:1 Setup Call')
  })

  it('leaves no file when a read fails part way', async () => {
    const dir = folder()
    const hosted = await emulator()
    const failing = await wrongUpstream(hosted.api, (a) =>
      a.path.startsWith('/customers') ? { ...a, status: 503, body: '{"error":"down for maintenance"}' } : a,
    )
    cleanups.push(() => failing.stop())
    const pulled = await runCliTo(['pull', '--from', failing.api, '--api-key', TEST_KEY, '--out', 'shop.json'], dir)
    expect(pulled).toMatchObject({ code: 6, stdout: '' })
    expect(pulled.stderr).toMatch(/^error: down for maintenance\n/)
    expect(existsSync(join(dir, 'shop.json'))).toBe(false)
    expect(readdirSync(dir).filter((f) => f.includes('shop.json'))).toEqual([])
  })
})
