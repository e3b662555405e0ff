// `store webhooks listen [--forward-to URL]`: the live events printed, or POSTed as webhooks;
// resumes with Last-Event-ID after a reconnect, so an event is seen once.
import type { EmittedEvent } from '../../contract/webhooks.js'
import {
  WEBHOOK_EVENT_KINDS,
  isWebhookEventKind,
  webhookBody,
  type WebhookEventKind,
} from '../../contract/event-kinds.js'
import { UsageError } from '../exit-codes.js'
import { commaList } from '../input.js'
import { followUntilStopped } from '../follow-until-stopped.js'
import { isOk, sendWebhook, type Sent } from './http.js'
import type { CommandContext } from '../client-factory.js'

export interface ListenOptions {
  /** `URL` (every event) or `PATTERN=URL` (`order:*`, `order:paid,product:*`), repeatable. */
  forwardTo?: string[]
  events?: string
  since?: string
}

type Outcome = Pick<Sent, 'status' | 'durationMs' | 'error'>

export const FORWARD_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000]

function parseKinds(text: string | undefined): WebhookEventKind[] | undefined {
  if (!text) return undefined
  const kinds = commaList(text)
  const unknown = kinds.find((k) => !isWebhookEventKind(k))
  if (unknown)
    throw new UsageError(`--events: "${unknown}" is not an event kind (list them with store webhooks events)`)
  return kinds as WebhookEventKind[]
}

/** `*` matches any run of characters; everything else itself. */
const globOf = (pattern: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`)

/** The ready line of `listen --forward-to`: what each URL gets. */
export function forwardingLine(
  origin: string,
  kinds: string[] | undefined,
  targets: { url: string; patterns: string[] | undefined }[],
): string {
  const asked = kinds ? kinds.join(',') : 'every kind'
  const each = targets.map((t) => `${t.patterns ? t.patterns.join(',') : asked} to ${t.url}`)
  return `Ready! Forwarding ${kinds ? kinds.join(', ') : 'every event'} from ${origin}: ${each.join('; ')} (Ctrl+C to stop)`
}

/** A plain URL takes every event; `PATTERN=URL` the kinds its patterns match, each matching one. */
export function parseForwardTarget(text: string) {
  const isPlain = /^https?:\/\//i.test(text)
  const cut = text.indexOf('=')
  const url = isPlain ? text : text.slice(cut + 1).trim()
  if (!isPlain && (cut < 1 || !/^https?:\/\//i.test(url)))
    throw new UsageError(
      `--forward-to: "${text}" is neither an http(s) URL nor PATTERN=URL (e.g. --forward-to 'order:*=http://localhost:3000/orders')`,
    )
  if (isPlain) return { url, patterns: undefined, matches: (_kind: string) => true }
  const patterns = commaList(text.slice(0, cut))
  const globs = patterns.map(globOf)
  for (const [i, glob] of globs.entries())
    if (!WEBHOOK_EVENT_KINDS.some((kind) => glob.test(kind)))
      throw new UsageError(
        `--forward-to: "${patterns[i]}" matches no event kind (list them with store webhooks events; * matches any run of characters)`,
      )
  return { url, patterns, matches: (kind: string) => globs.some((glob) => glob.test(kind)) }
}

/** Events that may wait for one target's earlier POSTs; past it, that target misses the event (said on its line). */
export const FORWARD_QUEUE_LIMIT = 1_000

/**
 * Each target's POSTs go one at a time in event order, so a target that never answers holds only
 * its own events; an event whose POST got no answer is tried again in the background.
 */
export async function listen(w: CommandContext, o: ListenOptions): Promise<void> {
  const { out } = w
  const targets = (o.forwardTo ?? []).map((text) => ({
    ...parseForwardTarget(text),
    tail: Promise.resolve(),
    waiting: 0,
  }))
  const kinds = parseKinds(o.events)
  if (o.since !== undefined && !/^\d+$/.test(o.since))
    throw new UsageError(`--since: "${o.since}" is not an event id (a sequence number; 0 replays every kept event)`)
  const client = w.client()
  const { origin } = w.connection()
  const ready = targets.length
    ? forwardingLine(origin, kinds, targets)
    : `Ready! Printing ${kinds ? kinds.join(', ') : 'every event'} from ${origin} (Ctrl+C to stop; --forward-to URL POSTs them, --json prints payloads)`
  const print = (event: EmittedEvent, url: string, { status, durationMs, error }: Outcome, attempts: number) => {
    const at = w.now().toISOString()
    if (out.isJson)
      return out.ndjson({ sequence: event.sequence, event: event.event, url, status, durationMs, error, attempts, at })
    const shown =
      status === null
        ? out.chalk.red(`not delivered (${error})`)
        : out.chalk[isOk(status) ? 'green' : 'red'](String(status))
    const to = targets.length > 1 ? `${url} ` : ''
    out.line(`${at.slice(11, 19)}  #${event.sequence}  ${event.event}  → ${to}${shown}  ${durationMs} ms`)
  }
  const retrying = new Set<Promise<void>>()
  /** POSTs the event in the target's turn; while the URL gives no answer, again in the background. */
  const forward = async (url: string, event: EmittedEvent, body: string, signal: AbortSignal) => {
    const post = () => sendWebhook(w, url, body, { showAtMost: 0, signal })
    let sent = await post()
    if (signal.aborted) return
    if (sent.status !== null) return print(event, url, sent, 1)
    const retry = (async () => {
      let attempts = 1
      for (const delay of FORWARD_RETRY_DELAYS_MS) {
        const again = `trying ${event.event} #${event.sequence} again in ${delay / 1000} s`
        out.info(`${url} did not answer (${sent.error}); ${again}`)
        const aborted = new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
        await Promise.race([w.sleep(delay), aborted])
        if (signal.aborted) return
        sent = await post()
        attempts++
        if (signal.aborted) return
        if (sent.status !== null) break
      }
      print(event, url, sent, attempts)
    })()
    retrying.add(retry)
    void retry.finally(() => retrying.delete(retry))
  }
  try {
    await followUntilStopped(w, ready, 'event', async (signal, onStatus) => {
      for await (const event of client.emulator.events({ events: kinds, since: o.since, signal, onStatus })) {
        if (!targets.length) {
          if (out.isJson) out.ndjson(event)
          else out.line(`${w.now().toISOString().slice(11, 19)}  #${event.sequence}  ${event.event}`)
          continue
        }
        const body = JSON.stringify(webhookBody(event.event as WebhookEventKind, event.data, w.now()))
        for (const target of targets) {
          if (!target.matches(event.event)) continue
          if (target.waiting >= FORWARD_QUEUE_LIMIT) {
            const error = `not sent: ${FORWARD_QUEUE_LIMIT} earlier events still wait for ${target.url}`
            print(event, target.url, { status: null, durationMs: 0, error }, 0)
            continue
          }
          target.waiting++
          target.tail = target.tail.then(() => forward(target.url, event, body, signal)).finally(() => target.waiting--)
        }
        if (signal.aborted) break
      }
    })
  } finally {
    // Stopped (or the stream gave up): POSTs and retries still waiting were aborted with it and settle now.
    await Promise.all(targets.map((t) => t.tail))
    await Promise.all(retrying)
  }
}
