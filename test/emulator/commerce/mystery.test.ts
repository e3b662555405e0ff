import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { independentlyVerifyOpen } from '../../helpers/independent-verifier.js'
import { StorefrontProductSchema } from '../../../src/contract/storefront.js'
import { shop, type Shop } from './helpers.js'

const sha256 = (text: string) => createHash('sha256').update(text, 'ascii').digest('hex')
const BOX = 'rec_demoMystery01'

async function coded(s: Shop) {
  const res = await s.put('/_emulator/products/prod_demo_mystery/fulfilment', {
    mystery: {
      outcomes: [
        { name: 'Gold', weight: 30, codes: ['GOLD-1', 'GOLD-2', 'GOLD-3'] },
        { name: 'Silver', weight: 50, stock: 4, codes: ['SIL-1', 'SIL-2', 'SIL-3', 'SIL-4', 'SIL-5'] },
        { name: 'Bronze', weight: 20, stock: 3 },
      ],
    },
  })
  expect(res.status).toBe(200)
}

/** Everything a buyer or merchant can read about an order, as one string. */
async function everyView(s: Shop, order: any): Promise<string> {
  const views = [
    await s.apiOrder(order.id),
    await (await s.emu.request('/api/v1/orders')).json(),
    await s.invoice(order.id),
    await (await s.storefront(`/invoices/${order.id}`, { headers: { accept: 'text/html' } })).text(),
    await (await s.storefront(`/invoices/${order.id}/codes.txt`)).text(),
    s.events.map((e) => e.data),
  ]
  return JSON.stringify(views)
}

