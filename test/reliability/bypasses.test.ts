import { describe, expect, it } from 'vitest'
import { TEST_KEY, dashboardCookie, testEmulator } from '../helpers/emulator.js'
import type { TestEmulator } from './helpers.js'

/**
 * Security: limits and lookups that a caller used to get around: the login throttle reset by a
 * valid login, the streams cap multiplied by more keys, a reference document found on the
 * object's prototype, the OpenAPI server taken from the Host header, a seed's order line naming
 * another account's product.
 */

const login = (emu: TestEmulator, key: string) =>
  emu.app.request('/_dashboard/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams({ key }).toString(),
  })

describe('the dashboard login throttle', () => {
  it('is not reset by a valid login between wrong guesses', async () => {
    const emu = await testEmulator()
    let guessed = 0
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 9; i++) if ((await login(emu, `sk_live_guess${round}x${i}`)).status === 401) guessed++
      await login(emu, TEST_KEY)
    }
    // Ten wrong guesses per client per window, however many valid logins come between them.
    expect(guessed).toBe(10)
    expect((await login(emu, 'sk_live_oneMoreGuess')).status).toBe(429)
  })
})

describe('event streams per account', () => {
  it('caps the streams of an account, whatever number of keys it spreads them over', async () => {
    const emu = await testEmulator({ options: { webhooks: { streamsPerKey: 2, streamsPerAccount: 3 } } })
    const keys = [TEST_KEY]
    for (let i = 0; i < 2; i++) {
      const res = await emu.request('/_emulator/keys', { method: 'POST', json: { name: `more ${i}` } })
      keys.push(((await res.json()) as { secret: string }).secret)
    }
    const statuses: number[] = []
    const open: Response[] = []
    for (const key of keys)
      for (let i = 0; i < 2; i++) {
        const res = await emu.app.request('/_emulator/events', { headers: { authorization: `Bearer ${key}` } })
        statuses.push(res.status)
        if (res.status === 200) open.push(res)
        else
          expect(((await res.json()) as { error: string }).error).toBe(
            'this account already has 3 open event streams, the most one account may hold (3); close one first',
          )
      }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    for (const res of open) await res.body!.cancel()
  })
})

describe('lookups by a name the caller chooses', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'answers /_dashboard/reference?doc=%s with 404',
    async (doc) => {
      const emu = await testEmulator()
      const cookie = await dashboardCookie(emu.app)
      const res = await emu.app.request(`/_dashboard/reference?doc=${doc}`, { headers: { cookie } })
      expect(res.status).toBe(404)
    },
  )
})

describe('the OpenAPI documents', () => {
  it('name the address the emulator listens on as their server, not the Host a request brings', async () => {
    const emu = await testEmulator({ options: { publicOrigin: 'http://127.0.0.1:4010' } })
    for (const [path, server] of [
      ['/api/v1/openapi.json', 'http://127.0.0.1:4010/api/v1'],
      ['/_emulator/openapi.json', 'http://127.0.0.1:4010'],
    ]) {
      const res = await emu.app.request(`http://attacker.localhost:4010${path}`)
      expect(res.status).toBe(200)
      expect(((await res.json()) as { servers: { url: string }[] }).servers[0].url).toBe(server)
    }
  })
})

describe("a seed's order lines", () => {
  it("take nothing from another account's product they name: not its name, its codes nor its endpoint", async () => {
    const calls: string[] = []
    const emu = await testEmulator({
      fetch: async (input) => {
        calls.push(String(input instanceof Request ? input.url : input))
        return new Response('delivered from the other account')
      },
    })
    const serialsBefore = emu.store.snapshot().serials.length
    const seed = {
      orders: [
        {
          customerEmail: 'thief@example.com',
          items: [
            { productId: 'prod_demo_serial', price: 0, quantity: 1 },
            { productId: 'prod_demo_dynamic', price: 0, quantity: 1, productType: 'Dynamic' },
          ],
        },
      ],
    }
    const created = await emu.request('/_emulator/accounts', { method: 'POST', json: { seed } })
    expect(created.status).toBe(201)
    const key = ((await created.json()) as { key: { secret: string } }).key.secret
    const asThief = { authorization: `Bearer ${key}` }
    const { orders } = (await (await emu.request('/api/v1/orders', { headers: asThief })).json()) as {
      orders: { id: string; items: { productName: string }[] }[]
    }
    expect(orders[0].items.map((line) => line.productName)).toEqual(['prod_demo_serial', 'prod_demo_dynamic'])
    const paid = await emu.request(`/_emulator/orders/${orders[0].id}/pay`, { method: 'POST', headers: asThief })
    expect(paid.status).toBe(200)
    const order = (await paid.json()) as { items: { delivery: { status: string; codes?: string[] } | null }[] }
    expect(order.items.map((line) => line.delivery?.status)).toEqual(['undelivered', 'undelivered'])
    expect(calls).toEqual([])
    expect(emu.store.snapshot().serials.length).toBe(serialsBefore)
  })
})
