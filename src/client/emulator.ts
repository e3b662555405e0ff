// The emulator control API (DESIGN.md, "Emulator control API — the dashboard's functions, over
// HTTP"): what the hosted service configures in its dashboard. Only `store serve` and the MSW
// handlers answer these.
import type { CreateAccountInput } from '../contract/accounts.js'
import type { WebhookEventKind } from '../contract/event-kinds.js'
import type { PayInput } from '../contract/fulfilment.js'
import type { EmittedEvent } from '../contract/webhooks.js'
import { StoreError } from '../contract/store-error.js'
import type { CallOptions, Http } from './http.js'
import { follow, type FollowOptions, type StreamStatus } from './follow.js'
import { resource, verbs } from './resources.js'

export type EventStreamStatus = StreamStatus

export interface EventsOptions extends FollowOptions {
  events?: readonly WebhookEventKind[]
}

export interface WaitForOptions extends CallOptions {
  /** Give up after this many ms (default 10,000): the promise rejects with a StoreError of status 408. */
  timeout?: number
  /** Also match events already logged after this event id (`evt_12` or `12`); default: only new events. */
  since?: number | string
}

export const DEFAULT_WAIT_MS = 10_000

export type EmulatorClient = ReturnType<typeof emulator>
export type WebhooksClient = EmulatorClient['webhooks']
export type FaultsClient = EmulatorClient['faults']

