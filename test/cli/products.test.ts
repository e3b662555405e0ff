import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { ANSI, runCli, scriptedPrompter } from './run-cli.js'
import { productRow } from '../helpers/rows.js'

describe('store products', () => {
  it('lists as an aligned table with a header on a TTY', async () => {
    const emu = await testEmulator()
    const { code, stdout, stderr } = await runCli(['products', 'list', '--limit', '3'], {
      app: emu.app,
      tty: true,
      env: { NO_COLOR: '1' },
    })
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TYPE\s+PRICE\s+STOCK\s+STATUS$/)
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(/^rec_demoMystery01\s+Mystery Box\s+MysteryBox\s+3\.00 USD\s+/)
    // columns line up: every row has the NAME column at the header's offset
    const at = lines[0].indexOf('NAME')
    for (const line of lines.slice(1)) expect(line[at - 1]).toBe(' ')
    expect(stderr).toMatch(/More products: --cursor \S+, or --all/)
  })

  it('prints tab-separated lines without a header or colour when piped', async () => {
    const emu = await testEmulator()
    const { code, stdout, stderr } = await runCli(['products', 'list', '--limit', '2'], { app: emu.app })
    expect(code).toBe(0)
    expect(stdout).toBe(
      `rec_demoMystery01\tMystery Box\tMysteryBox\t3.00 USD\tunlimited\tLive\n${stdout.split('\n')[1]}\n`,
    )
    expect(stdout.split('\n')[1].split('\t')).toHaveLength(6)
    expect(stdout).not.toMatch(ANSI)
    expect(stderr).toBe('')
  })

  it('prints the API JSON unchanged with --json', async () => {
    const emu = await testEmulator()
    const direct = await (await emu.request('/api/v1/products?limit=2')).json()
    const { code, stdout } = await runCli(['products', 'list', '--limit', '2', '--json'], { app: emu.app, tty: true })
    expect(code).toBe(0)
    expect(stdout).toBe(`${JSON.stringify(direct, null, 2)}\n`)
  })

  it('follows every cursor with --all, one JSON line per product with --json', async () => {
    const emu = await testEmulator()
    const { code, stdout, requests } = await runCli(['products', 'list', '--all', '--limit', '3', '--json'], {
      app: emu.app,
    })
    expect(code).toBe(0)
    const lines = stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.map((p) => p.productId)).toHaveLength(8)
    expect(new Set(lines.map((p) => p.id)).size).toBe(8)
    expect(requests.map((r) => new URL(r.url).searchParams.get('limit'))).toEqual(['3', '3', '3'])
  })

  it('colours status words on a TTY, and never with NO_COLOR or --no-color', async () => {
    const emu = await testEmulator()
    const coloured = await runCli(['products', 'list'], { app: emu.app, tty: true })
    expect(coloured.stdout).toMatch(ANSI)
    const noColor = await runCli(['products', 'list'], { app: emu.app, tty: true, env: { NO_COLOR: '1' } })
    expect(noColor.stdout).not.toMatch(ANSI)
    const flag = await runCli(['products', 'list', '--no-color'], { app: emu.app, tty: true })
    expect(flag.stdout).not.toMatch(ANSI)
  })

  it('creates from typed flags and shows the record', async () => {
    const emu = await testEmulator()
    const { code, stdout, stderr, requests } = await runCli(
      ['products', 'create', '--name', 'Key', '--price', '4.5', '--type', 'serial', '--stock', 'null', '--unlisted'],
      { app: emu.app },
    )
    expect(code).toBe(0)
    expect(JSON.parse(requests[0].body!)).toEqual({
      name: 'Key',
      price: 4.5,
      type: 'Serial',
      stock: null,
      unlisted: true,
    })
    expect(stdout).toMatch(/^name\tKey$/m)
    expect(stdout).toMatch(/^status\tDraft$/m)
    expect(stderr).toMatch(/✓ Created product rec_/)
  })

  it('refuses a bad value before sending anything (exit 2)', async () => {
    const emu = await testEmulator()
    const bad = await runCli(['products', 'create', '--name', 'Key', '--price', 'abc', '--type', 'Serial'], {
      app: emu.app,
    })
    expect(bad).toMatchObject({ code: 2, stdout: '', requests: [] })
    expect(bad.stderr).toBe('error: --price: "abc" is not a number\n')
    const schema = await runCli(['products', 'create', '--name', 'Key', '--price', '-1', '--type', 'Serial'], {
      app: emu.app,
    })
    expect(schema).toMatchObject({ code: 2, requests: [] })
    expect(schema.stderr).toBe('error: invalid product: price: must not be negative\n')
    const type = await runCli(['products', 'create', '--name', 'Key', '--price', '1', '--type', 'Car'], {
      app: emu.app,
    })
    expect(type.stderr).toMatch(/--type: "Car" is not one of Service, Digital/)
  })

  it('asks for missing required fields on a TTY, and is a usage error when piped', async () => {
    const emu = await testEmulator()
    const prompter = scriptedPrompter(['Sticker', '2', 'Physical', 'Live'])
    const asked = await runCli(['products', 'create'], { app: emu.app, tty: true, prompter })
    expect(asked.code).toBe(0)
    expect(prompter.asked).toEqual([
      'product name (name)',
      'price in the currency (price)',
      'product type (type)',
      'Live, Draft or Archived (status)',
    ])
    expect(JSON.parse(asked.requests[0].body!)).toEqual({ name: 'Sticker', price: 2, type: 'Physical', status: 'Live' })

    const piped = await runCli(['products', 'create', '--name', 'Sticker'], { app: emu.app })
    expect(piped).toMatchObject({ code: 2, requests: [] })
    expect(piped.stderr).toMatch(
      /^error: missing --price, --type for product \(give the flags or --data; there is no terminal to ask on\)\n {2}price: is required\n {2}type: is required\n$/,
    )
  })

  it('reads --data from a file and from stdin, flags overriding it', async () => {
    const emu = await testEmulator()
    const fromStdin = await runCli(['products', 'create', '--data', '-', '--price', '9', '--json'], {
      app: emu.app,
      stdin: '{"name":"From stdin","price":1,"type":"Digital"}',
    })
    expect(fromStdin.code).toBe(0)
    expect(JSON.parse(fromStdin.stdout)).toMatchObject({ name: 'From stdin', price: 9, type: 'Digital' })
    const missing = await runCli(['products', 'create', '--data', '@/nonexistent/p.json'], { app: emu.app })
    expect(missing).toMatchObject({ code: 2, stderr: 'error: cannot read /nonexistent/p.json: no such file\n' })
  })

  it('maps API failures to exit codes: 404 → 5, 401 → 4 with a hint, 400 from the server → 3', async () => {
    const emu = await testEmulator()
    const missing = await runCli(['products', 'get', 'rec_nope'], { app: emu.app })
    expect(missing).toMatchObject({ code: 5, stdout: '', stderr: 'error: product not found: rec_nope\n' })
    const auth = await runCli(
      ['--base-url', 'http://emulator.test/api/v1', '--api-key', 'sk_live_wrongwrongwrong', 'products', 'list'],
      { app: emu.app, connect: false },
    )
    expect(auth.code).toBe(4)
    expect(auth.stderr).toMatch(
      /^error: invalid API key sk_live_…rong: it is unknown or was revoked\..*\nhint: the key sk_live_…rong \(from --api-key\) was refused: pass --api-key, set STORE_API_KEY, or run `store login`\.\n$/,
    )
    const update = await runCli(['products', 'update', 'rec_demoSerial001', '--data', '{"type":"Digital"}'], {
      app: emu.app,
    })
    expect(update).toMatchObject({ code: 2, requests: [] })
    expect(update.stderr).toBe('error: invalid product update: type: is not a known field\n')
  })

  it('is exit 7 with a hint when nothing answers, after retrying GETs with backoff', async () => {
    const { code, stderr, sleeps } = await runCli(['products', 'list'], {})
    expect(code).toBe(7)
    expect(stderr).toBe(
      'error: could not reach http://127.0.0.1:4010/api/v1/products: connect ECONNREFUSED 127.0.0.1:4010\n' +
        'hint: is the API running there? The URL is the default (no profile is saved). Start the emulator with `store serve`, or pass --base-url (or --profile).\n',
    )
    expect(sleeps).toEqual([250, 500, 1000])
  })

  it('deletes with --yes, asks on a TTY naming the product it looked up, and refuses without --yes when piped', async () => {
    const emu = await testEmulator()
    const piped = await runCli(['products', 'delete', 'rec_demoSerial001'], { app: emu.app })
    expect(piped).toMatchObject({
      code: 2,
      requests: [],
      stderr:
        'error: refusing to delete product rec_demoSerial001 without confirmation: pass --yes (no terminal to ask on)\n',
    })

    const declined = await runCli(['products', 'delete', 'rec_demoSerial001'], {
      app: emu.app,
      tty: true,
      prompter: scriptedPrompter([false]),
    })
    expect(declined).toMatchObject({
      code: 130,
      stderr: 'error: cancelled: did not delete product rec_demoSerial001\n',
    })
    expect(declined.requests.map((r) => r.method)).toEqual(['GET'])

    const unknown = await runCli(['products', 'delete', 'rec_nope'], {
      app: emu.app,
      tty: true,
      prompter: scriptedPrompter([]),
    })
    expect(unknown).toMatchObject({ code: 5, stderr: 'error: product not found: rec_nope\n' })

    const prompter = scriptedPrompter([true])
    const confirmed = await runCli(['products', 'delete', 'rec_demoSerial001'], {
      app: emu.app,
      tty: true,
      prompter,
      env: { NO_COLOR: '1' },
    })
    expect(confirmed).toMatchObject({ code: 0, stdout: '', stderr: '✓ Deleted product rec_demoSerial001\n' })
    expect(prompter.asked).toEqual(['Delete product "Game Key" (rec_demoSerial001)? This cannot be undone.'])

    const again = await runCli(['products', 'delete', 'rec_demoSerial001', '--yes', '--json'], { app: emu.app })
    expect(again.code).toBe(5)
    const yes = await runCli(['products', 'delete', 'rec_demoDigital01', '--yes', '--json'], { app: emu.app })
    expect(yes).toMatchObject({ code: 0, stdout: '{\n  "success": true\n}\n' })
  })

  it('logs requests and answers with the key masked under --verbose', async () => {
    const emu = await testEmulator()
    const { code, stderr } = await runCli(['products', 'get', 'rec_demoSerial001', '--verbose'], { app: emu.app })
    expect(code).toBe(0)
    expect(stderr).toMatch(/^> GET http:\/\/emulator\.test\/api\/v1\/products\/rec_demoSerial001$/m)
    expect(stderr).toMatch(/^> authorization: Bearer sk_live_…test$/m)
    expect(stderr).toMatch(/^< 200 OK \(\d+ ms\)$/m)
    expect(stderr).not.toContain('sk_live_testtesttesttesttesttesttesttest')
  })

  it('uses an unknown option as a usage error (exit 2)', async () => {
    const emu = await testEmulator()
    const { code, stderr } = await runCli(['products', 'list', '--colour'], { app: emu.app })
    expect(code).toBe(2)
    expect(stderr).toMatch(/unknown option '--colour'/)
  })
})

describe('answers that differ from the client schemas', () => {
  const product = productRow({ name: 'Hologram', type: 'Hologram', price: 5, hologramUrl: 'https://h.example' })
  const fetch: typeof globalThis.fetch = async () => Response.json(product)

  it('prints the server JSON with --json and exits 0, and --verbose names the difference', async () => {
    const plain = await runCli(['products', 'get', 'rec_1', '--json', '--base-url', 'http://x.test/api/v1'], { fetch })
    expect(plain).toMatchObject({ code: 0, stderr: '' })
    expect(JSON.parse(plain.stdout)).toEqual(product)
    const verbose = await runCli(
      ['products', 'get', 'rec_1', '--json', '--verbose', '--base-url', 'http://x.test/api/v1'],
      {
        fetch,
      },
    )
    expect(verbose.code).toBe(0)
    expect(verbose.stderr).toMatch(
      /^! GET \/products\/rec_1: the answer differs from what getProduct declares: type: /m,
    )
  })
})
