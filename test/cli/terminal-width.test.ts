import type { Command } from 'commander'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/cli/commands-index.js'
import type { CliContext } from '../../src/cli/context.js'
import { buildProgram } from '../../src/cli/main.js'
import { fitWidths, nestedLines } from '../../src/cli/layout.js'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

const tty = (columns: number) => ({ tty: true, columns, env: { NO_COLOR: '1' } })
const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length))

describe('tables fit the terminal', () => {
  it('orders list in 80 columns: one line per order, short timestamps, long cells cut with …', async () => {
    const emu = await testEmulator()
    const email = 'a.very.long.customer.address@subdomain.example.com'
    const bought = await runCli(['emulator', 'checkout', '--item', 'rec_demoSerial001', '--email', email], {
      app: emu.app,
    })
    expect(bought.code).toBe(0)
    const { code, stdout } = await runCli(['orders', 'list'], { app: emu.app, ...tty(80) })
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^ORDER\s+STATUS\s+PAYMENT\s+TOTAL\s+CUSTOMER\s+ITEMS\s+CREATED$/)
    expect(widest(stdout)).toBeLessThanOrEqual(80)
    expect(lines[3]).toMatch(/^ORD-1\s+completed\s+paid\s+49\.00 USD\s+ada@example\.com\s+1\s+2026-02-01 09:00$/)
    expect(lines[1]).toMatch(/^ORD-3 .* a\.very\.long\S*… .*2026-06-01 12:00$/)
    expect(stdout).not.toMatch(/T\d\d:\d\d:\d\d/)
  })

  it('keeps full timestamps and whole cells when piped', async () => {
    const emu = await testEmulator()
    const { stdout } = await runCli(['orders', 'list'], { app: emu.app, columns: 40 })
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'ORD-1\tcompleted\tpaid\t49.00 USD\tada@example.com\t1\t2026-02-01T09:00:00.000Z',
    )
  })

  it('squeezes wide columns first and leaves narrow ones whole', () => {
    expect(fitWidths([5, 10, 40, 30], 100)).toEqual([5, 10, 40, 30])
    expect(fitWidths([5, 10, 40, 30], 60)).toEqual([5, 10, 20, 19])
    expect(fitWidths([5, 10, 40, 30], 60).reduce((a, b) => a + b) + 3 * 2).toBeLessThanOrEqual(60)
  })

  it('shows prices as stored: more decimals than cents are not rounded away', async () => {
    const emu = await testEmulator()
    const created = await runCli(
      ['products', 'create', '--name', 'Odd', '--price', '9.999', '--type', 'Digital', '--status', 'Live'],
      { app: emu.app, ...tty(100) },
    )
    expect(created.stdout).toMatch(/^price\s+9\.999$/m)
    expect(created.stderr).toMatch(/price 9\.999 has more than two decimals: it is stored as given/)
    const list = await runCli(['products', 'list'], { app: emu.app, ...tty(100) })
    expect(list.stdout).toMatch(/^rec_\w+\s+Odd\s+Digital\s+9\.999 USD\s/m)
  })
})

describe('detail views', () => {
  it('render nested values as indented lines, not one-line JSON', async () => {
    const emu = await testEmulator()
    const customer = await runCli(['customers', 'get', 'ada@example.com'], { app: emu.app, ...tty(80) })
    expect(customer.code).toBe(0)
    expect(customer.stdout).toMatch(/^stats\n\s+paidOrders: 1\n\s+unpaidOrders: 0\n/m)
    expect(customer.stdout).not.toMatch(/\{"/)
    const theme = await runCli(['themes', 'get', 'default'], { app: emu.app, ...tty(80) })
    expect(theme.stdout).toMatch(/^config\n\s+colors:\n\s+primary: #4f46e5\n/m)
  })

  it('lays out lists of records as "- " entries', () => {
    expect(nestedLines([{ text: 'called back', createdAt: '2026-01-01' }, 'plain'])).toEqual([
      '',
      '- text: called back',
      '  createdAt: 2026-01-01',
      '- plain',
    ])
    expect(nestedLines(['a', 'b'])).toEqual(['a, b'])
    expect(nestedLines([])).toEqual(['-'])
  })
})

/** Every command path with an action (the leaves of the command tree). */
async function leafCommands(): Promise<string[][]> {
  const ctx = {} as CliContext
  const program = buildProgram(ctx)
  for (const command of COMMANDS) (await command.load()).register(program, ctx)
  const leaves: string[][] = []
  const walk = (cmd: Command, path: string[]) => {
    if (cmd.commands.length === 0) leaves.push(path)
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()])
  }
  walk(program, [])
  return leaves
}

const leaves = await leafCommands()

describe('--help', () => {
  it('wraps at word boundaries within the width: no split words, no line past it', async () => {
    for (const columns of [60, 80]) {
      const { code, stdout } = await runCli(['products', 'create', '--help'], tty(columns))
      expect(code).toBe(0)
      // Example command lines are kept whole, to be copied; they stay within 80 columns.
      const [prose, examples] = stdout.split('\nExamples:\n')
      expect(widest(prose)).toBeLessThanOrEqual(columns)
      expect(widest(examples)).toBeLessThanOrEqual(80)
      expect(stdout).toMatch(/\bMysteryBox\b/)
      // A flag longer than its column gets a line of its own, its description wrapped below.
      if (columns === 60) expect(stdout).toMatch(/--data <@file\.json\|json\|->\n {6,}the request body as JSON/)
    }
  })

  it.each(leaves.map((path) => [path.join(' '), path]))('store %s --help has examples', async (_name, path) => {
    const { code, stdout } = await runCli([...(path as string[]), '--help'], tty(80))
    expect(code).toBe(0)
    expect(stdout).toMatch(new RegExp(`\\nExamples:\\n {2}\\$ store ${(path as string[])[0]}\\b`))
  })

  it('finds every command', () => {
    expect(leaves.length).toBeGreaterThan(60)
  })
})
