import { describe, expect, it } from 'vitest'
import { validateWebhookPayload } from '../../src/contract/events.js'
import { cleanups, cli, receiver, servedEmulator } from './webhooks-harness.js'

type Body = { event: string; data: Record<string, unknown> }

describe('store webhooks trigger --from', () => {
  it('builds the same data from a record as the emulator sent for it', async () => {
    const hooks = await receiver()
    const dynamicUrl = await receiver(() => ({ status: 200, body: 'account ok', contentType: 'text/plain' }))
    const manual = await receiver()
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    await emu.addWebhook(hooks.url, [
      'order:paid',
      'order:paid:product',
      'product:stock',
      'subscription:created',
      'product:mystery:revealed',
    ])
    await emu.request('/_emulator/products/prod_demo_dynamic/fulfilment', {
      method: 'PUT',
      json: { dynamicWebhookUrl: dynamicUrl.url },
    })
    // Before the order: its events carry the product as it is then, and --from reads it now.
    await emu.request('/api/v1/products/rec_demoSerial001', {
      method: 'PUT',
      json: { description: 'Now with a manual.' },
    })

    const { order } = await emu.json<{ order: { id: string; orderNumber: string; items: { id: string }[] } }>(
      '/storefront/demo/checkout',
      {
        method: 'POST',
        json: {
          email: 'grace@example.com',
          name: 'Grace',
          items: [
            { productId: 'prod_demo_serial', quantity: 1 },
            { productId: 'prod_demo_subscription', quantity: 1 },
            { productId: 'prod_demo_mystery', quantity: 1 },
          ],
        },
      },
    )
    await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: {} })
    await emu.idle()
    const sent = (kind: string) => hooks.requests.map((r) => r.json() as Body).filter((b) => b.event === kind)
    const { subscriptions } = await emu.json<{ subscriptions: { id: string }[] }>('/api/v1/subscriptions')

    const cases: [string, string, string[], Body][] = [
      ['order:paid', order.orderNumber, [], sent('order:paid')[0]],
      ['order:paid:product', order.orderNumber, ['--item', order.items[1].id], sent('order:paid:product')[1]],
      [
        'product:stock',
        'rec_demoSerial001',
        [],
        sent('product:stock').find((b) => b.data.uniqid === 'rec_demoSerial001')!,
      ],
      ['subscription:created', subscriptions[0].id, [], sent('subscription:created')[0]],
      ['product:mystery:revealed', order.orderNumber, [], sent('product:mystery:revealed')[0]],
    ]
    for (const [kind, ref, extra, expected] of cases) {
      const { code, stderr } = await cli([
        ...emu.flags,
        'webhooks',
        'trigger',
        kind,
        '--from',
        ref,
        ...extra,
        '--to',
        manual.url,
      ])
      expect({ kind, code, stderr: stderr.replace(/^.*→ POST.*\n/, '') }).toEqual({ kind, code: 0, stderr: '' })
      const body = manual.requests.at(-1)!.json() as Body
      expect(body.event).toBe(kind)
      expect(body.data).toEqual(expected.data)
    }
  })

  it("builds INVOICE.ITEM.DELIVER-DYNAMIC from the order's Dynamic line", async () => {
    const manual = await receiver(() => ({ status: 200, body: 'delivered', contentType: 'text/plain' }))
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    await emu.request('/_emulator/products/prod_demo_dynamic/fulfilment', {
      method: 'PUT',
      json: { dynamicWebhookUrl: manual.url },
    })
    const { order } = await emu.json<{ order: { id: string; orderNumber: string } }>('/storefront/demo/checkout', {
      method: 'POST',
      json: {
        email: 'grace@example.com',
        items: [
          { productId: 'prod_demo_serial', quantity: 1 },
          { productId: 'prod_demo_dynamic', quantity: 2 },
        ],
        customFields: { chat_id: '42' },
      },
    })
    await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST', json: {} })
    const { code, stdout } = await cli([
      ...emu.flags,
      'webhooks',
      'trigger',
      'INVOICE.ITEM.DELIVER-DYNAMIC',
      '--from',
      order.orderNumber,
      '--to',
      manual.url,
    ])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^200 OK {2}\d+ ms\ndelivered\n$/)
    const fromCli = manual.requests.at(-1)!.json() as Record<string, unknown>
    const fromEmulator = manual.requests[0].json() as Record<string, unknown>
    expect(validateWebhookPayload(fromCli).problems).toEqual([])
    // Same order, same line; only what changed since (the line got delivered, the order completed) differs.
    const settled = (b: Record<string, unknown>) => ({
      ...b,
      updated_at: 0,
      status: 0,
      item: { ...(b.item as object), status: 0 },
    })
    expect(settled(fromCli)).toEqual(settled(fromEmulator))
    expect([fromEmulator.status, fromCli.status]).toEqual(['processing', 'completed'])
    expect(fromCli).toMatchObject({ order_number: order.orderNumber, amount: 2, customer: { chat_id: '42' } })
  })

  it('says which kinds cannot be built from a record, and names a missing one', async () => {
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const query = await cli([
      ...emu.flags,
      'webhooks',
      'trigger',
      'query:created',
      '--from',
      'qry_1',
      '--to',
      'http://127.0.0.1:1',
    ])
    expect(query.code).toBe(2)
    expect(query.stderr).toContain('--from works with order, product and subscription kinds')
    const missing = await cli([
      ...emu.flags,
      'webhooks',
      'trigger',
      'order:paid',
      '--from',
      'ORD-999',
      '--to',
      'http://127.0.0.1:1',
    ])
    expect(missing.code).toBe(5)
    expect(missing.stderr).toBe('error: order not found: ORD-999\n')
  })
})
