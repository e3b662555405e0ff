import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { parseDuration } from '../../src/cli/commands/emulator.js'
import { runCli, scriptedPrompter } from './run-cli.js'

describe('store emulator', () => {
  it('lists and creates shops; a duplicate slug is rejected (exit 3)', async () => {
    const emu = await testEmulator()
    const created = await runCli(['emulator', 'shops', 'create', '--name', 'Second', '--slug', 'second', '--json'], {
      app: emu.app,
    })
    expect(created.code).toBe(0)
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'Second', slug: 'second' })
    const list = await runCli(['emulator', 'shops', 'list'], { app: emu.app })
    expect(
      list.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t')[1]),
    ).toEqual(['demo', 'second'])
    const again = await runCli(['emulator', 'shops', 'create', '--name', 'Again', '--slug', 'second'], { app: emu.app })
    expect(again.code).toBe(3)
    expect(again.stderr).toMatch(/^error: slug: a shop with slug "second" already exists/)
    const bad = await runCli(['emulator', 'shops', 'create', '--name', 'Bad', '--slug', 'Not A Slug'], { app: emu.app })
    expect(bad).toMatchObject({ code: 2, requests: [] })
  })

  it('creates a key (secret shown once) and revokes it after confirming', async () => {
    const emu = await testEmulator()
    const created = await runCli(['emulator', 'keys', 'create', '--name', 'ci', '--json'], { app: emu.app })
    const key = JSON.parse(created.stdout)
    expect(key.secret).toMatch(/^sk_live_/)
    const piped = await runCli(['emulator', 'keys', 'revoke', key.id], { app: emu.app })
    expect(piped.code).toBe(2)
    const revoked = await runCli(['emulator', 'keys', 'revoke', key.id], {
      app: emu.app,
      tty: true,
      prompter: scriptedPrompter([true]),
      env: { NO_COLOR: '1' },
    })
    expect(revoked).toMatchObject({ code: 0, stderr: `✓ Revoked key ${key.id}\n` })
  })

  it('checks out, pays and shows the invoice and codes of a Serial product', async () => {
    const emu = await testEmulator()
    const checkout = await runCli(
      ['emulator', 'checkout', '--item', 'rec_demoSerial001:2', '--email', 'Buyer@Example.com', '--json'],
      { app: emu.app },
    )
    expect(checkout.code).toBe(0)
    const { order, invoiceUrl } = JSON.parse(checkout.stdout)
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', customerEmail: 'buyer@example.com' })
    expect(invoiceUrl).toContain(order.id)

    const paid = await runCli(['emulator', 'pay', order.orderNumber], {
      app: emu.app,
      tty: true,
      env: { NO_COLOR: '1' },
    })
    expect(paid.code).toBe(0)
    expect(paid.stdout).toMatch(/^paymentStatus\s+paid$/m)
    expect(paid.stderr).toContain(`✓ Paid ${order.orderNumber}`)

    const codes = await runCli(['emulator', 'invoice', order.orderNumber, '--codes'], { app: emu.app })
    expect(codes.code).toBe(0)
    expect(codes.stdout.trimEnd().split('\n')).toHaveLength(2)
    // An order without codes prints nothing on stdout, not an empty line.
    const none = await runCli(['emulator', 'invoice', 'ORD-2', '--codes'], { app: emu.app })
    expect(none).toMatchObject({ code: 0, stdout: '', stderr: 'ORD-2 has no codes delivered\n' })
    const invoice = await runCli(['emulator', 'invoice', order.orderNumber, '--json'], { app: emu.app })
    expect(JSON.parse(invoice.stdout)).toMatchObject({ orderNumber: order.orderNumber, paymentStatus: 'paid' })
  })

  it('checks out with --pay and a client seed, then the order verifies', async () => {
    const emu = await testEmulator()
    const checkout = await runCli(
      [
        'emulator',
        'checkout',
        '--item',
        'rec_demoMystery01:2',
        '--email',
        'b@example.com',
        '--client-seed',
        'mine',
        '--pay',
        '--json',
      ],
      { app: emu.app },
    )
    expect(checkout.code).toBe(0)
    const { order } = JSON.parse(checkout.stdout)
    expect(order.paymentStatus).toBe('paid')
    expect(order.items[0].mystery.clientSeed).toBe('mine')
    expect((await runCli(['mystery', 'verify', order.orderNumber], { app: emu.app })).code).toBe(0)
  })

  it('refuses a checkout with nothing to buy or no e-mail off a terminal', async () => {
    const emu = await testEmulator()
    expect(await runCli(['emulator', 'checkout', '--email', 'a@b.co'], { app: emu.app })).toMatchObject({
      code: 2,
      stderr: 'error: nothing to buy: give --item PRODUCT[:QUANTITY] (repeatable) or --group GROUP\n',
    })
    expect(await runCli(['emulator', 'checkout', '--item', 'rec_demoSerial001'], { app: emu.app })).toMatchObject({
      code: 2,
      stderr: 'error: missing --email for checkout (give the flags or --data; there is no terminal to ask on)\n',
    })
    const unknown = await runCli(['emulator', 'checkout', '--item', 'rec_nope', '--email', 'a@b.co'], { app: emu.app })
    expect(unknown.code).toBe(5)
  })

  it('sets up fulfilment: serials from a list, a mystery table from JSON', async () => {
    const emu = await testEmulator()
    const serials = await runCli(
      ['emulator', 'fulfilment', 'set', 'rec_demoSerial001', '--serials', 'A-1,A-2,A-3', '--json'],
      { app: emu.app },
    )
    expect(serials.code).toBe(0)
    expect(JSON.parse(serials.stdout)).toMatchObject({ serials: ['A-1', 'A-2', 'A-3'], stock: 3 })
    const table = JSON.stringify({
      outcomes: [
        { name: 'X', weight: 1 },
        { name: 'Y', weight: 3, stock: 2 },
      ],
    })
    const mystery = await runCli(['emulator', 'fulfilment', 'set', 'rec_demoMystery01', '--mystery', table], {
      app: emu.app,
      tty: true,
      env: { NO_COLOR: '1' },
    })
    expect(mystery.code).toBe(0)
    expect(mystery.stdout).toMatch(/^OUTCOME\s+WEIGHT\s+CHANCE\s+STOCK\s+CODES$/m)
    expect(mystery.stdout).toMatch(/^Y\s+3\s+75%\s+2\s+-$/m)
    const bad = await runCli(['emulator', 'fulfilment', 'set', 'rec_demoMystery01', '--mystery', '{"outcomes":[]}'], {
      app: emu.app,
    })
    expect(bad).toMatchObject({
      code: 2,
      requests: [],
      stderr: 'error: invalid fulfilment setup: mystery.outcomes: must hold at least one outcome\n',
    })
  })

  it('advances the clock by a duration', async () => {
    const emu = await testEmulator()
    const { code, stdout } = await runCli(['emulator', 'clock', 'advance', '1d12h', '--json'], { app: emu.app })
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ now: '2026-06-03T00:00:00.000Z', offsetSeconds: 129_600 })
    expect(await runCli(['emulator', 'clock', 'advance', 'soon'], { app: emu.app })).toMatchObject({ code: 2 })
  })

  it('advances the clock by years, or to a date, only forward', async () => {
    const emu = await testEmulator()
    const year = await runCli(['emulator', 'clock', 'advance', '1y', '--json'], { app: emu.app })
    expect(JSON.parse(year.stdout)).toMatchObject({ now: '2027-06-01T12:00:00.000Z', offsetSeconds: 31_536_000 })
    const to = await runCli(['emulator', 'clock', 'advance', '--to', '2028-01-01', '--json'], { app: emu.app })
    expect(JSON.parse(to.stdout)).toMatchObject({ now: '2028-01-01T00:00:00.000Z' })
    expect(await runCli(['emulator', 'clock', 'advance', '--to', '2027-01-01'], { app: emu.app })).toMatchObject({
      code: 2,
      stderr:
        'error: --to: 2027-01-01 is not ahead of the emulator clock (2028-01-01T00:00:00.000Z); it only moves forward\n',
    })
    expect(await runCli(['emulator', 'clock', 'advance'], { app: emu.app })).toMatchObject({
      code: 2,
      stderr: 'error: give a duration (30d, 1y) or --to DATE, one of them\n',
    })
  })

  it.each([
    ['90', 90],
    ['90s', 90],
    ['15m', 900],
    ['12h', 43_200],
    ['30d', 2_592_000],
    ['2w', 1_209_600],
    ['1d12h', 129_600],
  ])('reads the duration %s as %i seconds', (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds)
  })
})
