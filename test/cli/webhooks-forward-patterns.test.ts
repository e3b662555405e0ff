import { describe, expect, it } from 'vitest'
import { cleanups, cli, receiver, runCli, servedEmulator } from './webhooks-harness.js'
import { forwardingLine } from '../../src/cli/webhooks/listen.js'

async function until(read: () => string, pattern: RegExp, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (pattern.test(read())) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`timed out waiting for ${what}: ${read()}`)
}

describe("store webhooks listen --forward-to 'PATTERN=URL'", () => {
  it('says a plain URL gets the kinds --events asks for, not every kind', () => {
    const hooks = { url: 'http://127.0.0.1:3000/hooks', patterns: undefined }
    expect(forwardingLine('http://127.0.0.1:4010', ['order:paid', 'product:created'], [hooks])).toBe(
      'Ready! Forwarding order:paid, product:created from http://127.0.0.1:4010: order:paid,product:created to http://127.0.0.1:3000/hooks (Ctrl+C to stop)',
    )
    expect(forwardingLine('http://127.0.0.1:4010', undefined, [hooks])).toBe(
      'Ready! Forwarding every event from http://127.0.0.1:4010: every kind to http://127.0.0.1:3000/hooks (Ctrl+C to stop)',
    )
  })

  it('forwards each kind to the URLs whose pattern matches it; a plain URL gets everything', async () => {
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const orders = await receiver()
    const catalogue = await receiver()
    const everything = await receiver()
    const listen = runCli(
      [
        'webhooks',
        'listen',
        ...emu.flags,
        '--forward-to',
        `order:*=${orders.url}/orders`,
        '--forward-to',
        `product:created,product:stock*=${catalogue.url}/catalogue`,
        '--forward-to',
        `${everything.url}/all`,
      ],
      { readyText: 'Ready!' },
    )
    await listen.started
    await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Mug', price: 4, type: 'Service', stock: 10 },
    })
    await emu.request('/storefront/demo/checkout', {
      method: 'POST',
      json: { email: 'a@example.com', items: [{ productId: 'rec_demoSerial001', quantity: 1 }] },
    })
    const kindsAt = (rx: typeof orders) => rx.requests.map((r) => `${r.path} ${(r.json() as { event: string }).event}`)
    await everything.waitFor(3)
    await orders.waitFor(2)
    await until(() => listen.output().stdout, /order:created:product/, 'the last line')
    listen.signal()
    const { code, stdout, stderr } = await listen.done
    expect(code).toBe(0)
    expect(kindsAt(orders)).toEqual(['/orders order:created', '/orders order:created:product'])
    expect(kindsAt(catalogue)).toEqual(['/catalogue product:created'])
    expect(kindsAt(everything)).toEqual(['/all product:created', '/all order:created', '/all order:created:product'])
    expect(stderr).toContain(
      `Forwarding every event from ${emu.baseUrl.replace('/api/v1', '')}: order:* to ${orders.url}/orders; product:created,product:stock* to ${catalogue.url}/catalogue; every kind to ${everything.url}/all`,
    )
    const lines = stdout.trim().split('\n')
    expect(lines).toHaveLength(5)
    expect(lines[0]).toMatch(new RegExp(`#\\d+ {2}product:created {2}→ ${catalogue.url}/catalogue 200 {2}\\d+ ms$`))
  })

  it.each([
    ['shipment:*=http://127.0.0.1:9/x', `--forward-to: "shipment:*" matches no event kind`],
    [
      'order:*=ftp://127.0.0.1/x',
      `--forward-to: "order:*=ftp://127.0.0.1/x" is neither an http(s) URL nor PATTERN=URL`,
    ],
    ['localhost:3000', `--forward-to: "localhost:3000" is neither an http(s) URL nor PATTERN=URL`],
  ])('refuses %s with a usage error', async (value, message) => {
    const run = await cli(['webhooks', 'listen', '--api-key', 'sk_live_x', '--forward-to', value])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(`error: ${message}`)
  })
})
