import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

/** A Dynamic endpoint that answers every delivery with an account as JSON. */
const dynamicAnswer: typeof fetch = async () =>
  new Response(JSON.stringify({ username: 'buyer-42', password: 'hunter2' }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  })

const EVERY_KIND = [
  'rec_demoDigital01',
  'rec_demoService01',
  'rec_demoPhysical1',
  'rec_demoSerial001:2',
  'rec_demoMystery01:2',
  'rec_demoDynamic01',
  'rec_demoSubscr001',
].flatMap((item) => ['--item', item])

async function paidOrderOfEveryKind() {
  const emu = await testEmulator({ fetch: dynamicAnswer })
  const bought = await runCli(['emulator', 'checkout', ...EVERY_KIND, '--email', 'b@example.com', '--pay', '--json'], {
    app: emu.app,
  })
  expect(bought.code).toBe(0)
  const { order } = JSON.parse(bought.stdout)
  const tracked = await runCli(['emulator', 'tracking', order.orderNumber, '--code', '1Z999', '--carrier', 'UPS'], {
    app: emu.app,
  })
  expect(tracked.code).toBe(0)
  return { emu, order }
}

describe('store emulator invoice', () => {
  it('shows every delivery kind on a terminal: files, codes, message, dynamic content, tracking, opens', async () => {
    const { emu, order } = await paidOrderOfEveryKind()
    const { code, stdout } = await runCli(['emulator', 'invoice', order.orderNumber], {
      app: emu.app,
      tty: true,
      columns: 100,
      env: { NO_COLOR: '1' },
    })
    expect(code).toBe(0)
    const block = (name: string) => stdout.slice(stdout.indexOf(`${name} ×`)).split(/\n(?=\S)/)[0]
    expect(block('Starter Template Pack')).toMatch(
      /^Starter Template Pack × 1 {2}delivered\n {2}file {2}templates\.zip https:\/\/files\.example\.com\/templates\.zip\n {2}file {2}README\.pdf https:/,
    )
    expect(block('Game Key')).toMatch(
      /^Game Key × 2 {2}delivered\n {2}code {2}KEY-AAAA-0001\n {2}code {2}KEY-AAAA-0002$/,
    )
    expect(block('1:1 Setup Call')).toMatch(/message {2}Thanks! Book your slot/)
    expect(block('Custom Account')).toMatch(/^Custom Account × 1 {2}delivered\n {2}content\n {4}username: buyer-42/)
    expect(block('Custom Account')).toContain('password: hunter2')
    expect(block('Store T-Shirt')).toMatch(/tracking {2}1Z999 \(UPS\)/)
    expect(block('Mystery Box')).toMatch(/^Mystery Box × 2 {2}delivered\n {2}open 0 {2}\S.*\n {2}open 1 {2}\S/)
    expect(block('Pro Membership')).toMatch(/subscription {2}sub_/)
    expect(stdout).toMatch(/^tracking\s+1Z999 \(UPS\)$/m)
    for (const line of stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(100)
  })

  it('prints one product, label, value line per delivery entry when piped', async () => {
    const { emu, order } = await paidOrderOfEveryKind()
    const { code, stdout } = await runCli(['emulator', 'invoice', order.orderNumber], { app: emu.app })
    expect(code).toBe(0)
    const lines = stdout.split('\n')
    expect(lines).toContain('Game Key\tcode\tKEY-AAAA-0001')
    expect(lines).toContain('Starter Template Pack\tfile\ttemplates.zip  https://files.example.com/templates.zip')
    expect(lines).toContain('Custom Account\tcontent\t{"username":"buyer-42","password":"hunter2"}')
    expect(lines).toContain('Store T-Shirt\ttracking\t1Z999 (UPS)')
    expect(lines.filter((l) => l.startsWith('Mystery Box\topen '))).toHaveLength(2)
    expect(lines.filter((l) => /\tstatus\t/.test(l))).toHaveLength(7)
  })
})

describe('store emulator checkout --pay and pay', () => {
  it('names each line that was not delivered and why, instead of a plain ✓', async () => {
    const emu = await testEmulator()
    const { code, stderr } = await runCli(
      [
        'emulator',
        'checkout',
        '--item',
        'rec_demoPhysical1',
        '--item',
        'rec_demoDynamic01',
        '--item',
        'rec_demoSerial001',
        '--email',
        'b@example.com',
        '--pay',
      ],
      { app: emu.app, tty: true, env: { NO_COLOR: '1' } },
    )
    expect(code).toBe(0)
    expect(stderr).not.toContain('✓')
    expect(stderr).toMatch(/^warning: 2 of 3 lines of ORD-3 not delivered:$/m)
    expect(stderr).toMatch(
      /^ {2}Store T-Shirt: .*awaiting shipment.*; add tracking: store emulator tracking ORD-3 --code CODE$/m,
    )
    expect(stderr).toMatch(/^ {2}Custom Account: .*could not be reached.*; retry: store emulator pay ORD-3$/m)
    expect(stderr).not.toMatch(/Game Key:/)
  })

  it('keeps the ✓ when every line was delivered', async () => {
    const emu = await testEmulator()
    const { code, stderr } = await runCli(
      ['emulator', 'checkout', '--item', 'rec_demoSerial001', '--email', 'b@example.com', '--pay'],
      { app: emu.app, tty: true, env: { NO_COLOR: '1' } },
    )
    expect(code).toBe(0)
    expect(stderr).toMatch(/^✓ Placed and paid order ORD-3$/m)
    expect(stderr).not.toContain('warning')
  })
})
