import { describe, expect, it } from 'vitest'
import { BlacklistEntrySchema, BlacklistListSchema } from '../../../src/contract/blacklists.js'
import { ErrorBodySchema } from '../../../src/contract/errors.js'
import { testEmulator } from '../../helpers/emulator.js'

const NOW = '2026-06-01T12:00:00.000Z'
const DEMO_IP = {
  id: 'bl_demo_ip',
  type: 'IP',
  value: '203.0.113.66',
  reason: 'chargeback fraud',
  createdAt: '2026-01-01T12:03:00.000Z',
}

async function fieldError(res: Response, status: number, field: string, message: string) {
  expect(res.status).toBe(status)
  expect(ErrorBodySchema.parse(await res.json())).toEqual({
    error: `${field}: ${message}`,
    errors: [{ field, message }],
  })
}

describe('/api/v1/blacklists', () => {
  it("lists the shop's entries and reads one", async () => {
    const emu = await testEmulator()
    const list = await emu.request('/api/v1/blacklists')
    expect(list.status).toBe(200)
    expect(BlacklistListSchema.parse(await list.json())).toEqual({ blacklists: [DEMO_IP] })
    expect(BlacklistEntrySchema.parse(await (await emu.request('/api/v1/blacklists/bl_demo_ip')).json())).toEqual(
      DEMO_IP,
    )
  })

  it('answers 404 for an unknown entry on read, update and delete', async () => {
    const emu = await testEmulator()
    for (const init of [{}, { method: 'PUT', json: { reason: 'x' } }, { method: 'DELETE' }]) {
      const res = await emu.request('/api/v1/blacklists/bl_nope', init)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ error: 'blacklist entry not found: bl_nope' })
    }
  })

  it.each([
    ['IP', ' 2001:DB8::1 ', '2001:db8::1'],
    ['COUNTRY', 'de', 'DE'],
    ['EMAIL', 'Mallory@Example.COM', 'mallory@example.com'],
  ])('creates a %s entry with its value normalised and reason null by default', async (type, value, stored) => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/blacklists', { method: 'POST', json: { type, value } })
    expect(res.status).toBe(201)
    const entry = BlacklistEntrySchema.parse(await res.json())
    expect(entry).toEqual({ id: expect.stringMatching(/^bl_/), type, value: stored, reason: null, createdAt: NOW })
    const list = BlacklistListSchema.parse(await (await emu.request('/api/v1/blacklists')).json())
    expect(list.blacklists).toEqual([entry, DEMO_IP])
  })

  it.each([
    [{ type: 'IP', value: '999.1.1.1' }, 'value', 'must be an IPv4 or IPv6 address for type IP'],
    [{ type: 'COUNTRY', value: 'Germany' }, 'value', 'must be a 2-letter country code for type COUNTRY'],
    [{ type: 'EMAIL', value: 'not-an-address' }, 'value', 'must be an e-mail address for type EMAIL'],
    [{ type: 'ASN', value: '1' }, 'type', 'must be one of "IP", "COUNTRY", "EMAIL"'],
    [{ type: 'IP' }, 'value', 'is required'],
    [{ value: '1.2.3.4' }, 'type', 'is required'],
    [{ type: 'IP', value: '' }, 'value', 'must not be empty'],
    [{ type: 'IP', value: '1.2.3.4', reason: 'r'.repeat(1001) }, 'reason', 'must be at most 1000 characters'],
    [{ type: 'IP', value: '1.2.3.4', note: 'x' }, 'note', 'is not a known field'],
  ])('refuses the create body %j with 400', async (json, field, message) => {
    const emu = await testEmulator()
    await fieldError(await emu.request('/api/v1/blacklists', { method: 'POST', json }), 400, field, message)
  })

  it('refuses a second entry for the same visitor with 409', async () => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    const res = await emu.request('/api/v1/blacklists', {
      method: 'POST',
      json: { type: 'IP', value: '203.0.113.66', reason: 'again' },
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({
      error: 'value: IP 203.0.113.66 is already blacklisted in this shop (bl_demo_ip)',
      errors: [{ field: 'value', message: 'is already blacklisted' }],
    })
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('updates only the given fields, normalising the value', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/blacklists/bl_demo_ip', {
      method: 'PUT',
      json: { type: 'EMAIL', value: 'Eve@Example.com' },
    })
    expect(res.status).toBe(200)
    expect(BlacklistEntrySchema.parse(await res.json())).toEqual({
      ...DEMO_IP,
      type: 'EMAIL',
      value: 'eve@example.com',
    })
    const reason = await emu.request('/api/v1/blacklists/bl_demo_ip', { method: 'PUT', json: { reason: null } })
    expect(await reason.json()).toEqual({ ...DEMO_IP, type: 'EMAIL', value: 'eve@example.com', reason: null })
    expect(await (await emu.request('/api/v1/blacklists/bl_demo_ip')).json()).toEqual({
      ...DEMO_IP,
      type: 'EMAIL',
      value: 'eve@example.com',
      reason: null,
    })
  })

  it('checks the stored value against a new type sent alone', async () => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    await fieldError(
      await emu.request('/api/v1/blacklists/bl_demo_ip', { method: 'PUT', json: { type: 'COUNTRY' } }),
      400,
      'value',
      'must be a 2-letter country code for type COUNTRY',
    )
    await fieldError(
      await emu.request('/api/v1/blacklists/bl_demo_ip', { method: 'PUT', json: { value: 'nope' } }),
      400,
      'value',
      'must be an IPv4 or IPv6 address for type IP',
    )
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })

  it('refuses to update an entry into a duplicate of another with 409', async () => {
    const emu = await testEmulator()
    const created = BlacklistEntrySchema.parse(
      await (
        await emu.request('/api/v1/blacklists', { method: 'POST', json: { type: 'IP', value: '198.51.100.1' } })
      ).json(),
    )
    const res = await emu.request(`/api/v1/blacklists/${created.id}`, {
      method: 'PUT',
      json: { value: '203.0.113.66' },
    })
    expect(res.status).toBe(409)
    expect((await res.json()).error).toBe('value: IP 203.0.113.66 is already blacklisted in this shop (bl_demo_ip)')
  })

  it('deletes an entry', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/blacklists/bl_demo_ip', { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true })
    expect(await (await emu.request('/api/v1/blacklists')).json()).toEqual({ blacklists: [] })
  })
})
