// What only curl reached before: accounts, customers' queries and feedback, and the request log
// after the fact (one request by id, the last failed ones).
import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

describe('store emulator accounts', () => {
  it('creates an account from the demo seed (its key shown once and working) and deletes it', async () => {
    const emu = await testEmulator()
    const app = emu.app
    const created = await runCli(['emulator', 'accounts', 'create', '--seed', 'demo', '--slug', 'team-b', '--json'], {
      app,
    })
    expect(created.code).toBe(0)
    const { account, shop, key } = JSON.parse(created.stdout)
    expect(shop.slug).toBe('team-b')
    // The demo's ids are taken by the first account: this one's records get fresh ones.
    const products = await runCli(['--api-key', key.secret, 'products', 'list', '--json'], { app })
    expect(JSON.parse(products.stdout).products.map((p: { name: string }) => p.name)).toContain('Game Key')
    const piped = await runCli(['emulator', 'accounts', 'create'], { app })
    expect(piped.stdout).toMatch(/^key\tsk_live_\w+$/m)
    expect(piped.stderr).toMatch(/^✓ Created account acct_\w+; its key is shown once: use it with --api-key\n$/)

    expect(await runCli(['emulator', 'accounts', 'delete', account.id], { app })).toMatchObject({ code: 2 })
    const deleted = await runCli(['--api-key', key.secret, 'emulator', 'accounts', 'delete', account.id, '--yes'], {
      app,
    })
    expect(deleted).toMatchObject({ code: 0, stderr: `✓ Deleted account ${account.id}\n` })
    expect((await runCli(['--api-key', key.secret, 'products', 'list'], { app })).code).toBe(4)
  })
})

describe('store emulator queries and feedback', () => {
  it('lists and shows what customers sent through the storefront', async () => {
    const emu = await testEmulator()
    const app = emu.app
    const sent = await emu.request('/storefront/demo/queries', {
      method: 'POST',
      json: { email: 'buyer@example.com', subject: 'Where is my key?', message: 'Nothing arrived.' },
    })
    const query = await sent.json()
    const listed = await runCli(['emulator', 'queries'], { app })
    expect(listed.stdout).toMatch(new RegExp(`^${query.id}\topen\tbuyer@example.com\tWhere is my key\\?\t0\t`, 'm'))
    await runCli(['emulator', 'reply', query.id, '--message', 'Sent again.'], { app })
    const shown = await runCli(['emulator', 'queries', 'get', query.id, '--json'], { app })
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: query.id, status: 'answered', replyCount: 1 })

    const ord1 = await (await emu.request('/api/v1/orders/ORD-1')).json()
    await emu.request(`/storefront/demo/invoices/${ord1.id}/feedback`, {
      method: 'POST',
      json: { rating: 4, comment: 'Quick' },
    })
    const feedback = await runCli(['emulator', 'feedback'], { app })
    expect(feedback.stdout).toMatch(/^fbk_\w+\tORD-1\t[^\t]+\t4\t[^\t]+\tQuick$/m)
  })
})

describe('store logs list and get', () => {
  it('lists the last failed requests oldest first, and shows one by id', async () => {
    const emu = await testEmulator()
    const app = emu.app
    await runCli(['products', 'get', 'rec_nope'], { app })
    await runCli(['coupons', 'list'], { app })
    await runCli(['orders', 'get', 'ORD-99'], { app })
    const failed = await runCli(['logs', 'list', '--failed', '--limit', '5'], { app })
    expect(failed.code).toBe(0)
    const lines = failed.stdout.trim().split('\n')
    expect(lines.map((l) => l.split('\t').slice(1, 4))).toEqual([
      ['GET', '/api/v1/products/rec_nope', '404'],
      ['GET', '/api/v1/orders/ORD-99', '404'],
    ])
    const last = await runCli(['logs', 'list', '--limit', '1', '--json'], { app })
    const [entry] = JSON.parse(last.stdout).requests
    expect(entry).toMatchObject({ path: '/api/v1/orders/ORD-99' })
    const one = await runCli(['logs', 'get', entry.id, '--json'], { app })
    expect(JSON.parse(one.stdout)).toMatchObject({ id: entry.id, status: 404, reason: 'order not found: ORD-99' })
    expect(await runCli(['logs', 'list', '--failed', '--status', '4xx'], { app })).toMatchObject({ code: 2 })
  })

  it('on an 80-column terminal, puts a long reason below its line, wrapped at word boundaries', async () => {
    const emu = await testEmulator()
    await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: '', price: -1, type: 'Nope', currency: 'dollars', description: 1 },
    })
    const { stdout } = await runCli(['logs', 'list'], { app: emu.app, tty: true, columns: 80, env: { NO_COLOR: '1' } })
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}POST {4}\/api\/v1\/products {2}400 {2}[\d.]+ ms$/)
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80)
    const reason = lines
      .slice(1)
      .map((l) => l.trim())
      .join(' ')
    const [entry] = (await (await emu.request('/_emulator/requests')).json()).requests
    expect(reason).toBe(entry.reason)
  })
})
