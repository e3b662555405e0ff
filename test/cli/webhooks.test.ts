import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { applyOverride, parseOverride } from '../../src/cli/webhooks/overrides.js'
import { loadEventSample } from '../../src/contract/event-samples.js'
import {
  ALL_EVENT_KINDS,
  EVENT_KINDS_IN_READING_ORDER,
  EVENT_TRIGGERS,
  validateWebhookPayload,
} from '../../src/contract/events.js'
import { cleanups, cli, receiver, runCli, servedEmulator } from './webhooks-harness.js'
import { runCli as runOnTerminal } from './run-cli.js'

function tmpFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-wh-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

/** Every path of a JSON value whose leaf differs between a and b. */
function changedPaths(a: unknown, b: unknown, path = ''): string[] {
  if (a === b) return []
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    return [...keys].flatMap((k) =>
      changedPaths((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}.${k}` : k),
    )
  }
  return [path]
}

describe('store webhooks events', () => {
  it('lists every kind with the operation that fires it', async () => {
    const { code, stdout } = await cli(['webhooks', 'events'])
    expect(code).toBe(0)
    const lines = stdout.trim().split('\n')
    expect(lines).toHaveLength(ALL_EVENT_KINDS.length)
    expect(lines[0]).toBe(`order:created\torder\t${EVENT_TRIGGERS['order:created']}`)
    expect(lines.map((l) => l.split('\t')[0])).toEqual([...EVENT_KINDS_IN_READING_ORDER])
    expect([...EVENT_KINDS_IN_READING_ORDER].sort()).toEqual([...ALL_EVENT_KINDS].sort())
    expect(lines[1]).toMatch(/^order:created:product\t/)
  })

  it('on an 80-column terminal, wraps each sentence at word boundaries below its kind', async () => {
    const { stdout } = await runOnTerminal(['webhooks', 'events'], { tty: true, columns: 80, env: { NO_COLOR: '1' } })
    const lines = stdout.trimEnd().split('\n')
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80)
    // Too narrow for a column of kinds beside the sentences: each kind, then its sentence below it.
    const sentences = new Map<string, string>()
    let kind = ''
    for (const line of lines) {
      if (!line.startsWith(' ')) kind = line
      else sentences.set(kind, [sentences.get(kind), line.trim()].filter(Boolean).join(' '))
    }
    for (const k of ALL_EVENT_KINDS) expect(sentences.get(k)).toBe(EVENT_TRIGGERS[k])
  })

  it('prints JSON with --json', async () => {
    const { stdout } = await cli(['webhooks', 'events', '--json'])
    const rows = JSON.parse(stdout) as { kind: string; fixture: string }[]
    expect(rows.find((r) => r.kind === 'order:paid:product')?.fixture).toBe('fixtures/events/order.paid.product.json')
  })
})

describe('store webhooks trigger', () => {
  it('POSTs the sample of a kind with the spec headers and prints status, time and body', async () => {
    const rx = await receiver(() => ({ status: 200, body: 'thanks', contentType: 'text/plain' }))
    const { code, stdout, stderr } = await cli(['webhooks', 'trigger', 'order:paid', '--to', `${rx.url}/hook`])
    expect(code).toBe(0)
    expect(stderr).toBe(`order:paid → POST ${rx.url}/hook\n`)
    expect(stdout).toMatch(/^200 OK {2}\d+ ms\nthanks\n$/)
    const [req] = rx.requests
    expect(req.headers['content-type']).toBe('application/json')
    expect(req.headers['user-agent']).toBe('Service-Webhook/1.0')
    const body = req.json() as Record<string, unknown>
    const sample = loadEventSample('order:paid')
    expect(changedPaths(sample, body)).toEqual(['timestamp'])
    expect(validateWebhookPayload(body).problems).toEqual([])
  })

  it('--override changes exactly the named fields, typed like the field they replace', async () => {
    const rx = await receiver()
    const { code } = await cli([
      'webhooks',
      'trigger',
      'order:paid:product',
      '--to',
      rx.url,
      '--override',
      'total=10',
      '--override',
      'products.1.quantity=3',
      '--override',
      'customer_email=ada@example.com',
      '--override',
      'custom_fields:={"vip":true}',
    ])
    expect(code).toBe(0)
    const body = rx.requests[0].json() as { data: Record<string, unknown> }
    expect(changedPaths(loadEventSample('order:paid:product'), body).sort()).toEqual([
      'data.custom_fields.discord',
      'data.custom_fields.vip',
      'data.customer_email',
      'data.products.1.quantity',
      'data.total',
      'timestamp',
    ])
    expect(body.data.total).toBe(10)
    expect((body.data.products as { quantity: number }[])[1].quantity).toBe(3)
    expect(body.data.custom_fields).toEqual({ vip: true })
  })

  it('--override of the dynamic payload addresses its top level (no data wrapper)', async () => {
    const rx = await receiver()
    expect(
      (
        await cli([
          'webhooks',
          'trigger',
          'INVOICE.ITEM.DELIVER-DYNAMIC',
          '--to',
          rx.url,
          '--override',
          'item.quantity=4',
          '--override',
          'price=20.00',
        ])
      ).code,
    ).toBe(0)
    const body = rx.requests[0].json()
    expect(changedPaths(loadEventSample('INVOICE.ITEM.DELIVER-DYNAMIC'), body).sort()).toEqual([
      'item.quantity',
      'price',
    ])
    expect((body as { price: string }).price).toBe('20.00')
  })

  it('warns when an override breaks the schema, and still sends', async () => {
    const rx = await receiver()
    const { code, stderr } = await cli([
      'webhooks',
      'trigger',
      'product:created',
      '--to',
      rx.url,
      '--override',
      'price:="free"',
    ])
    expect(code).toBe(0)
    expect(stderr).toContain(
      'warning: payload does not match the product:created schema: data.price: Invalid input: expected number, received string',
    )
    expect(rx.requests).toHaveLength(1)
  })

  it('exits 1 when the receiver answers non-2xx, and when nothing answers', async () => {
    const rx = await receiver(() => ({ status: 500, body: 'nope' }))
    const failed = await cli(['webhooks', 'trigger', 'query:created', '--to', rx.url])
    expect(failed.code).toBe(1)
    expect(failed.stdout).toMatch(/^500 Internal Server Error {2}\d+ ms\nnope\n$/)
    expect(failed.stderr).toContain('error: the receiver answered 500, not 2xx')
    const gone = await receiver()
    const url = gone.url
    await gone.close()
    const refused = await cli(['webhooks', 'trigger', 'query:created', '--to', url])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`error: the receiver at ${url} did not answer (ECONNREFUSED)`)
  })

  it.each([
    [
      ['webhooks', 'trigger', 'order:shipped', '--to', 'http://127.0.0.1:1'],
      'error: "order:shipped" is not an event kind of the spec (did you mean order:created, order:updated, order:partial, order:paid, order:paid:product, order:cancelled?); list them with store webhooks events',
    ],
    [
      ['webhooks', 'trigger', 'order:paid', '--to', 'http://127.0.0.1:1', '--override', 'nope'],
      'error: --override "nope": expected path=value (or path:=json), e.g. --override total=10',
    ],
    [
      ['webhooks', 'trigger', 'order:paid', '--to', 'http://127.0.0.1:1', '--override', 'total=ten'],
      'error: --override total=ten: the field is a number; "ten" is not (use path:=json to set another type)',
    ],
    [
      ['webhooks', 'trigger', 'order:paid', '--to', 'http://127.0.0.1:1', '--override', 'product.nothing.deeper=1'],
      'error: --override product.nothing.deeper=1: data.product.nothing is not an object or array in this payload',
    ],
    [['webhooks', 'trigger', 'order:paid', '--to', 'mailto:x'], 'error: --to: "mailto:x" is not an http(s) URL'],
  ])('refuses %j as a usage error (exit 2)', async (argv, error) => {
    const { code, stderr } = await cli(argv)
    expect(code).toBe(2)
    expect(stderr.split('\n')[0]).toBe(error)
  })

  it('--dry-run prints the payload without sending', async () => {
    const { code, stdout } = await cli([
      'webhooks',
      'trigger',
      'feedback:received',
      '--to',
      'http://127.0.0.1:1',
      '--dry-run',
      '--override',
      'rating=2',
    ])
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ event: 'feedback:received', data: { rating: 2 } })
  })
})

describe('parseOverride / applyOverride', () => {
  it('leaves the input untouched and sets a new leaf', () => {
    const body = { event: 'x', data: { a: { b: 1 } } }
    const out = applyOverride(body, parseOverride('a.c=hello', true))
    expect(body).toEqual({ event: 'x', data: { a: { b: 1 } } })
    expect(out).toEqual({ event: 'x', data: { a: { b: 1, c: 'hello' } } })
    expect(applyOverride(body, parseOverride('timestamp=2026-01-01T00:00:00.000Z', true)).timestamp).toBe(
      '2026-01-01T00:00:00.000Z',
    )
    expect(applyOverride(body, parseOverride('data.a.b=null', true))).toEqual({ event: 'x', data: { a: { b: null } } })
  })
})

describe('store webhooks validate', () => {
  it('accepts a valid payload file', async () => {
    const file = tmpFile('paid.json', JSON.stringify(loadEventSample('order:paid')))
    const { code, stdout } = await cli(['webhooks', 'validate', file])
    expect(code).toBe(0)
    expect(stdout).toBe(`✓ ${file}: a valid order:paid payload\n`)
  })

  it('names every problem of an invalid payload on stdin and exits 1', async () => {
    const body = structuredClone(loadEventSample('subscription:renewed')) as { data: Record<string, unknown> }
    body.data.current_period_end = '2026-07-01'
    delete body.data.product
    const { code, stdout, stderr } = await cli(['webhooks', 'validate', '-'], { stdin: JSON.stringify(body) })
    expect(code).toBe(1)
    expect(stdout).toBe(
      [
        '✗ stdin: not a valid subscription:renewed payload (2 problems)',
        '  data.current_period_end: Invalid input: expected number, received string',
        '  data.product: Invalid input: expected object, received undefined',
        '',
      ].join('\n'),
    )
    expect(stderr).toBe("error: stdin does not match the spec's schemas\n")
  })

  it('says when the file is not JSON, and when it does not exist', async () => {
    const bad = await cli(['webhooks', 'validate', tmpFile('x.json', '{nope')])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^error: .*x\.json is not valid JSON/)
    const missing = await cli(['webhooks', 'validate', '/no/such/file.json'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toBe('error: cannot read /no/such/file.json: no such file\n')
  })
})

describe('store webhooks receive', () => {
  it('prints each webhook, checks it, and answers dynamic deliveries with the given content', async () => {
    const run = runCli(['webhooks', 'receive', '--port', '0', '--dynamic-response', '{"username":"grace"}'], {
      readyText: 'Listening on',
    })
    await run.started
    const url = /Listening on (\S+)/.exec(run.output().stderr)![1]

    const ok = await fetch(`${url}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Service-Webhook/1.0' },
      body: JSON.stringify(loadEventSample('order:paid')),
    })
    expect(ok.status).toBe(200)
    const broken = {
      ...loadEventSample('product:stock'),
      data: { ...(loadEventSample('product:stock').data as object), stock: 'many' },
    }
    await fetch(`${url}/hook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(broken),
    })
    const dynamic = await fetch(`${url}/deliver`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Service-Webhook/1.0' },
      body: JSON.stringify(loadEventSample('INVOICE.ITEM.DELIVER-DYNAMIC')),
    })
    expect(dynamic.headers.get('content-type')).toBe('application/json')
    expect(await dynamic.json()).toEqual({ username: 'grace' })

    run.signal()
    const { code, stdout } = await run.done
    expect(code).toBe(0)
    const lines = stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d {2}POST \/hook {2}order:paid {2}✓ valid$/)
    expect(lines[1]).toBe(
      '  order #1042 ord_0mqv2k3c0001xY7kP2rQ · COMPLETED · grace@example.com · $39.60 · Game Key ×2, Store T-Shirt ×1',
    )
    expect(lines[2]).toMatch(/POST \/hook {2}product:stock {2}✗ 3 problem\(s\)$/)
    expect(lines.slice(4, 7)).toEqual([
      '  ✗ Content-Type is "text/plain", expected application/json',
      '  ✗ User-Agent is "node", expected Service-Webhook/1.0',
      '  ✗ data.stock: Invalid input: expected number, received string',
    ])
    expect(lines[7]).toMatch(/POST \/deliver {2}INVOICE\.ITEM\.DELIVER-DYNAMIC {2}✓ valid$/)
  })
})

describe('store webhooks against the emulator (list, create, simulate, logs, resend, delete)', () => {
  it('manages endpoints and the delivery log', async () => {
    const rx = await receiver()
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const created = await cli([
      ...emu.flags,
      'webhooks',
      'create',
      '--url',
      `${rx.url}/h`,
      '--events',
      'product:created,order:paid',
    ])
    expect(created.code).toBe(0)
    const id = created.stdout.trim()
    expect(id).toMatch(/^wh_/)
    expect((await cli([...emu.flags, 'webhooks', 'list'])).stdout).toBe(
      `${id}\t${rx.url}/h\tproduct:created,order:paid\t2026-06-01T12:00:00.000Z\t\n`,
    )

    const simulated = await cli([...emu.flags, 'webhooks', 'simulate', id, '--event', 'order:paid'])
    expect(simulated.code).toBe(0)
    expect(simulated.stdout).toMatch(
      new RegExp(`^whd_\\S+ {2}order:paid → ${rx.url}/h {2}200 {2}[\\d.]+ ms\\n\\{"ok":true\\}\\n$`),
    )
    await emu.request('/api/v1/products', { method: 'POST', json: { name: 'Sticker', price: 2.5, type: 'Physical' } })
    await emu.idle()

    const logs = await cli([...emu.flags, 'webhooks', 'logs'])
    const rows = logs.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))
    expect(rows.map((r) => [r[1], r[3], r[4], r[5]])).toEqual([
      ['product:created', 'delivered', '200', '0'],
      ['order:paid', 'delivered', '200', '0'],
    ])

    const detail = await cli([...emu.flags, 'webhooks', 'logs', rows[0][0]])
    expect(detail.stdout).toContain(`id\t${rows[0][0]}\n`)
    expect(detail.stdout).toContain('"event": "product:created"')

    const resent = await cli([...emu.flags, 'webhooks', 'resend', rows[0][0], '--json'])
    expect(resent.code).toBe(0)
    expect(JSON.parse(resent.stdout)).toMatchObject({ origin: 'resend', resendOf: rows[0][0], state: 'delivered' })
    expect(rx.requests[2].body).toBe(rx.requests[1].body)

    expect((await cli([...emu.flags, 'webhooks', 'delete', id])).code).toBe(0)
    const again = await cli([...emu.flags, 'webhooks', 'delete', id])
    expect(again.code).toBe(5)
    expect(again.stderr).toBe(`error: webhook not found: ${id}\n`)
  })

  it('goes through the client: --verbose shows each request and answer, the key masked', async () => {
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const { code, stdout, stderr } = await cli([...emu.flags, 'webhooks', 'list', '--verbose'])
    expect(code).toBe(0)
    expect(stdout).toBe('')
    expect(stderr).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/_emulator\/webhooks$/m)
    expect(stderr).toMatch(/^> authorization: Bearer sk_live_…\w{4}$/m)
    expect(stderr).toMatch(/^< 200 OK \(\d+ ms\)$/m)
    expect(stderr).toMatch(/^< \{"webhooks":\[\]\}$/m)
  })

  it('needs an API key', async () => {
    const { code, stderr } = await cli(['webhooks', 'logs', '--base-url', 'http://127.0.0.1:1/api/v1'], {
      env: { STORE_API_KEY: '' },
    })
    expect(code).toBe(2)
    expect(stderr).toContain('error: no API key')
  })
})
