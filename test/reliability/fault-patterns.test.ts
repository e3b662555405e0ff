import { afterEach, describe, expect, it } from 'vitest'
import { pathGlob } from '../../src/emulator/services/faults/path-glob.js'
import { servedEmulator } from '../helpers/served.js'

/**
 * A fault rule's path pattern is matched in linear time: a pattern of many `*` against a long
 * path that almost matches (the worst case of a backtracking regular expression) answers at once,
 * and other requests are not held meanwhile.
 */

type Served = Awaited<ReturnType<typeof servedEmulator>>
const opened: Served[] = []
afterEach(async () => {
  for (const emu of opened.splice(0)) await emu.close()
})

describe('fault rule path patterns', () => {
  it.each([
    ['/api/v1/orders/*', '/api/v1/orders/ord_1', true],
    ['/api/v1/orders/*', '/api/v1/orders/', true],
    ['/api/v1/orders/*', '/api/v1/orders', false],
    ['/api/v1/orders', '/api/v1/orders', true],
    ['/api/v1/orders', '/api/v1/orders/x', false],
    ['/api/*/orders/*/pay', '/api/v1/orders/ord_1/pay', true],
    ['/api/*/orders/*/pay', '/api/v1/orders/ord_1/refund', false],
    ['/*a*a', '/a', false],
    ['/*a*a', '/aa', true],
    ['/a*a*a', '/aa', false],
    ['/a*a*a', '/aaa', true],
    ['/**', '/', true],
    ['/x.y+(z)', '/x.y+(z)', true],
    ['/x.y+(z)', '/xxy+z', false],
    ['*', '', true],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(pathGlob(pattern)(path)).toBe(expected)
  })

  it.each([
    [4, 400],
    [6, 2_000],
  ])('%i stars on a %i-character path answer in well under a second', async (stars, length) => {
    const emu = await servedEmulator()
    opened.push(emu)
    const pattern = `${'/*'.repeat(stars)}x`
    const created = await emu.request('/_emulator/faults', {
      method: 'POST',
      json: { match: { path: pattern }, status: 503 },
    })
    expect(created.status).toBe(201)
    const path = `/api/v1/${'/'.repeat(length - 8)}`
    const started = performance.now()
    const [long, other] = await Promise.all([emu.request(path), emu.request('/api/v1/coupons')])
    const ms = performance.now() - started
    expect(long.status).toBe(404)
    expect(other.status).toBe(200)
    expect(ms).toBeLessThan(1_000)
    // The rule is still there: nothing it names was asked.
    const { faults } = (await (await emu.request('/_emulator/faults')).json()) as { faults: unknown[] }
    expect(faults).toHaveLength(1)
  })
})
