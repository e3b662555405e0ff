import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/cli/commands-index.js'
import type { CliContext } from '../../src/cli/context.js'
import { buildProgram } from '../../src/cli/main.js'
import { runCli } from './run-cli.js'
import { testEmulator } from '../helpers/emulator.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('store --help and --version', () => {
  it.each([['--help'], ['--version'], ['-V'], []])('store %s exits 0', async (...argv) => {
    const { code, stdout } = await runCli(argv.filter(Boolean) as string[])
    expect(code).toBe(0)
    if (argv[0] === '--help') for (const c of COMMANDS) expect(stdout).toMatch(new RegExp(`\\n  ${c.name}\\b`))
  })
})

describe('the command modules a run loads', () => {
  const spying = () => {
    const loaded: string[] = []
    const commands = COMMANDS.map((c) => ({
      name: c.name,
      load: () => {
        loaded.push(c.name)
        return c.load()
      },
    }))
    return { loaded, commands }
  }

  it.each([
    [['--help'], []],
    [[], []],
    [['help'], []],
    [['prodcts'], []],
    [['--profile', 'products', 'orders', 'list'], ['orders']],
    [['--base-url=http://127.0.0.1:9/api/v1', 'help', 'drift'], ['drift']],
    [['coupons', 'products', '--help'], ['coupons']],
    [['completion', 'bash'], COMMANDS.map((c) => c.name)],
  ])('store %j loads %j', async (argv, expected) => {
    const { loaded, commands } = spying()
    await runCli(argv, { commands })
    expect(loaded).toEqual(expected)
  })

  it('store --help lists the commands as declaring every one of them would', async () => {
    const ctx = { stdout: { isTTY: false }, stderr: { isTTY: false } } as unknown as CliContext
    const program = buildProgram(ctx)
    for (const c of COMMANDS) (await c.load()).register(program, ctx)
    const { stdout } = await runCli(['--help'])
    expect(stdout.startsWith(program.helpInformation())).toBe(true)
  })

  it.skipIf(!existsSync(join(ROOT, 'dist/cli-bundle/main.js')))(
    'the built CLI lists them from the data it was built with, as the source does',
    async () => {
      const built = spawnSync(process.execPath, [join(ROOT, 'bin/store.js'), '--help'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: ROOT, NO_COLOR: '1' },
      })
      expect(built.status).toBe(0)
      expect(built.stdout).toBe((await runCli(['--help'])).stdout)
    },
  )
})

describe('store completion', () => {
  it('prints a bash script that completes commands, subcommands and their flags', async () => {
    const { code, stdout } = await runCli(['completion', 'bash'])
    expect(code).toBe(0)
    const file = join(mkdtempSync(join(tmpdir(), 'store-completion-')), 'store.bash')
    writeFileSync(file, stdout)
    execFileSync('bash', ['-n', file])
    const complete = (words: string[]) =>
      execFileSync('bash', [
        '-c',
        `source ${file}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _store_completion; printf '%s\\n' "\${COMPREPLY[@]}"`,
      ])
        .toString()
        .trim()
        .split('\n')
    expect(complete(['store', 'pro'])).toEqual(['products', 'proxy'])
    expect(complete(['store', 'products', ''])).toEqual(
      expect.arrayContaining(['list', 'get', 'create', 'update', 'delete']),
    )
    expect(complete(['store', '--shop', 'demo', 'products', 'list', '--a'])).toEqual(['--all', '--api-key'])
    expect(complete(['store', 'emulator', 'clock', ''])).toEqual(expect.arrayContaining(['advance', 'show']))
    expect(complete(['store', 'products', 'get', 'rec_1', '--js'])).toEqual(['--json'])
  })

  it('prints zsh and fish scripts naming every command', async () => {
    const zsh = await runCli(['completion', 'zsh'])
    expect(zsh.code).toBe(0)
    expect(zsh.stdout).toMatch(/^#compdef store\n/)
    expect(zsh.stdout).toContain("'mystery verify') subs=()")
    const fish = await runCli(['completion', 'fish'])
    expect(fish.code).toBe(0)
    expect(fish.stdout).toContain(
      "complete -c store -n '__fish_use_subcommand' -a products -d 'list, show, create, update and delete products'",
    )
    expect(fish.stdout).toContain(
      "complete -c store -n '__fish_seen_subcommand_from products; and __fish_seen_subcommand_from list' -l limit -r",
    )
  })

  it('refuses an unknown shell (exit 2)', async () => {
    expect(await runCli(['completion', 'tcsh'])).toMatchObject({
      code: 2,
      stderr:
        "error: command-argument value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.\n(run with --help for usage)\n",
    })
  })
})

describe('help for every command', () => {
  it.each(COMMANDS.map((c) => [c.name]))('store help %s and store %s --help print its full usage', async (name) => {
    const viaHelp = await runCli(['help', name])
    const viaFlag = await runCli([name, '--help'])
    expect(viaHelp.code).toBe(0)
    expect(viaFlag.code).toBe(0)
    expect(viaHelp.stdout).toBe(viaFlag.stdout)
    expect(viaHelp.stdout).toMatch(new RegExp(`^Usage: store ${name} \\[options\\]`))
    // A complete usage names what the command holds: its subcommands or its own flags.
    expect(viaHelp.stdout).toMatch(/\nCommands:\n|\nOptions:\n {2}-/)
    expect(viaHelp.stdout.split('\n').length).toBeGreaterThan(4)
  })
})

describe('errors with --json', () => {
  it('are one JSON line on stderr: the error, the field errors and the hint', async () => {
    const emu = await testEmulator()
    const missing = await runCli(['products', 'get', 'rec_nope', '--json'], { app: emu.app })
    expect(missing).toMatchObject({ code: 5, stdout: '' })
    expect(JSON.parse(missing.stderr)).toEqual({ error: 'product not found: rec_nope' })
    const refused = await runCli(
      ['--json', 'coupons', 'create', '--code', 'X', '--type', 'percentage', '--value', '150'],
      {
        app: emu.app,
      },
    )
    expect(refused.code).toBe(2)
    expect(JSON.parse(refused.stderr)).toMatchObject({
      error: 'invalid coupon: value: must be at most 100 for a percentage coupon',
      errors: [{ field: 'value' }],
    })
    const unreachable = await runCli(['--json', 'orders', 'list'])
    expect(JSON.parse(unreachable.stderr)).toMatchObject({ hint: expect.stringMatching(/^is the API running there\?/) })
    const unknown = await runCli(['--json', 'products', 'list', '--colour'])
    expect(unknown.code).toBe(2)
    expect(JSON.parse(unknown.stderr.split('\n')[0])).toEqual({ error: "unknown option '--colour'" })
  })
})
