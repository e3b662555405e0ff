// `store webhooks probe URL`: what a webhook handler does with what real senders send, judged by
// the spec's delivery rules.
import { WEBHOOK_EVENT_KINDS, WEBHOOK_TIMEOUT_MS, type WebhookEventKind } from '../../contract/event-kinds.js'
import { loadEventSample } from '../../contract/event-samples.js'
import { parseDuration } from '../commands/emulator.js'
import { UsageError } from '../exit-codes.js'
import { CheckFailedError, isOk, sendWebhook } from './http.js'
import type { CommandContext } from '../client-factory.js'

/** A kind no version of the spec has: the handler should answer it without breaking. */
export const UNKNOWN_KIND = 'order:teleported'

interface Probe {
  probe: string
  event: string
  /** `must`: the spec's rule, a failure exits 1; `should`: advice, reported only. */
  rule: 'must' | 'should'
  expect: string
  body: string
  isPassing: (status: number | null) => boolean
}

export type ProbeResult = Omit<Probe, 'body' | 'isPassing'> & {
  status: number | null
  durationMs: number
  error: string | null
  passed: boolean
}

const ACK = 'a 2xx within 15 s'

/** Every probe in the order sent: each kind, a duplicate, an out-of-order pair, extra fields, an unknown kind. */
export function probes(now: Date): Probe[] {
  const timestamp = now.toISOString()
  const sample = (kind: WebhookEventKind): Record<string, unknown> => ({ ...loadEventSample(kind), timestamp })
  const must = (probe: string, event: string, body: unknown): Probe => ({
    probe,
    event,
    rule: 'must',
    expect: ACK,
    body: JSON.stringify(body),
    isPassing: isOk,
  })
  const paid = sample('order:paid')
  // Another order, whose payment arrives before its creation, as deliveries held up by retries do.
  const another = (body: Record<string, unknown>) => {
    const data = body.data as { id: number; uniqid: string }
    return { ...body, data: { ...data, id: data.id + 1, uniqid: `${data.uniqid}_later` } }
  }
  const data = paid.data as Record<string, unknown>
  return [
    ...WEBHOOK_EVENT_KINDS.map((kind) => must(kind, kind, sample(kind))),
    must('duplicate', 'order:paid', paid),
    must('out of order (1 of 2)', 'order:paid', another(paid)),
    must('out of order (2 of 2)', 'order:created', another(sample('order:created'))),
    {
      ...must('extra fields', 'order:paid', {
        ...paid,
        probe_note: 'a field newer senders add',
        data: { ...data, probe_extra: { nested: true } },
      }),
      rule: 'should',
      expect: `${ACK}: fields it does not know are ignored`,
    },
    {
      probe: 'unknown kind',
      event: UNKNOWN_KIND,
      rule: 'should',
      expect: 'an answer within 15 s (2xx to take it, 4xx to refuse it), not a crash',
      body: JSON.stringify({ ...paid, event: UNKNOWN_KIND }),
      isPassing: (status) => status !== null && status < 500,
    },
  ]
}

export const PROBE_TIMEOUT = '60s'

/** Exit 1 when a well-formed event was not acknowledged. Probes left when `timeout` is used up are not sent. */
export async function probe(w: CommandContext, url: string, timeout = PROBE_TIMEOUT): Promise<ProbeResult[]> {
  if (!/^https?:\/\//i.test(url))
    throw new UsageError(`"${url}" is not an http(s) URL (e.g. http://localhost:3000/hooks)`)
  const seconds = parseDuration(timeout)
  if (seconds < 1) throw new UsageError(`--timeout: "${timeout}" is less than a second`)
  const started = performance.now()
  const results: ProbeResult[] = []
  for (const p of probes(w.now())) {
    const leftMs = Math.round(seconds * 1000 - (performance.now() - started))
    const sent =
      leftMs > 0
        ? await sendWebhook(w, url, p.body, { showAtMost: 0, timeoutMs: Math.min(WEBHOOK_TIMEOUT_MS, leftMs) })
        : { status: null, durationMs: 0, error: `not sent: the probe's ${timeout} were used up (--timeout)` }
    const { body: _, isPassing, ...about } = p
    const { status, durationMs, error } = sent
    const result: ProbeResult = { ...about, status, durationMs, error, passed: isPassing(status) }
    results.push(result)
    if (!w.out.isJson) printResult(w, result)
  }
  const failed = results.filter((r) => r.rule === 'must' && !r.passed)
  const advice = results.filter((r) => r.rule === 'should' && !r.passed)
  if (w.out.isJson) w.out.json({ url, ok: failed.length === 0, results })
  for (const r of advice) w.out.warn(`${r.probe}: expected ${r.expect}; got ${r.status ?? r.error}`)
  if (failed.length)
    throw new CheckFailedError(
      `${failed.length} of ${results.filter((r) => r.rule === 'must').length} well-formed events were not acknowledged with a 2xx within 15 s (${failed.map((r) => r.probe).join(', ')})`,
    )
  w.out.success(`${url} acknowledged every well-formed event`)
  return results
}

function printResult(w: CommandContext, r: ProbeResult): void {
  const { out } = w
  const answer = r.status ?? `no answer (${r.error})`
  // Piped: the probe's name, the event's kind, status, ms, verdict; a kind's own probe is named `kind`.
  if (!out.isTTY)
    return out.line(
      `${r.probe === r.event ? 'kind' : r.probe}\t${r.event}\t${r.status ?? ''}\t${r.durationMs}\t${r.passed ? 'ok' : r.rule === 'must' ? 'failed' : 'warning'}`,
    )
  const mark = r.passed ? out.chalk.green('✓') : r.rule === 'must' ? out.chalk.red('✗') : out.chalk.yellow('!')
  const label = r.probe === r.event ? r.event : `${r.probe}: ${r.event}`
  out.line(`${mark} ${label}  ${answer}  ${r.durationMs} ms${r.passed ? '' : `  expected ${r.expect}`}`)
}
