import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/cli/commands-index.js'
import { runCli } from './run-cli.js'
import { testEmulator } from '../helpers/emulator.js'

describe('store --help and --version', () => {
  it.each([['--help'], ['--version'], ['-V'], []])('store %s exits 0', async (...argv) => {
    const { code, stdout } = await runCli(argv.filter(Boolean) as string[])
    expect(code).toBe(0)
    if (argv[0] === '--help') for (const c of COMMANDS) expect(stdout).toMatch(new RegExp(`\\n  ${c.name}\\b`))
  })
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
      stderr: 'error: unknown shell "tcsh": use bash, zsh or fish\n',
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
