import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'
import type { TestEmulator } from './helpers.js'

/**
 * Reliability: input and timing that used to end in a 500 end in a 4xx that says what went wrong
 * and what to do: a seed whose product setup is invalid, a payment whose Dynamic delivery was in
 * flight when its order went away, a saved state whose file is damaged.
 */

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
const tmpDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'store-refusals-'))
  dirs.push(dir)
  return join(dir, 'db.json')
}

const product = (fulfilment: unknown) => ({
  id: 'prod_seeded',
  name: 'Seeded',
  type: 'Serial',
  price: 1,
  status: 'Live',
  fulfilment,
})

describe('a seed with an invalid product setup', () => {
  it.each([
    ['serials that are not a list', { serials: 'x' }, /fulfilment\.serials: /],
    [
      'a mystery outcome of weight 0',
      { mystery: { outcomes: [{ name: 'Nothing', weight: 0, stock: null }] } },
      /fulfilment\.mystery\.outcomes\.0\.weight: /,
    ],
    ['an unknown field', { bogus: 1 }, /fulfilment: unknown field\(s\) bogus/],
  ])('is refused with 400 naming the product and field: %s', async (_what, fulfilment, message) => {
    const emu = await testEmulator()
    const seed = { products: [product(fulfilment)] }
    for (const [path, body] of [
      ['/_emulator/accounts', { seed }],
      ['/_emulator/state/restore', { seed }],
    ] as const) {
      const res = await emu.request(path, { method: 'POST', json: body })
      const answer = (await res.json()) as { error: string; errors: { field: string }[] }
      expect(res.status, `${path}: ${JSON.stringify(answer)}`).toBe(400)
      expect(answer.error).toMatch(/prod_seeded/)
      expect(answer.error).toMatch(message)
      expect(answer.errors[0].field).toBe('seed')
    }
    // Nothing was made or replaced.
    expect(emu.services.accounts.all()).toHaveLength(1)
    expect((await (await emu.request('/api/v1/products/prod_demo_serial')).json()).name).toBe('Game Key')
  })
})

/** A fetch whose Dynamic answers wait until released; `asked` resolves once the first POST arrived. */
function heldDynamicAnswers() {
  let markAsked: () => void = () => undefined
  const asked = new Promise<void>((resolve) => (markAsked = resolve))
  let release: () => void = () => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  const fetch: typeof globalThis.fetch = async () => {
    markAsked()
    await released
    return Response.json({ username: 'late' })
  }
  return { fetch, asked, release }
}

async function dynamicOrder(emu: TestEmulator): Promise<{ id: string; orderNumber: string }> {
  const checkout = await emu.app.request('/storefront/demo/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email: 'late@example.com', items: [{ productId: 'prod_demo_dynamic', quantity: 1 }] }),
  })
  expect(checkout.status).toBe(201)
  return ((await checkout.json()) as { order: { id: string; orderNumber: string } }).order
}

describe('a payment whose Dynamic delivery is in flight when the order goes away', () => {
  it.each(['restore', 'reset', 'deletion'] as const)('answers 404 saying so after a %s', async (how) => {
    const held = heldDynamicAnswers()
    const emu = await testEmulator({ fetch: held.fetch })
    expect((await emu.request('/_emulator/state/save', { method: 'POST', json: { name: 'before' } })).status).toBe(201)
    const order = await dynamicOrder(emu)
    const paying = emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    await held.asked
    const account = emu.services.accounts.keyOf(TEST_KEY)!.accountId
    const gone =
      how === 'restore'
        ? await emu.request('/_emulator/state/restore', { method: 'POST', json: { name: 'before' } })
        : how === 'reset'
          ? await emu.request('/_emulator/reset', { method: 'POST' })
          : await emu.request(`/_emulator/accounts/${account}`, { method: 'DELETE' })
    expect(gone.status).toBe(200)
    held.release()
    const paid = await paying
    const answer = (await paid.json()) as { error: string }
    expect(paid.status, JSON.stringify(answer)).toBe(404)
    expect(answer.error).toMatch(new RegExp(`order ${order.orderNumber} .*removed.* while its Dynamic`))
  })

  it('does not deliver onto the unpaid order a restore brought back', async () => {
    const held = heldDynamicAnswers()
    const emu = await testEmulator({ fetch: held.fetch })
    const order = await dynamicOrder(emu)
    expect((await emu.request('/_emulator/state/save', { method: 'POST', json: { name: 'unpaid' } })).status).toBe(201)
    const paying = emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })
    await held.asked
    expect((await emu.request('/_emulator/state/restore', { method: 'POST', json: { name: 'unpaid' } })).status).toBe(
      200,
    )
    held.release()
    expect((await paying).status).toBe(404)
    const now = (await (await emu.request(`/api/v1/orders/${order.id}`)).json()) as {
      paymentStatus: string
      items: { delivery?: { status: string } | null }[]
    }
    expect(now.paymentStatus).toBe('unpaid')
    expect(now.items[0].delivery?.status).not.toBe('delivered')
  })
})

describe('a damaged saved state', () => {
  it.each([
    ['not JSON', '{"version": 1, "name": "da'],
    ['JSON of another shape', '{"version": 1, "name": "damaged"}'],
    ['an empty file', ''],
    [
      'rows that are not lists',
      '{"version":1,"name":"damaged","savedAt":"x","clockOffsetMs":0,"shops":[],"rows":{"products":7}}',
    ],
  ])('is refused with 409 naming the file and what to do: %s', async (_what, text) => {
    const db = tmpDb()
    const emu = await testEmulator({ db })
    expect((await emu.request('/_emulator/state/save', { method: 'POST', json: { name: 'damaged' } })).status).toBe(201)
    await emu.stop()
    const again = await testEmulator({ db })
    const account = again.services.accounts.keyOf(TEST_KEY)!.accountId
    const file = join(`${db}.states`, account, 'damaged.json')
    writeFileSync(file, text)
    const res = await again.request('/_emulator/state/restore', { method: 'POST', json: { name: 'damaged' } })
    const answer = (await res.json()) as { error: string }
    expect(res.status, JSON.stringify(answer)).toBe(409)
    expect(answer.error).toContain(file)
    expect(answer.error).toMatch(/damaged\. Save the state again .*, or delete the file\.$/)
    await again.stop()
  })
})
