import { afterEach, describe, expect, it } from 'vitest'
import { servedEmulator } from '../helpers/served.js'

/** `Prefer: code=NNN` answers account creation and deletion with NNN, and neither happens. */

type Served = Awaited<ReturnType<typeof servedEmulator>>
const opened: Served[] = []
afterEach(async () => {
  for (const emu of opened.splice(0)) await emu.close()
})

describe('Prefer: code=503 on /_emulator/accounts', () => {
  it('creates no account', async () => {
    const emu = await servedEmulator()
    opened.push(emu)
    const before = emu.services.accounts.all().length
    const res = await emu.request('/_emulator/accounts', {
      method: 'POST',
      headers: { prefer: 'code=503' },
      json: { name: 'never', shop: { slug: 'never' } },
    })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(await res.json()).toEqual({
      error: 'answered 503 as the request header "Prefer: code=503" asked; the request changed nothing',
    })
    expect(emu.services.accounts.all()).toHaveLength(before)
  })

  it('deletes no account', async () => {
    const emu = await servedEmulator()
    opened.push(emu)
    const created = await emu.request('/_emulator/accounts', { method: 'POST', json: { name: 'kept' } })
    expect(created.status).toBe(201)
    const { account, key } = (await created.json()) as { account: { id: string }; key: { secret: string } }
    const res = await emu.request(`/_emulator/accounts/${account.id}`, {
      method: 'DELETE',
      key: key.secret,
      headers: { prefer: 'code=503' },
    })
    expect(res.status).toBe(503)
    expect(emu.services.accounts.all().some((a) => a.id === account.id)).toBe(true)
    expect((await emu.request('/api/v1/coupons', { key: key.secret })).status).toBe(200)
  })

  it('answers 400 to a code that is no error status, and creates nothing', async () => {
    const emu = await servedEmulator()
    opened.push(emu)
    const before = emu.services.accounts.all().length
    const res = await emu.request('/_emulator/accounts', {
      method: 'POST',
      headers: { prefer: 'code=200' },
      json: { name: 'never' },
    })
    expect(res.status).toBe(400)
    expect(emu.services.accounts.all()).toHaveLength(before)
  })
})
