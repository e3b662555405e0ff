import { afterEach, describe, expect, it } from 'vitest'
import { parseServeOptions, type ServeOptions } from '../../../src/cli/commands/serve.js'
import { servedEmulator } from '../../helpers/served.js'

type Served = Awaited<ReturnType<typeof servedEmulator>>
const opened: Served[] = []
afterEach(async () => {
  for (const emu of opened.splice(0)) await emu.close()
})
async function served(o: Parameters<typeof servedEmulator>[0] = {}): Promise<Served> {
  const emu = await servedEmulator(o)
  opened.push(emu)
  return emu
}

const product = { name: 'Key', price: 5, type: 'Serial', status: 'Live' }
const productCount = async (emu: Served) =>
  ((await (await emu.request('/_emulator/products')).json()) as { products: unknown[] }).products.length

describe('POST /_emulator/faults', () => {
  it('fails the next `times` matching requests with the spec error, then lets them through', async () => {
    const emu = await served()
    const before = await productCount(emu)
    const created = await emu.request('/_emulator/faults', {
      method: 'POST',
      json: { match: { method: 'post', path: '/api/v1/products' }, times: 2, status: 503 },
    })
    expect(created.status).toBe(201)
    const rule = (await created.json()) as { id: string }
    expect(rule).toEqual({
      id: expect.stringMatching(/^flt_/),
      match: { method: 'POST', path: '/api/v1/products' },
      status: 503,
      body: null,
      latencyMs: 0,
      times: 2,
      remaining: 2,
      createdAt: '2026-06-01T12:00:00.000Z',
    })
    // A GET of the same path does not match the rule's method.
    expect((await emu.request('/api/v1/products')).status).toBe(200)
    for (const remaining of [1, 0]) {
      const res = await emu.request('/api/v1/products', { method: 'POST', json: product })
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('1')
      expect(await res.json()).toEqual({
        error: `answered 503 by the fault rule ${rule.id} (${remaining} more to fail; DELETE /_emulator/faults/${rule.id} removes it); the request changed nothing`,
      })
    }
    expect(await productCount(emu)).toBe(before)
    expect(await (await emu.request('/_emulator/faults')).json()).toEqual({ faults: [] })
    expect((await emu.request('/api/v1/products', { method: 'POST', json: product })).status).toBe(201)
    expect(await productCount(emu)).toBe(before + 1)
  })

  it('matches paths with * and answers a given body as it is', async () => {
    const emu = await served()
    await emu.request('/_emulator/faults', {
      method: 'POST',
      json: { match: { path: '/api/v1/orders/*' }, status: 409, body: { error: 'busy', code: 'E_BUSY' } },
    })
    expect((await emu.request('/api/v1/orders')).status).toBe(200)
    const res = await emu.request('/api/v1/orders/ORD-1')
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'busy', code: 'E_BUSY' })
    expect((await emu.request('/api/v1/orders/ORD-1')).status).toBe(200)
  })

  it('with only latencyMs, waits and then answers as usual', async () => {
    const waits: number[] = []
    const emu = await served({ sleep: async (ms) => void waits.push(ms) })
    await emu.request('/_emulator/faults', {
      method: 'POST',
      json: { match: { method: 'GET', path: '/api/v1/coupons' }, latencyMs: 1500 },
    })
    const res = await emu.request('/api/v1/coupons')
    expect(res.status).toBe(200)
    expect(waits).toEqual([1500])
  })

  it('keeps rules per account: another account is neither failed nor shown them', async () => {
    const emu = await served()
    const other = (await (await emu.request('/_emulator/accounts', { method: 'POST', json: {} })).json()) as {
      key: { secret: string }
    }
    await emu.request('/_emulator/faults', { method: 'POST', json: { match: { path: '/api/v1/coupons' } } })
    const theirs = await emu.request('/api/v1/coupons', { key: other.key.secret })
    expect(theirs.status).toBe(200)
    expect(await (await emu.request('/_emulator/faults', { key: other.key.secret })).json()).toEqual({ faults: [] })
    const mine = await emu.request('/api/v1/coupons')
    expect(mine.status).toBe(500)
  })

  it('deletes a rule; an unknown one is 404', async () => {
    const emu = await served()
    const rule = (await (
      await emu.request('/_emulator/faults', { method: 'POST', json: { match: { path: '/api/v1/coupons' } } })
    ).json()) as { id: string }
    expect(await (await emu.request(`/_emulator/faults/${rule.id}`, { method: 'DELETE' })).json()).toEqual({
      success: true,
    })
    expect((await emu.request('/api/v1/coupons')).status).toBe(200)
    const missing = await emu.request(`/_emulator/faults/${rule.id}`, { method: 'DELETE' })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: `fault rule not found: ${rule.id}` })
  })

  it.each([
    [{ status: 503 }, 'match: is required'],
    [
      { match: {} },
      'match: name a method, a path or both: a rule that matches nothing in particular would fail every request',
    ],
    [{ match: { path: 'api/v1' } }, 'match.path: must start with / (e.g. /api/v1/orders or /api/v1/orders/*)'],
    [{ match: { method: 'FETCH' } }, 'match.method: must be one of "GET", "POST", "PUT", "DELETE", "PATCH"'],
    [{ match: { path: '/api/v1/coupons' }, status: 200 }, 'status: must be 400 or more'],
    [{ match: { path: '/api/v1/coupons' }, times: 0 }, 'times: must be at least 1'],
  ])('refuses %j with 400 and keeps no rule', async (body, error) => {
    const emu = await served()
    const res = await emu.request('/_emulator/faults', { method: 'POST', json: body })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe(error)
    expect(await (await emu.request('/_emulator/faults')).json()).toEqual({ faults: [] })
  })
})

