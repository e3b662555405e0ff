// `store webhooks listen [--forward-to URL]`: the emulator's live events (GET /_emulator/events,
// SSE) printed, and POSTed to a local URL as webhooks when one is given. Reconnects by itself and
// resumes with Last-Event-ID, so an event is seen once even when the emulator restarts in between.
import type { EmittedEvent } from '../../spec/webhooks.js'
import { isWebhookEventKind, webhookBody, type WebhookEventKind } from '../../spec/event-kinds.js'
import { UsageError } from '../exit-codes.js'
import { followUntilStopped } from '../follow-until-stopped.js'
import { isOk, sendWebhook, type Sent, type WebhookContext } from './http.js'

export interface ListenOptions {
  forwardTo?: string
  events?: string
  since?: string
}

export interface Forwarded {
  sequence: number
  event: string
  status: number | null
  durationMs: number
  error: string | null
  attempts: number
}

/** Waits before re-POSTing to a local URL that did not answer (it may be restarting). */
export const FORWARD_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000]

function parseKinds(text: string | undefined): WebhookEventKind[] | undefined {
  if (!text) return undefined
  const kinds = text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
  const unknown = kinds.find((k) => !isWebhookEventKind(k))
  if (unknown)
    throw new UsageError(`--events: "${unknown}" is not an event kind (list them with store webhooks events)`)
  return kinds as WebhookEventKind[]
}

/**
 * Prints, or forwards, events until SIGINT/SIGTERM. One stdout line per event (time, sequence,
 * kind, and when forwarded the local URL's status and duration); connection news on stderr.
 *
 * Forwarding keeps the events' order: each event's first POST is made in turn. An event whose
 * POST got no answer (the local app is not running, or restarting) is tried again in the
 * background, so a dead URL does not hold the events after it; its line comes when it settles.
 */
export async function listen(w: WebhookContext, o: ListenOptions): Promise<void> {
  const { ctx, out } = w
  const target = o.forwardTo
  if (target !== undefined && !/^https?:\/\//i.test(target))
    throw new UsageError(`--forward-to: "${target}" is not an http(s) URL`)
  const kinds = parseKinds(o.events)
  if (o.since !== undefined && !/^\d+$/.test(o.since))
    throw new UsageError(`--since: "${o.since}" is not an event id (a sequence number; 0 replays every kept event)`)
  const client = w.client()
  const { origin } = w.connection()
  const what = kinds ? kinds.join(', ') : 'every event'
  const messages = {
    ready: target
      ? `Ready! Forwarding ${what} from ${origin} to ${target} (Ctrl+C to stop)`
      : `Ready! Printing ${what} from ${origin} (Ctrl+C to stop; --forward-to URL POSTs them, --json prints payloads)`,
    reconnected: (after: string | undefined) =>
      `Reconnected to ${origin}${after !== undefined ? `; resuming after event ${after}` : ''}`,
  }
  const retrying = new Set<Promise<void>>()
  try {
    await followUntilStopped(ctx, out, messages, async (signal, onStatus) => {
      for await (const event of client.emulator.events({ events: kinds, since: o.since, signal, onStatus })) {
        if (!target) {
          printEvent(w, event)
          continue
        }
        const body = JSON.stringify(webhookBody(event.event as WebhookEventKind, event.data, ctx.now()))
        const first = await sendWebhook(ctx, target, body, undefined, signal)
        if (signal.aborted) break
        if (first.status !== null) {
          printForwarded(w, forwarded(event, first, 1))
          continue
        }
        const retry = retryForward(w, target, event, body, first, signal).then((f) => {
          if (!signal.aborted) printForwarded(w, f)
        })
        retrying.add(retry)
        void retry.finally(() => retrying.delete(retry))
      }
    })
  } finally {
    // Stopped (or the stream gave up): retries still waiting were aborted with it and settle now.
    await Promise.all(retrying)
  }
}

/** The event as it came, without forwarding: a line, or with `--json` the event itself (NDJSON). */
function printEvent(w: WebhookContext, event: EmittedEvent): void {
  if (w.out.isJson) return w.out.ndjson(event)
  w.out.line(`${w.ctx.now().toISOString().slice(11, 19)}  #${event.sequence}  ${event.event}`)
}

const forwarded = (event: EmittedEvent, sent: Sent, attempts: number): Forwarded => ({
  sequence: event.sequence,
  event: event.event,
  status: sent.status,
  durationMs: sent.durationMs,
  error: sent.error,
  attempts,
})

/** Waits `ms`, or less when `signal` aborts. */
function pause(w: WebhookContext, ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise<void>((resolve) => {
    signal.addEventListener('abort', () => resolve(), { once: true })
    void w.ctx.sleep(ms).then(resolve)
  })
}

/**
 * POSTs the event again to a local URL that did not answer, after 0.5, 1, 2, 4 and 8 s; any
 * answer, 2xx or not, is the receiver's verdict and ends it.
 */
async function retryForward(
  w: WebhookContext,
  url: string,
  event: EmittedEvent,
  body: string,
  first: Sent,
  stop: AbortSignal,
): Promise<Forwarded> {
  let sent = first
  let attempts = 1
  for (const delay of FORWARD_RETRY_DELAYS_MS) {
    if (sent.status !== null || stop.aborted) break
    w.out.info(
      `${url} did not answer (${sent.error}); trying ${event.event} #${event.sequence} again in ${delay / 1000} s`,
    )
    await pause(w, delay, stop)
    if (stop.aborted) break
    sent = await sendWebhook(w.ctx, url, body, undefined, stop)
    attempts++
  }
  return forwarded(event, sent, attempts)
}

function printForwarded(w: WebhookContext, f: Forwarded): void {
  const { out } = w
  if (out.isJson) return out.ndjson({ ...f, at: w.ctx.now().toISOString() })
  const time = w.ctx.now().toISOString().slice(11, 19)
  const status =
    f.status === null
      ? out.chalk.red(`not delivered (${f.error})`)
      : isOk(f.status)
        ? out.chalk.green(String(f.status))
        : out.chalk.red(String(f.status))
  out.line(`${time}  #${f.sequence}  ${f.event}  → ${status}  ${f.durationMs} ms`)
}
