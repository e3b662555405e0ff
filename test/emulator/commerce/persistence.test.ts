import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { independentlyVerifyOpen } from '../../helpers/independent-verifier.js'
import { shop } from './helpers.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('commerce state on disk', () => {
  it('survives a restart: orders, sealed seeds, subscriptions and the clock load back and carry on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-commerce-'))
    dirs.push(dir)
    const db = join(dir, 'store.json')
    const first = await shop({ db })
    const shown = (await first.product('rec_demoMystery01')).mystery.commitment
    const unpaid = await first.order({ items: [{ productId: 'rec_demoMystery01', quantity: 4 }] })
    const paid = await first.order({
      items: [
        { productId: 'rec_demoSerial001', quantity: 2 },
        { productId: 'prod_demo_subscription' },
        { productId: 'prod_demo_physical' },
      ],
    })
    await first.pay(paid.id)
    await first.post(`/_emulator/orders/${paid.id}/tracking`, { code: 'TRACK-1' })
    await first.post('/_emulator/clock/advance', { seconds: 3600 })
    await first.storefront('/queries', { method: 'POST', json: { email: 'a@b.co', subject: 's', message: 'm' } })
    await first.emu.store.close()

    const second = await shop({ db })
    expect(await (await second.emu.request('/_emulator/clock')).json()).toEqual({
      now: '2026-06-01T13:00:00.000Z',
      offsetSeconds: 3600,
    })
    expect(await second.apiOrder(paid.id)).toMatchObject({ status: 'completed', paymentStatus: 'paid' })
    expect(second.emu.services.storefront.queries(second.demo())).toHaveLength(1)
    const after = (await second.pay(unpaid.id)).body
    const line = after.items[0]
    expect(line.mystery.opens).toHaveLength(4)
    for (const open of line.mystery.opens) expect(independentlyVerifyOpen(open, shown)).toEqual([])
    expect((await second.post('/_emulator/clock/advance', { seconds: 7 * 24 * 3600 })).status).toBe(200)
    expect(second.emu.services.subscriptions.list(second.demo()).at(-1)).toMatchObject({ status: 'ACTIVE' })
    await second.emu.store.close()
  })
})
