// `store webhooks wait`: blocks until the emulator emits a matching event, so scripts need not sleep.
import { isWebhookEventKind } from '../../contract/event-kinds.js'
import type { EmittedEvent } from '../../contract/webhooks.js'
import { StoreError } from '../../contract/store-error.js'
import { valueAt } from '../../fixtures/expect.js'
import { UsageError } from '../exit-codes.js'
import { parseDuration } from '../commands/emulator.js'
import { CheckFailedError } from './http.js'
import type { CommandContext } from '../client-factory.js'

export interface WaitOptions {
  event: string
  match?: string[]
  timeout: string
  since?: string
}

/** `path=value` pairs, each a dotted path into the event's data and the text its value must read as. */
export function parseMatches(pairs: readonly string[]): { path: string[]; value: string }[] {
  return pairs.map((pair) => {
    const at = pair.indexOf('=')
    if (at < 1) throw new UsageError(`--match: "${pair}" is not path=value, e.g. --match uniqid=ord_123`)
    return { path: pair.slice(0, at).split('.'), value: pair.slice(at + 1) }
  })
}

export function isMatching(event: EmittedEvent, matches: ReturnType<typeof parseMatches>): boolean {
  return matches.every(({ path, value }) => {
    const at = valueAt(event.data, path)
    return at !== undefined && (typeof at === 'object' ? JSON.stringify(at) : String(at)) === value
  })
}

export async function waitForEvent(w: CommandContext, o: WaitOptions): Promise<void> {
  if (!isWebhookEventKind(o.event))
    throw new UsageError(`--event: "${o.event}" is not an event kind of the spec (see store webhooks events)`)
  const matches = parseMatches(o.match ?? [])
  const seconds = parseDuration(o.timeout)
  if (o.since !== undefined && !/^(evt_)?\d{1,15}$/.test(o.since))
    throw new UsageError(`--since: "${o.since}" is not an event id (evt_12, or its number 12)`)
  const kind = o.event
  const options = { timeout: seconds * 1000, since: o.since }
  const event = await w
    .client()
    .emulator.events.waitFor(kind, (e) => isMatching(e, matches), options)
    .catch((error: unknown) => {
      if (!(error instanceof StoreError) || error.status !== 408) throw error
      const what = matches.length ? ` matching ${(o.match ?? []).join(', ')}` : ''
      throw new CheckFailedError(`no ${kind} event${what} within ${o.timeout}`)
    })
  if (w.out.isJson) return w.out.json(event)
  w.out.line(`${event.id}\t${event.event}`)
}