describe('Prefer: code=NNN', () => {
  it('answers that one request with the status and a spec error, changing nothing', async () => {
    const emu = await served()
    const before = await productCount(emu)
    const refused = await emu.request('/api/v1/products', {
      method: 'POST',
      json: product,
      headers: { prefer: 'code=400' },
    })
    expect(refused.status).toBe(400)
    const message = 'answered 400 as the request header "Prefer: code=400" asked; the request changed nothing'
    expect(await refused.json()).toEqual({ error: `request: ${message}`, errors: [{ field: 'request', message }] })
    expect(await productCount(emu)).toBe(before)
    const missing = await emu.request('/api/v1/products/rec_demoSerial001', {
      headers: { prefer: 'respond-async, code=404' },
    })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      error: 'answered 404 as the request header "Prefer: code=404" asked; the request changed nothing',
    })
    const limited = await emu.request('/_emulator/clock', { headers: { prefer: 'code=429' } })
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1'])
    expect((await emu.request('/api/v1/products/rec_demoSerial001')).status).toBe(200)
  })

  it('refuses a code that is not an error status with 400', async () => {
    const emu = await served()
    for (const code of ['200', 'abc', '600']) {
      const res = await emu.request('/api/v1/products', { headers: { prefer: `code=${code}` } })
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBe(
        `Prefer: code=${code} is not a status from 400 to 599 (e.g. Prefer: code=503); the request changed nothing`,
      )
    }
  })

  it('still wants a key first', async () => {
    const emu = await served()
    const res = await fetch(`${emu.baseUrl}/products`, { headers: { prefer: 'code=503' } })
    expect(res.status).toBe(401)
  })
})

describe('--fail-rate with --fail-seed', () => {
  const pattern = async (failSeed: number) => {
    const emu = await served({ options: { failRate: 0.5, failSeed } })
    const statuses: number[] = []
    for (let i = 0; i < 24; i++) statuses.push((await emu.request('/api/v1/coupons')).status)
    return statuses
  }

  it('fails the same requests on every run with the same seed, others with another seed', async () => {
    const first = await pattern(7)
    expect(await pattern(7)).toEqual(first)
    expect(first).toContain(500)
    expect(first).toContain(200)
    expect(await pattern(8)).not.toEqual(first)
  })

  it('is a usage error without --fail-rate or with a seed that is not a whole number', () => {
    const base: ServeOptions = { port: '0', host: '127.0.0.1', db: ':memory:', seed: 'demo' }
    expect(parseServeOptions({ ...base, failRate: '0.1', failSeed: '42' }).emulator).toMatchObject({
      failRate: 0.1,
      failSeed: 42,
    })
    expect(() => parseServeOptions({ ...base, failSeed: '42' })).toThrow(
      '--fail-seed goes with --fail-rate P; give both',
    )
    expect(() => parseServeOptions({ ...base, failRate: '0.1', failSeed: 'x' })).toThrow(
      '--fail-seed: "x" is not a whole number (e.g. --fail-seed 42)',
    )
  })
})