/** The control API's operations as methods (ids and paths in src/contract/operations/control). */
export function emulator(http: Http) {
  type Id = string
  type Opts = CallOptions
  const call = http.call.bind(http)
  const { list, get: byId, create, update } = verbs(http)
  return {
    listShops: list('listShops'),
    createShop: create('createShop'),
    listKeys: list('listKeys'),
    /** A new key; its `secret` is in this answer only. */
    createKey: (body: { name?: string } = {}, options: Opts = {}) => call('createKey', { ...options, body }),
    revokeKey: byId('revokeKey'),
    /**
     * The shop's products of any status, as the dashboard lists them (`GET /_emulator/products`):
     * `status` Live, Draft, Archived or `all` (default); paged like `products.list`.
     */
    listProducts: list('listAllProducts'),
    /** The product's dashboard-only setup: pools, files, dynamic URL, mystery table with its commitment. */
    getFulfilment: byId('getFulfilment'),
    /** Replaces the given parts of the setup (`null` removes one); `serials` replaces the pool and stock follows it. */
    setFulfilment: update('setFulfilment'),
    /** Marks an order paid (less than the amount due: partial) and runs fulfilment; idempotent. */
    payOrder: (id: Id, body: PayInput = {}, options: Opts = {}) =>
      call('payOrder', { ...options, params: { id }, body }),
    /** Runs fulfilment again for lines left undelivered (no stock then, dynamic endpoint down). */
    retryDelivery: byId('retryDelivery'),
    addTracking: update('addTracking'),
    disputeOrder: byId('disputeOrder'),
    cancelSubscription: byId('cancelSubscription'),
    getClock: list('getClock'),
    /** Moves the emulator clock forward: renewals, trial ends and notices fall due and fire. */
    advanceClock: (seconds: number, options: Opts = {}) => call('advanceClock', { ...options, body: { seconds } }),
    listQueries: list('listQueries'),
    getQuery: byId('getQuery'),
    /** The merchant's reply to a customer query (`query:replied`). */
    replyToQuery: (id: Id, message: string, options: Opts = {}) =>
      call('replyToQuery', { ...options, params: { id }, body: { message } }),
    listFeedback: list('listFeedback'),
    /** Webhook endpoints, the delivery log, resend and the simulator (`/_emulator/webhooks`). */
    webhooks: {
      ...resource(http, { list: 'listWebhooks', get: 'getWebhook', create: 'createWebhook', delete: 'deleteWebhook' }),
      /** The dashboard simulator: sample data of one kind sent to the endpoint once, logged like any delivery. */
      simulate: (id: Id, event: WebhookEventKind, options: Opts = {}) =>
        call('simulateWebhook', { ...options, params: { id }, body: { event } }),
      logs: list('listDeliveries'),
      log: byId('getDelivery'),
      /** The logged delivery's exact payload again, to its URL, as a new entry of the log (one attempt). */
      resend: byId('resendDelivery'),
    },
    /**
     * Rules that make chosen requests of the account fail (`/_emulator/faults`): the next `times`
     * requests matching `match` answer `status` (default 500) after `latencyMs`.
     * @example await client.emulator.faults.create({ match: { method: 'POST', path: '/api/v1/products' }, status: 503 })
     */
    faults: resource(http, { list: 'listFaults', create: 'createFault', delete: 'deleteFault' }),
    /**
     * The shop's events as they are committed (`GET /_emulator/events`, Server-Sent Events). Reconnects
     * by itself and resumes after the last event it yielded (`Last-Event-ID`), so none is seen twice
     * or missed across an emulator restart. Ends when `signal` aborts or the loop breaks; a refused
     * request (401, 400…) throws its StoreError.
     * @example for await (const event of client.emulator.events({ events: ['order:paid'] })) console.log(event.data)
     */
    events: Object.assign((options: EventsOptions = {}) => events(http, options), {
      /**
       * The first event of `kind` (and, with `predicate`, one it accepts): waits instead of sleeping in tests.
       * Webhook data name an order by its number (`id`) and its id (`uniqid`), as the spec's payloads do.
       * @example const paid = await client.emulator.events.waitFor('order:paid', (e) => e.data.uniqid === order.id, { since: 0 })
       */
      waitFor: (kind: WebhookEventKind, predicate?: (event: EmittedEvent) => boolean, options: WaitForOptions = {}) =>
        waitFor(http, kind, predicate, options),
    }),
    /** A new isolated account (own key, first shop, own clock); its key's `secret` is in this answer only. */
    createAccount: (body: CreateAccountInput = {}, options: Opts = {}) => call('createAccount', { ...options, body }),
    /** Removes an account with everything in it (a key may remove only its own account). */
    deleteAccount: byId('deleteAccount'),
    saveState: (name: string, options: Opts = {}) => call('saveState', { ...options, body: { name } }),
    restoreState: (name: string, options: Opts = {}) => call('restoreState', { ...options, body: { name } }),
    listStates: list('listStates'),
    /** The account back to the state it was created with. */
    reset: list('resetAccount'),
    exportState: list('exportState'),
    importState: (seed: Record<string, unknown>, options: Opts = {}) =>
      call('restoreState', { ...options, body: { seed } }),
  }
}

/** Reads the event stream until an event of `kind` that `predicate` accepts arrives; 408 after the timeout. */
async function waitFor(
  http: Http,
  kind: WebhookEventKind,
  predicate: ((event: EmittedEvent) => boolean) | undefined,
  options: WaitForOptions,
): Promise<EmittedEvent> {
  const timeoutMs = options.timeout ?? DEFAULT_WAIT_MS
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout
  const since = typeof options.since === 'string' ? options.since.replace(/^evt_/, '') : options.since
  try {
    for await (const event of events(http, { ...options, events: [kind], since, signal }))
      if (event.event === kind && (!predicate || predicate(event))) return event
  } catch (error) {
    if (!timeout.aborted) throw error
  }
  if (options.signal?.aborted) throw new StoreError(0, `stopped waiting for ${kind}: the signal was aborted`)
  throw new StoreError(
    408,
    `no ${kind} event arrived within ${timeoutMs} ms; pass a longer timeout, or since (an event id) to count events emitted before the wait began`,
  )
}

function events(http: Http, options: EventsOptions): AsyncGenerator<EmittedEvent> {
  const query = options.events?.length ? { events: options.events.join(',') } : undefined
  return follow<EmittedEvent>(http, 'streamEvents', query, options)
}
