import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { ApiKeySchema, ShopListSchema, ShopSchema } from '../../../src/contract/shops.js'
import { testEmulator, TEST_KEY } from '../../helpers/emulator.js'

const NOW = '2026-06-01T12:00:00.000Z'
const KeyListSchema = z.object({ keys: z.array(ApiKeySchema) })

describe('/_emulator/shops', () => {
  it("lists the account's shops, oldest first", async () => {
    const emu = await testEmulator()
    const res = await emu.request('/_emulator/shops')
    expect(res.status).toBe(200)
    expect(ShopListSchema.parse(await res.json())).toEqual({
      shops: [{ id: expect.stringMatching(/^shop_/), name: 'Demo Shop', slug: 'demo', createdAt: NOW }],
    })
  })

  it('adds a shop (201) with its own default theme', async () => {
    const emu = await testEmulator()
    ;(emu.deps.clock as unknown as { tick(ms: number): void }).tick(1000)
    const res = await emu.request('/_emulator/shops', { method: 'POST', json: { name: 'Second Shop', slug: 'second' } })
    expect(res.status).toBe(201)
    const shop = ShopSchema.parse(await res.json())
    expect(shop).toEqual({
      id: expect.stringMatching(/^shop_/),
      name: 'Second Shop',
      slug: 'second',
      createdAt: '2026-06-01T12:00:01.000Z',
    })
    const list = ShopListSchema.parse(await (await emu.request('/_emulator/shops')).json())
    expect(list.shops.map((s) => s.slug)).toEqual(['demo', 'second'])
    expect((await emu.request('/api/v1/themes/default', { headers: { 'x-service-shop': shop.id } })).status).toBe(200)
  })

  it('refuses a slug already in use with 409 and adds nothing', async () => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    const res = await emu.request('/_emulator/shops', { method: 'POST', json: { name: 'Another Demo', slug: 'demo' } })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      error: 'slug: a shop with slug "demo" already exists; choose another',
      errors: [{ field: 'slug', message: 'is taken' }],
    })
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it.each([
    [{ name: 'X', slug: 'Bad Slug' }, 'slug', 'may hold lowercase letters, digits and inner "-"'],
    [{ name: 'X', slug: 'a' }, 'slug', 'must be at least 2 characters'],
    [{ slug: 'okay' }, 'name', 'is required'],
  ])('refuses the body %j with 400', async (json, field, message) => {
    const emu = await testEmulator()
    const res = await emu.request('/_emulator/shops', { method: 'POST', json })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: `${field}: ${message}`, errors: [{ field, message }] })
  })

  it('needs a key like every other route', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/_emulator/shops', { headers: { authorization: '' } })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ error: 'missing API key: send the header Authorization: Bearer <API_KEY>' })
  })
})

describe('/_emulator/keys', () => {
  it('adds a key, shows its secret once, and the new key works', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/_emulator/keys', { method: 'POST', json: { name: 'ci' } })
    expect(res.status).toBe(201)
    const created = ApiKeySchema.parse(await res.json())
    expect(created).toEqual({
      id: expect.stringMatching(/^key_/),
      name: 'ci',
      prefix: 'sk_live_',
      last4: created.secret!.slice(-4),
      createdAt: NOW,
      secret: expect.stringMatching(/^sk_live_[0-9A-Za-z]{32}$/),
    })
    const withNewKey = await emu.request('/api/v1/coupons', { headers: { authorization: `Bearer ${created.secret}` } })
    expect(withNewKey.status).toBe(200)
    const list = KeyListSchema.parse(await (await emu.request('/_emulator/keys')).json())
    expect(list.keys).toHaveLength(2)
    expect(list.keys.every((k) => k.secret === undefined)).toBe(true)
    expect(JSON.stringify(list)).not.toContain(created.secret)
    expect(JSON.stringify(emu.store.snapshot())).not.toContain(created.secret)
  })

  it('adds a key without a body', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/_emulator/keys', { method: 'POST' })
    expect(res.status).toBe(201)
    expect(ApiKeySchema.parse(await res.json())).toMatchObject({
      name: null,
      secret: expect.stringMatching(/^sk_live_/),
    })
  })

  it('revokes a key: it then answers 401', async () => {
    const emu = await testEmulator()
    const created = ApiKeySchema.parse(
      await (await emu.request('/_emulator/keys', { method: 'POST', json: {} })).json(),
    )
    const res = await emu.request(`/_emulator/keys/${created.id}`, { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    const revoked = await emu.request('/api/v1/products', { headers: { authorization: `Bearer ${created.secret}` } })
    expect(revoked.status).toBe(401)
    expect(await revoked.json()).toEqual({
      error: `invalid API key sk_live_…${created.secret!.slice(-4)}: it is unknown or was revoked. Check the key printed by store serve.`,
    })
    expect((await emu.request('/api/v1/products')).status).toBe(200)
  })

  it('may revoke the key making the request when another remains', async () => {
    const emu = await testEmulator()
    const created = ApiKeySchema.parse(
      await (await emu.request('/_emulator/keys', { method: 'POST', json: {} })).json(),
    )
    const testKeyId = KeyListSchema.parse(await (await emu.request('/_emulator/keys')).json()).keys.find(
      (k) => k.id !== created.id,
    )!.id
    expect((await emu.request(`/_emulator/keys/${testKeyId}`, { method: 'DELETE' })).status).toBe(200)
    expect((await emu.request('/api/v1/products')).status).toBe(401)
    expect(
      (await emu.request('/api/v1/products', { headers: { authorization: `Bearer ${created.secret}` } })).status,
    ).toBe(200)
  })

  it('refuses to revoke the last key with 409', async () => {
    const emu = await testEmulator()
    const [only] = KeyListSchema.parse(await (await emu.request('/_emulator/keys')).json()).keys
    const res = await emu.request(`/_emulator/keys/${only.id}`, { method: 'DELETE' })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: "cannot revoke the account's last key; create another key first" })
    expect((await emu.request('/api/v1/products', { headers: { authorization: `Bearer ${TEST_KEY}` } })).status).toBe(
      200,
    )
  })

  it('answers 404 for an unknown key', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/_emulator/keys/key_nope', { method: 'DELETE' })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: 'key not found: key_nope' })
  })
})