describe('mystery boxes, end to end (DESIGN.md "Mystery box fairness")', () => {
  it('publishes commitment, pool version and odds — never seeds or codes — and rotates the seed at every checkout', async () => {
    const s = await shop()
    await coded(s)
    const page = StorefrontProductSchema.parse(await s.product(BOX))
    expect(page.mystery).toEqual({
      commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      poolVersion: 2,
      outcomes: [
        { name: 'Gold', weight: 30, chance: 30, stock: 3 },
        { name: 'Silver', weight: 50, chance: 50, stock: 4 },
        { name: 'Bronze', weight: 20, chance: 20, stock: 3 },
      ],
    })
    expect(page.stock).toBe(10)
    const text = JSON.stringify(await (await s.storefront('/products')).json())
    expect(text).not.toContain(s.emu.services.catalogue.mysterySeed(s.demo(), 'prod_demo_mystery')!)
    expect(text).not.toContain('GOLD-1')

    const order = await s.order({ items: [{ productId: BOX }] })
    expect(order.items[0].mystery).toMatchObject({ commitment: page.mystery!.commitment, poolVersion: 2, opens: [] })
    const after = StorefrontProductSchema.parse(await s.product(BOX)).mystery!
    expect(after.poolVersion).toBe(2)
    expect(after.commitment).not.toBe(page.mystery!.commitment)
    const other = await s.order({ items: [{ productId: BOX }] })
    expect(other.items[0].mystery.commitment).toBe(after.commitment)
  })

  it('keeps the server seed out of every view before payment and reveals it after; every open verifies independently', async () => {
    const s = await shop()
    await coded(s)
    const shown = StorefrontProductSchema.parse(await s.product(BOX)).mystery!
    const order = await s.order({
      items: [{ productId: BOX, quantity: 6 }, { productId: 'rec_demoService01' }],
      customFields: { __mysteryClientSeed: 'lucky seven!' },
    })
    const line = order.items[0]
    expect(line.mystery).toEqual({
      commitment: shown.commitment,
      poolVersion: 2,
      clientSeed: 'lucky seven!',
      opens: [],
    })
    const sealed = s.emu.services.orders.sealedSeed(s.demo(), order.id, line.id)!
    expect(sha256(sealed)).toBe(shown.commitment)
    expect(JSON.stringify(order)).not.toContain(sealed)
    expect(await everyView(s, order)).not.toContain(sealed)

    s.events.length = 0
    const paid = (await s.pay(order.id)).body
    expect(paid.status).toBe('completed')
    expect(s.kinds()).toEqual([
      'order:paid',
      'order:paid:product',
      'order:paid:product',
      'product:stock',
      'product:stock:low',
      'product:mystery:revealed',
    ])
    expect(s.events[5].data).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      productId: 'prod_demo_mystery',
      productName: 'Mystery Box',
    })
    expect(s.emu.services.orders.sealedSeed(s.demo(), order.id, line.id)).toBeUndefined()

    const stored = (await s.apiOrder(order.orderNumber)).items[0]
    expect(stored.mystery.serverSeed).toBe(sealed)
    expect(sha256(stored.mystery.serverSeed)).toBe(shown.commitment)
    expect(stored.mystery.opens).toHaveLength(6)
    expect(stored.mystery.opens.map((o: any) => o.nonce)).toEqual([0, 1, 2, 3, 4, 5])
    for (const open of stored.mystery.opens) {
      expect(open).toMatchObject({
        serverSeed: sealed,
        clientSeed: 'lucky seven!',
        commitment: shown.commitment,
        poolVersion: 2,
      })
      expect(independentlyVerifyOpen(open, shown.commitment)).toEqual([])
    }
    // Each open's snapshot is the table after the earlier opens of the line.
    for (let i = 1; i < 6; i++) {
      const before = stored.mystery.opens[i - 1]
      const expected = before.odds.map((o: any) =>
        o.name === before.outcome && o.stock !== null ? { ...o, stock: o.stock - 1 } : o,
      )
      expect(stored.mystery.opens[i].odds.map((o: any) => [o.name, o.stock])).toEqual(
        expected.map((o: any) => [o.name, o.stock]),
      )
    }
    const codes = stored.mystery.opens.filter((o: any) => o.code).map((o: any) => o.code)
    expect(new Set(codes).size).toBe(codes.length)
    expect(stored.delivery).toMatchObject({
      status: 'delivered',
      outcomes: stored.mystery.opens.map((o: any) => o.outcome),
      codes,
    })
    expect(await (await s.storefront(`/invoices/${order.id}/codes.txt`)).text()).toBe(
      codes.map((c: string) => `${c}\n`).join(''),
    )

    const invoice = await s.invoice(order.id)
    expect(invoice.items[0].mystery.opens).toEqual(stored.mystery.opens)
    expect(invoice.items[0].mystery.verification).toHaveLength(6)
    for (const open of invoice.items[0].mystery.opens)
      expect(independentlyVerifyOpen(open, shown.commitment)).toEqual([])
    // The invoice page's terminal hint names the order, as the command needs.
    const page = await (await s.storefront(`/invoices/${order.id}`, { headers: { accept: 'text/html' } })).text()
    expect(page).toContain(`<code>store mystery verify ${invoice.orderNumber}</code>`)

    // The table changed, so the product moved to a new pool version with a new seed; stock follows.
    const now = StorefrontProductSchema.parse(await s.product(BOX))
    expect(now.mystery!.poolVersion).toBe(3)
    expect(now.stock).toBe(4)
    expect(now.mystery!.outcomes.reduce((sum, o) => sum + (o.stock ?? 0), 0)).toBe(4)
    const won = (name: string) => stored.mystery.opens.filter((o: any) => o.outcome === name).length
    expect(now.mystery!.outcomes.map((o) => o.stock)).toEqual([3 - won('Gold'), 4 - won('Silver'), 3 - won('Bronze')])
  })

  it('binds two unpaid orders to different seeds, each verifying against the commitment it was shown', async () => {
    const s = await shop()
    const firstShown = (await s.product(BOX)).mystery.commitment
    const a = await s.order({ items: [{ productId: BOX, quantity: 3 }] })
    const secondShown = (await s.product(BOX)).mystery.commitment
    const b = await s.order({ items: [{ productId: BOX, quantity: 3 }] })
    expect(secondShown).not.toBe(firstShown)
    await s.pay(b.id)
    await s.pay(a.id)
    const [lineA, lineB] = [(await s.apiOrder(a.id)).items[0], (await s.apiOrder(b.id)).items[0]]
    expect(lineA.mystery.clientSeed).toMatch(/^[0-9a-f]{32}$/)
    expect(lineA.mystery.serverSeed).not.toBe(lineB.mystery.serverSeed)
    for (const open of lineA.mystery.opens) expect(independentlyVerifyOpen(open, firstShown)).toEqual([])
    for (const open of lineB.mystery.opens) expect(independentlyVerifyOpen(open, secondShown)).toEqual([])
  })

  it('refuses more boxes than the table can give at checkout, and rolls a line whole or not at all at payment', async () => {
    const s = await shop()
    await coded(s)
    expect((await s.checkout({ items: [{ productId: BOX, quantity: 11 }] })).status).toBe(409)
    const a = await s.order({ items: [{ productId: BOX, quantity: 8 }] })
    const b = await s.order({ items: [{ productId: BOX, quantity: 5 }] })
    await s.pay(a.id)
    const short = (await s.pay(b.id)).body
    expect(short.items[0].delivery).toMatchObject({
      status: 'undelivered',
      reason: `out of stock: the drop table can give 2 of 5 box(es); restock it, then retry with POST /_emulator/orders/${b.orderNumber}/deliver`,
    })
    expect(short.items[0].mystery.opens).toEqual([])
    // Paid: the seed is revealed even though nothing was rolled, so the commitment can be checked.
    expect(sha256(short.items[0].mystery.serverSeed)).toBe(short.items[0].mystery.commitment)
    expect(s.stock('prod_demo_mystery')).toBe(2)
  })
})
