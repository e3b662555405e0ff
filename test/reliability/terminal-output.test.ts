import { describe, expect, it, vi } from 'vitest'
import { loadEventSample } from '../../src/contract/event-samples.js'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from '../cli/run-cli.js'
import { runCli as runLongCli } from '../cli/webhooks-harness.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * Security: text anyone can send (a no-key checkout's name and custom fields, a webhook's body)
 * reaches the developer's terminal through the CLI's human output. Terminal control sequences in
 * it must arrive escaped, as gh shows them; `--json` keeps the exact text.
 */

/** Clipboard write (OSC 52), window title (OSC 0), clear screen, an 8-bit CSI and a bell. */
const HOSTILE = '\x1b]52;c;cm0gLXJmIH4K\x07\x1b]0;pwned\x07\x1b[2J\x1b[H\u009b31mred\r\x7f'
/** What must never reach the terminal raw: every C0 control but tab and line feed, DEL and the C1 controls. */
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/

/** The CLI's own colours (chalk's bold, dim, red, green, yellow and their ends), on a terminal. */
const OWN_COLOUR = /\x1b\[(?:1|2|22|31|32|33|39)m/g

const rawControlsIn = (text: string) => [...text.replace(OWN_COLOUR, '')].filter((ch) => RAW_CONTROL.test(ch)).length

async function hostileOrder() {
  const emu = await testEmulator()
  const checkout = await emu.app.request('/storefront/demo/checkout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      email: 'mallory@example.com',
      name: `Mallory ${HOSTILE}`,
      customFields: { note: HOSTILE, [`key${HOSTILE}`]: 'x' },
      items: [{ productId: 'prod_demo_physical', quantity: 1 }],
    }),
  })
  expect(checkout.status).toBe(201)
  const { order } = (await checkout.json()) as { order: { id: string; orderNumber: string } }
  expect((await emu.request(`/_emulator/orders/${order.id}/pay`, { method: 'POST' })).status).toBe(200)
  return { emu, order }
}

describe('human output escapes control characters; --json keeps them exact', () => {
  it.each([true, false])('orders get, customers list, emulator invoice (tty %s)', async (tty) => {
    const { emu, order } = await hostileOrder()
    const commands: [argv: string[], isNameShown: boolean][] = [
      [['orders', 'get', order.orderNumber], true],
      [['orders', 'list'], false],
      [['customers', 'list'], true],
      [['emulator', 'invoice', order.id], true],
    ]
    for (const [argv, isNameShown] of commands) {
      const run = await runCli(argv, { app: emu.app, tty, env: { NO_COLOR: tty ? undefined : '1' } })
      expect(run.code, `${argv.join(' ')}: ${run.stderr}`).toBe(0)
      expect(rawControlsIn(run.stdout + run.stderr), argv.join(' ')).toBe(0)
      // Shown, escaped, not dropped: ESC in caret notation, the C1 CSI by its code.
      if (isNameShown)
        expect(run.stdout, argv.join(' ')).toContain('Mallory ^[]52;c;cm0gLXJmIH4K^G^[]0;pwned^G^[[2J^[[H\\u009b31mred')
    }
    const json = await runCli(['orders', 'get', order.orderNumber, '--json'], { app: emu.app, tty })
    expect(JSON.parse(json.stdout)).toMatchObject({
      customerName: `Mallory ${HOSTILE}`,
      customFields: { note: HOSTILE },
    })
  })

  it('keeps its own colours on a terminal and escapes colours sent as data', async () => {
    const { emu, order } = await hostileOrder()
    const run = await runCli(['orders', 'get', order.orderNumber], { app: emu.app, tty: true })
    expect(run.code).toBe(0)
    // The status word is coloured by the CLI (chalk's green), the customer's sequences are not passed.
    expect(run.stdout).toContain('\x1b[32mpaid\x1b[39m')
    expect(run.stdout).not.toContain('\x1b]')
    expect(run.stdout).not.toContain('\x1b[2J')
  })

  it('escapes an API error message that echoes what was sent', async () => {
    const { emu } = await hostileOrder()
    const run = await runCli(['orders', 'get', `ORD-9\x1b]0;pwned\x07`], { app: emu.app, tty: true })
    expect(run.code).toBe(5)
    expect(rawControlsIn(run.stderr)).toBe(0)
    expect(run.stderr).toContain('^[]0;pwned^G')
  })

  it('webhooks receive prints a hostile webhook escaped', async () => {
    const run = runLongCli(['webhooks', 'receive', '--port', '0'], { readyText: 'Listening on' })
    await run.started
    const url = /Listening on (\S+)/.exec(run.output().stderr)![1]
    const sample = loadEventSample('order:paid') as { data: Record<string, unknown> }
    const hostile = { ...sample, data: { ...sample.data, customer_email: HOSTILE, customer_name: HOSTILE } }
    for (const body of [JSON.stringify(hostile), `not json ${HOSTILE}`]) {
      const answer = await fetch(`${url}/hook${encodeURIComponent(HOSTILE)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Service-Webhook/1.0' },
        body,
      })
      expect(answer.status).toBeLessThan(500)
    }
    run.signal()
    const { code, stdout, stderr } = await run.done
    expect(code).toBe(0)
    expect(stdout).toContain('^[')
    expect(rawControlsIn(stdout + stderr)).toBe(0)
  })

  it('store serve logs a request path with control characters escaped', async () => {
    const { call, ensureBuilt, startServe } = await import('../e2e/serve-process.js')
    ensureBuilt()
    const server = await startServe(['--port', '0', '--db', ':memory:'])
    try {
      await call(server.origin, `/storefront/demo/products/${encodeURIComponent(HOSTILE)}`, { key: null })
      await vi.waitFor(() => expect(server.stdout()).toMatch(/storefront\/demo\/products\/[^\n]* 404 /), {
        timeout: scaled(5000),
      })
      expect(rawControlsIn(server.stdout())).toBe(0)
      expect(server.stdout()).toContain('^[]0%3Bpwned^G^[[2J')
    } finally {
      await server.stop()
    }
  })
})
