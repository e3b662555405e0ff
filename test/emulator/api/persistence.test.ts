import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testEmulator } from '../../helpers/emulator.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** Every record the routes write must load again from the db file (rows are checked with the spec's schemas on load). */
describe('records written through /api/v1 survive a restart', () => {
  it('reads back the same bodies after closing and reopening the db file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-api-'))
    dirs.push(dir)
    const db = join(dir, 'store.json')
    const first = await testEmulator({ db })
    const writes: [string, string, unknown][] = [
      [
        'POST',
        '/api/v1/coupons',
        { code: 'late', type: 'fixed', value: 2, expiresAt: '9999-12-31T23:59:59.999+14:00' },
      ],
      ['PUT', '/api/v1/coupons/cpn_demo_expired', { expiresAt: null }],
      ['POST', '/api/v1/blacklists', { type: 'COUNTRY', value: 'fr', reason: null }],
      [
        'POST',
        '/api/v1/categories',
        { name: 'Bundles', productIds: ['rec_demoDigital01'], groupIds: ['grp_demo_bundle'] },
      ],
      ['PUT', '/api/v1/groups/grp_demo_bundle', { productIds: ['prod_demo_physical'] }],
      ['PUT', '/api/v1/orders/ORD-2', { status: 'cancelled' }],
      [
        'PUT',
        '/api/v1/themes/default',
        { config: { colors: { primary: '#101010' } }, files: { 'custom.css': 'p { margin: 0 }' } },
      ],
    ]
    for (const [method, path, json] of writes)
      expect((await first.request(path, { method, json })).status, path).toBeLessThan(300)
    const reads = [
      '/api/v1/coupons',
      '/api/v1/blacklists',
      '/api/v1/categories',
      '/api/v1/groups',
      '/api/v1/orders',
      '/api/v1/customers/cus_demo_alan',
      '/api/v1/themes/default',
    ]
    const before = await Promise.all(reads.map(async (path) => (await first.request(path)).json()))
    await first.store.close()

    const second = await testEmulator({ db })
    const after = await Promise.all(reads.map(async (path) => (await second.request(path)).json()))
    expect(after).toEqual(before)
    await second.store.close()
  })
})
