// `store webhooks listen --forward-to URL`: the emulator's live events (GET /_emulator/events, SSE)
// POSTed to a local URL as webhooks. Reconnects by itself and resumes with Last-Event-ID, so an
// event is forwarded once even when the emulator restarts in between.
import type { EmittedEvent } from '../../spec/webhooks.js'
import { isWebhookEventKind, webhookBody, type WebhookEventKind } from '../../spec/event-kinds.js'
import { UsageError } from '../exit-codes.js'
import { followUntilStopped } from '../follow-until-stopped.js'
import { isOk, sendWebhook, type Sent, type WebhookContext } from './http.js'

export interface ListenOptions {
  forwardTo: string
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
 * Forwards events until SIGINT/SIGTERM. One stdout line per forwarded event (time, sequence,
 * kind, the local URL's status, duration); connection news on stderr.
 */
export async function listen(w: WebhookContext, o: ListenOptions): Promise<void> {
  const { ctx, out } = w
  if (!/^https?:\/\//i.test(o.forwardTo)) throw new UsageError(`--forward-to: "${o.forwardTo}" is not an http(s) URL`)
  const kinds = parseKinds(o.events)
  if (o.since !== undefined && !/^\d+$/.test(o.since))
    throw new UsageError(`--since: "${o.since}" is not an event id (a sequence number; 0 replays every kept event)`)
  const client = w.client()
  const { origin } = w.connection()
  const messages = {
    ready: `Ready! Forwarding ${kinds ? kinds.join(', ') : 'every event'} from ${origin} to ${o.forwardTo} (Ctrl+C to stop)`,
    reconnected: (after: string | undefined) =>
      `Reconnected to ${origin}${after !== undefined ? `; resuming after event ${after}` : ''}`,
  }
  await followUntilStopped(ctx, out, messages, async (signal, onStatus) => {
    const events = client.emulator.events({ events: kinds, since: o.since, signal, onStatus })
    for await (const event of events) {
      const forwarded = await forward(w, o.forwardTo, event, signal)
      if (signal.aborted) break
      printForwarded(w, forwarded)
    }
  })
}

/**
 * POSTs the event as a webhook (`{ event, data, timestamp, source }`, spec headers). A local URL
 * that does not answer gets the same body again after 0.5, 1, 2, 4 and 8 s; any answer, 2xx or
 * not, is the receiver's verdict and is printed as it is.
 */
async function forward(w: WebhookContext, url: string, event: EmittedEvent, stop: AbortSignal): Promise<Forwarded> {
  const body = JSON.stringify(webhookBody(event.event as WebhookEventKind, event.data, w.ctx.now()))
  let sent: Sent = await sendWebhook(w.ctx, url, body, undefined, stop)
  let attempts = 1
  for (const delay of FORWARD_RETRY_DELAYS_MS) {
    if (sent.status !== null || stop.aborted) break
    w.out.info(
      `${url} did not answer (${sent.error}); trying ${event.event} #${event.sequence} again in ${delay / 1000} s`,
    )
    await w.ctx.sleep(delay)
    sent = await sendWebhook(w.ctx, url, body, undefined, stop)
    attempts++
  }
  return {
    sequence: event.sequence,
    event: event.event,
    status: sent.status,
    durationMs: sent.durationMs,
    error: sent.error,
    attempts,
  }
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
