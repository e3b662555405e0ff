import { describe, expect, it } from 'vitest'
import type { Prompter } from '../../src/cli/prompter.js'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

describe('new products and their status', () => {
  it('says a new Draft product is not listed until Live, and not for a Live one', async () => {
    const emu = await testEmulator()
    const draft = await runCli(['products', 'create', '--name', 'Kit', '--price', '5', '--type', 'Digital'], {
      app: emu.app,
    })
    expect(draft.code).toBe(0)
    const id = /^productId\t(rec_\w+)$/m.exec(draft.stdout)![1]
    expect(draft.stderr).toBe(
      `✓ Created product ${id} as Draft: not listed until Live (store products update ${id} --status Live)\n`,
    )
    const live = await runCli(
      ['products', 'create', '--name', 'Kit', '--price', '5', '--type', 'Digital', '--status', 'Live'],
      { app: emu.app },
    )
    expect(live.stderr).toMatch(/^✓ Created product rec_\w+\n$/)
  })

  it.each([
    [
      'Serial',
      'next: its stock is its code pool, empty now: add codes: store emulator fulfilment set ID --serials @codes.txt',
    ],
    [
      'MysteryBox',
      'next: it cannot be sold without a drop table: set one (JSON {"outcomes": [{"name", "weight", "stock"}]}): store emulator fulfilment set ID --mystery @table.json',
    ],
    [
      'Dynamic',
      'next: its deliveries come from your URL: set it: store emulator fulfilment set ID --dynamic-url http://localhost:3000/deliver',
    ],
  ])('says what setup a new %s product still needs, and the command that gives it', async (type, next) => {
    const emu = await testEmulator()
    const created = await runCli(
      ['products', 'create', '--name', 'Kit', '--price', '5', '--type', type, '--status', 'Live'],
      { app: emu.app },
    )
    const id = /^productId\t(rec_\w+)$/m.exec(created.stdout)![1]
    expect(created.stderr).toBe(`✓ Created product ${id}\n${next.replace('ID', id)}\n`)
    const updated = await runCli(['products', 'update', id, '--price', '6'], { app: emu.app })
    expect(updated.stderr).toBe(`✓ Updated product ${id}\n`)
  })

  it('asks for the status on a terminal, Draft preselected', async () => {
    const emu = await testEmulator()
    const asked: { message: string; choices: readonly string[]; preselected?: string }[] = []
    const prompter: Prompter = {
      input: async () => {
        throw new Error('unexpected input prompt')
      },
      password: async () => '',
      confirm: async () => true,
      select: async (message, choices, opts) => {
        asked.push({ message, choices, preselected: opts?.default })
        return 'Live' as never
      },
    }
    const { code, requests } = await runCli(
      ['products', 'create', '--name', 'Kit', '--price', '5', '--type', 'Digital'],
      {
        app: emu.app,
        tty: true,
        prompter,
        env: { NO_COLOR: '1' },
      },
    )
    expect(code).toBe(0)
    expect(asked).toEqual([
      { message: 'Live, Draft or Archived (status)', choices: ['Live', 'Draft', 'Archived'], preselected: 'Draft' },
    ])
    expect(JSON.parse(requests[0].body!).status).toBe('Live')
  })

  it('lists Draft, Archived or all products through the emulator with --status', async () => {
    const emu = await testEmulator()
    const ids = (stdout: string) =>
      stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.split('\t')[0])
    const live = await runCli(['products', 'list'], { app: emu.app })
    expect(ids(live.stdout)).not.toContain('rec_demoDraft0001')
    const drafts = await runCli(['products', 'list', '--status', 'draft'], { app: emu.app })
    expect(drafts).toMatchObject({ code: 0, stderr: '' })
    expect(drafts.stdout).toBe('rec_demoDraft0001\tUpcoming Bundle\tDigital\t29.00 USD\tunlimited\tDraft\n')
    expect(drafts.requests.map((r) => new URL(r.url).pathname + new URL(r.url).search)).toEqual([
      '/_emulator/products?status=Draft',
    ])
    const all = await runCli(['products', 'list', '--status', 'all', '--all'], { app: emu.app })
    expect(ids(all.stdout)).toHaveLength(9)
    const archived = await runCli(['products', 'list', '--status', 'Archived'], {
      app: emu.app,
      tty: true,
      env: { NO_COLOR: '1' },
    })
    expect(archived).toMatchObject({ code: 0, stdout: '', stderr: 'No Archived products found\n' })
    const bad = await runCli(['products', 'list', '--status', 'Gone'], { app: emu.app })
    expect(bad).toMatchObject({
      code: 2,
      requests: [],
      stderr: 'error: --status: "Gone" is not one of Live, Draft, Archived, all\n',
    })
  })

  it('says so, exit 2, where the server has no status list (a hosted service)', async () => {
    const hosted: typeof fetch = async (input) =>
      new URL(String(input)).pathname.startsWith('/_emulator')
        ? new Response(JSON.stringify({ error: 'not found' }), { status: 404 })
        : new Response(JSON.stringify({ products: [], nextCursor: null }), { status: 200 })
    const { code, stderr } = await runCli(
      [
        '--base-url',
        'https://api.example.com/api/v1',
        '--api-key',
        'sk_live_x1234567',
        'products',
        'list',
        '--status',
        'Draft',
      ],
      { fetch: hosted },
    )
    expect(code).toBe(2)
    expect(stderr).toMatch(
      /^error: --status Draft: https:\/\/api\.example\.com does not list products by status \(GET \/_emulator\/products is the local emulator's, store serve\); the API lists Live products only\./,
    )
  })
})
