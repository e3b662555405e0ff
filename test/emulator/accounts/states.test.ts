import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parseSeed } from '../../../src/contract/seed-file.js'
import { testEmulator } from '../../helpers/emulator.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

type Emu = Awaited<ReturnType<typeof testEmulator>>
const post = async (emu: Emu, path: string, json?: unknown) => {
  const res = await emu.request(path, json === undefined ? { method: 'POST' } : { method: 'POST', json })
  return { status: res.status, body: (await res.json()) as any }
}
const get = async (emu: Emu, path: string) => (await (await emu.request(path)).json()) as any
const productNames = async (emu: Emu) =>
  ((await get(emu, '/api/v1/products?limit=100')).products as any[]).map((p) => p.name)

describe('saved states', () => {
  it('saves, lists and restores the account: records, clock and order numbers; logs are emptied', async () => {
    const emu = await testEmulator()
    const before = await productNames(emu)
    const saved = await post(emu, '/_emulator/state/save', { name: 'clean' })
    expect(saved).toMatchObject({ status: 201, body: { name: 'clean', records: expect.any(Number) } })
    await post(emu, '/api/v1/products', { name: 'Added', type: 'Service', price: 1, status: 'Live' })
    await post(emu, '/_emulator/clock/advance', { seconds: 3600 })
    expect(await productNames(emu)).toHaveLength(before.length + 1)

    expect(await get(emu, '/_emulator/state')).toEqual({
      states: [{ name: 'clean', savedAt: expect.any(String), bytes: expect.any(Number) }],
    })
    const restored = await post(emu, '/_emulator/state/restore', { name: 'clean' })
    expect(restored).toEqual({ status: 200, body: { name: 'clean', records: saved.body.records } })
    expect(await productNames(emu)).toEqual(before)
    expect(await get(emu, '/_emulator/clock')).toEqual({ now: '2026-06-01T12:00:00.000Z', offsetSeconds: 0 })
  })

  it('resets the account to the state it was created with', async () => {
    const emu = await testEmulator()
    const before = await productNames(emu)
    await post(emu, '/api/v1/products', { name: 'Added', type: 'Service', price: 1, status: 'Live' })
    await post(emu, '/_emulator/state/save', { name: 'later' })
    const reset = await post(emu, '/_emulator/reset')
    expect(reset.status).toBe(200)
    expect(await productNames(emu)).toEqual(before)
    expect((await get(emu, '/_emulator/state')).states.map((s: any) => s.name)).toEqual(['later'])
  })

  it('refuses unknown states and bad names with clear errors', async () => {
    const emu = await testEmulator()
    expect(await post(emu, '/_emulator/state/restore', { name: 'nope' })).toEqual({
      status: 404,
      body: { error: 'no saved state named "nope"; list them with GET /_emulator/state' },
    })
    const bad = await post(emu, '/_emulator/state/save', { name: '../x' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toMatch(/^name: must be 1-64 letters/)
  })

  it('keeps saved states across a restart, in files beside the db', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-states-'))
    dirs.push(dir)
    const db = join(dir, 'store.json')
    const first = await testEmulator({ db })
    await post(first, '/_emulator/state/save', { name: 'kept' })
    const names = await productNames(first)
    await post(first, '/api/v1/products', { name: 'Added', type: 'Service', price: 1, status: 'Live' })
    await first.stop()
    const second = await testEmulator({ db })
    expect((await get(second, '/_emulator/state')).states.map((s: any) => s.name)).toEqual(['kept'])
    expect((await post(second, '/_emulator/state/restore', { name: 'kept' })).status).toBe(200)
    expect(await productNames(second)).toEqual(names)
    expect((await post(second, '/_emulator/reset')).status).toBe(200)
    await second.stop()
  })

  it('holds an account restored in steps: its API and storefront requests sent meanwhile answer with the state restored', async () => {
    const emu = await testEmulator()
    const codes = Array.from({ length: 6_000 }, (_, i) => `HELD-${i}`)
    const pool = '/_emulator/products/prod_demo_serial/fulfilment'
    expect((await emu.request(pool, { method: 'PUT', json: { serials: codes } })).status).toBe(200)
    await post(emu, '/_emulator/state/save', { name: 'full' })
    expect((await emu.request(pool, { method: 'PUT', json: { serials: [] } })).status).toBe(200)
    const [account] = emu.services.accounts.all()

    const restore = post(emu, '/_emulator/state/restore', { name: 'full' })
    while (!emu.services.accounts.whenFree(account.id)) await new Promise((resolve) => setImmediate(resolve))
    const [own, storefront] = await Promise.all([
      get(emu, pool),
      emu.app.request('/storefront/demo/products/prod_demo_serial', { headers: { accept: 'application/json' } }),
    ])
    expect((await restore).status).toBe(200)
    expect(own.serials).toEqual(codes)
    expect(((await storefront.json()) as { stock: number }).stock).toBe(codes.length)
    expect(emu.services.accounts.whenFree(account.id)).toBeUndefined()
  })

  it('still restores a state file of version 1 (one JSON object, as earlier versions wrote it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-states-'))
    dirs.push(dir)
    const db = join(dir, 'store.json')
    const emu = await testEmulator({ db })
    const names = await productNames(emu)
    await post(emu, '/_emulator/state/save', { name: 'old' })
    const [account] = emu.services.accounts.all()
    const file = join(`${db}.states`, account.id, 'old.json')
    const [header, ...lines] = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    const old = { ...header, version: 1, shops: [] as unknown[], rows: {} as Record<string, unknown[]> }
    let collection = ''
    for (const line of lines.slice(0, -1)) {
      if (typeof line.collection === 'string' && typeof line.rows === 'number') collection = line.collection
      else if (collection === 'shops') old.shops.push(line)
      else (old.rows[collection] ??= []).push(line)
    }
    writeFileSync(file, JSON.stringify(old))
    await post(emu, '/api/v1/products', { name: 'Added', type: 'Service', price: 1, status: 'Live' })
    expect(await post(emu, '/_emulator/state/restore', { name: 'old' })).toMatchObject({ status: 200 })
    expect(await productNames(emu)).toEqual(names)
    await emu.stop()
  })

  it('exports the shop as a seed file that --seed and restore accept, and imports it back', async () => {
    const emu = await testEmulator()
    const exported = await get(emu, '/_emulator/state/export')
    expect(() => parseSeed(exported, 'export')).not.toThrow()
    const fresh = await testEmulator({ seed: exported })
    expect(await productNames(fresh)).toEqual(await productNames(emu))
    expect(await get(fresh, '/_emulator/state/export')).toEqual(exported)

    await post(emu, '/api/v1/products', { name: 'Added', type: 'Service', price: 1, status: 'Live' })
    const imported = await post(emu, '/_emulator/state/restore', { seed: exported })
    expect(imported.status).toBe(200)
    expect(await productNames(emu)).toEqual(await productNames(fresh))
    const refused = await post(emu, '/_emulator/state/restore', { seed: { products: [{ name: '' }] } })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toMatch(/^seed was refused: products\[0\]/)
  })
})
