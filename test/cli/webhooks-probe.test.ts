import { describe, expect, it } from 'vitest'
import { UNKNOWN_KIND } from '../../src/cli/webhooks/probe.js'
import { WEBHOOK_EVENT_KINDS } from '../../src/contract/event-kinds.js'
import { validateWebhookPayload } from '../../src/contract/events.js'
import type { ReceivedRequest } from '../helpers/receiver.js'
import { cli, receiver } from './webhooks-harness.js'

type Body = { event: string; data: { uniqid?: string; status?: string } }
const body = (r: ReceivedRequest) => r.json() as Body
const MUST = WEBHOOK_EVENT_KINDS.length + 3

describe('store webhooks probe URL', () => {
  it('sends every kind, a duplicate, an out-of-order pair, extra fields and an unknown kind; exit 0 when all are acknowledged', async () => {
    const rx = await receiver()
    const run = await cli(['webhooks', 'probe', `${rx.url}/hooks`])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(`✓ ${rx.url}/hooks acknowledged every well-formed event\n`)
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'))
    expect(lines).toHaveLength(MUST + 2)
    // A kind's own probe is named `kind`, its kind in the next column only.
    expect(lines.slice(0, WEBHOOK_EVENT_KINDS.length).map((l) => `${l[0]} ${l[1]}`)).toEqual(
      WEBHOOK_EVENT_KINDS.map((kind) => `kind ${kind}`),
    )
    expect(lines.map((l) => l[0]).slice(WEBHOOK_EVENT_KINDS.length)).toEqual([
      'duplicate',
      'out of order (1 of 2)',
      'out of order (2 of 2)',
      'extra fields',
      'unknown kind',
    ])
    expect(lines.every((l) => l[2] === '200' && l[4] === 'ok' && Number(l[3]) >= 0)).toBe(true)
    const got = rx.requests.map(body)
    expect(got.slice(0, WEBHOOK_EVENT_KINDS.length).map((b) => b.event)).toEqual([...WEBHOOK_EVENT_KINDS])
    for (const r of rx.requests.slice(0, MUST)) expect(validateWebhookPayload(r.json()).problems).toEqual([])
    expect(rx.requests[WEBHOOK_EVENT_KINDS.length].body).toBe(
      rx.requests[WEBHOOK_EVENT_KINDS.indexOf('order:paid')].body,
    )
    const [later, earlier] = got.slice(WEBHOOK_EVENT_KINDS.length + 1, WEBHOOK_EVENT_KINDS.length + 3)
    expect([later.event, earlier.event, later.data.uniqid === earlier.data.uniqid]).toEqual([
      'order:paid',
      'order:created',
      true,
    ])
    expect(got.at(-1)?.event).toBe(UNKNOWN_KIND)
    expect(rx.requests.every((r) => r.headers['user-agent'] === 'Service-Webhook/1.0')).toBe(true)
  })

  it('exits 1 naming the well-formed events a handler did not acknowledge (here: duplicates and a payment before its order)', async () => {
    const seen = new Set<string>()
    const known = new Set<string>()
    // A handler that refuses a body it saw before and a payment of an order it never saw created.
    const rx = await receiver((_n, req) => {
      const b = body(req)
      if (seen.has(req.body)) return { status: 409, body: '{"error":"duplicate"}' }
      seen.add(req.body)
      if (b.event === 'order:created' && b.data.uniqid) known.add(b.data.uniqid)
      if (b.event === 'order:paid' && b.data.uniqid && !known.has(b.data.uniqid)) return { status: 404 }
      return { status: 204 }
    })
    const run = await cli(['webhooks', 'probe', rx.url, '--json'])
    expect(run.code).toBe(1)
    const report = JSON.parse(run.stdout) as {
      ok: boolean
      results: { probe: string; passed: boolean; status: number }[]
    }
    expect(report.ok).toBe(false)
    expect(report.results.filter((r) => !r.passed).map((r) => [r.probe, r.status])).toEqual([
      ['duplicate', 409],
      ['out of order (1 of 2)', 404],
    ])
    // With --json the error is JSON too.
    expect(JSON.parse(run.stderr.trim().split('\n').at(-1)!)).toMatchObject({
      error: `2 of ${MUST} well-formed events were not acknowledged with a 2xx within 15 s (duplicate, out of order (1 of 2))`,
    })
  })

  it('only warns when the handler fails on an unknown kind or extra fields', async () => {
    // A strict handler: it crashes on kinds it does not know and refuses fields it does not know.
    const rx = await receiver((_n, req) => {
      const b = body(req) as Body & Record<string, unknown>
      if (b.event === UNKNOWN_KIND) return { status: 500 }
      return { status: Object.keys(b).every((k) => ['event', 'data', 'timestamp', 'source'].includes(k)) ? 200 : 400 }
    })
    const run = await cli(['webhooks', 'probe', rx.url])
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(
      'warning: extra fields: expected a 2xx within 15 s: fields it does not know are ignored; got 400',
    )
    expect(run.stdout.trim().split('\n').at(-1)).toMatch(/^unknown kind\torder:teleported\t500\t\d+(\.\d+)?\twarning$/)
    expect(run.stderr).toContain(
      'warning: unknown kind: expected an answer within 15 s (2xx to take it, 4xx to refuse it), not a crash; got 500',
    )
  })

  it('exits 1 when nothing answers, 2 for a URL that is not http(s)', async () => {
    const dead = await cli(['webhooks', 'probe', 'http://127.0.0.1:1/hooks'])
    expect(dead.code).toBe(1)
    expect(dead.stdout.split('\n')[0]).toMatch(/^kind\torder:created\t\t\d+\tfailed$/)
    const bad = await cli(['webhooks', 'probe', 'localhost:3000'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('error: "localhost:3000" is not an http(s) URL (e.g. http://localhost:3000/hooks)\n')
  })
})
