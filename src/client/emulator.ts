// The emulator control API (DESIGN.md, "Emulator control API — the dashboard's functions, over
// HTTP"): what the hosted service configures in its dashboard. Only `store serve` and the MSW
// handlers answer these.
import type { CreateAccountInput, CreatedAccount } from '../contract/accounts.js'
import type { Success } from '../contract/common.js'
import type { CreateFaultInput, Fault, FaultList } from '../contract/faults.js'
import type { WebhookEventKind } from '../contract/event-kinds.js'
import type {
  ClockState,
  FulfilmentSetup,
  FulfilmentSetupInput,
  PayInput,
  TrackingInput,
} from '../contract/fulfilment.js'
import type { Order } from '../contract/orders.js'
import type { ControlProductListQuery, ProductList } from '../contract/products.js'
import type { ApiKey, ApiKeyList, CreateShopInput, Shop, ShopList } from '../contract/shops.js'
import type { FeedbackList, Query, QueryList } from '../contract/storefront.js'
import type { SavedStateList, SeedExport, StateChange } from '../contract/states.js'
import type { Subscription } from '../contract/subscriptions.js'
import type {
  CreateWebhookInput,
  DeliveryLogQuery,
  EmittedEvent,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
} from '../contract/webhooks.js'
import { StoreError } from '../contract/store-error.js'
import type { CallOptions, Http } from './http.js'
import { follow, jsonOf, type FollowOptions, type StreamStatus } from './follow.js'

/** Webhook endpoints, the delivery log, resend and the simulator (`/_emulator/webhooks`). */
export interface WebhooksClient {
  list(options?: CallOptions): Promise<WebhookList>
  get(id: string, options?: CallOptions): Promise<Webhook>
  /** An endpoint: a URL and at least one event kind. */
  create(body: CreateWebhookInput, options?: CallOptions): Promise<Webhook>
  delete(id: string, options?: CallOptions): Promise<Success>
  /** The dashboard simulator: sample data of one kind sent to the endpoint once, logged like any delivery. */
  simulate(id: string, event: WebhookEventKind, options?: CallOptions): Promise<WebhookDelivery>
  /** The delivery log, newest first (without payloads and attempts). */
  logs(query?: DeliveryLogQuery, options?: CallOptions): Promise<WebhookDeliveryList>
  /** One delivery with every attempt and the exact payload sent. */
  log(id: string, options?: CallOptions): Promise<WebhookDelivery>
  /** The logged delivery's exact payload again, to its URL, as a new entry of the log (one attempt). */
  resend(id: string, options?: CallOptions): Promise<WebhookDelivery>
}

/** Rules that make chosen requests of the account fail (`/_emulator/faults`). */
export interface FaultsClient {
  list(options?: CallOptions): Promise<FaultList>
  /**
   * The next `times` requests matching `match` answer `status` (default 500) after `latencyMs`.
   * @example await client.emulator.faults.create({ match: { method: 'POST', path: '/api/v1/products' }, status: 503 })
   */
  create(body: CreateFaultInput, options?: CallOptions): Promise<Fault>
  delete(id: string, options?: CallOptions): Promise<Success>
}

/** How the live event stream is doing, for progress messages. */
export type EventStreamStatus = StreamStatus

export interface EventsOptions extends FollowOptions {
  /** Only these kinds. */
  events?: readonly WebhookEventKind[]
}

export interface WaitForOptions extends CallOptions {
  /** Give up after this many ms (default 10,000): the promise rejects with a StoreError of status 408. */
  timeout?: number
  /** Also match events already logged after this event id (`evt_12` or `12`); default: only new events. */
  since?: number | string
}

/** The shop's live events, and a way to wait for one. */
export interface EventsClient {
  (options?: EventsOptions): AsyncGenerator<EmittedEvent>
  /**
   * The first event of `kind` (and, with `predicate`, one it accepts): waits instead of sleeping in tests.
   * Webhook data name an order by its number (`id`) and its id (`uniqid`), as the spec's payloads do.
   * @example const paid = await client.emulator.events.waitFor('order:paid', (e) => e.data.uniqid === order.id, { since: 0 })
   */
  waitFor(
    kind: WebhookEventKind,
    predicate?: (event: EmittedEvent) => boolean,
    options?: WaitForOptions,
  ): Promise<EmittedEvent>
}

export const DEFAULT_WAIT_MS = 10_000

export interface EmulatorClient {
  /** The account's shops, oldest first. */
  listShops(options?: CallOptions): Promise<ShopList>
  createShop(body: CreateShopInput, options?: CallOptions): Promise<Shop>
  listKeys(options?: CallOptions): Promise<ApiKeyList>
  /** A new key; its `secret` is in this answer only. */
  createKey(body?: { name?: string }, options?: CallOptions): Promise<ApiKey>
  revokeKey(id: string, options?: CallOptions): Promise<Success>
  /**
   * The shop's products of any status, as the dashboard lists them (`GET /_emulator/products`):
   * `status` Live, Draft, Archived or `all` (default); paged like `products.list`.
   */
  listProducts(query?: ControlProductListQuery, options?: CallOptions): Promise<ProductList>
  /** The product's dashboard-only setup: pools, files, dynamic URL, mystery table with its commitment. */
  getFulfilment(productId: string, options?: CallOptions): Promise<FulfilmentSetup>
  /** Replaces the given parts of the setup (`null` removes one); `serials` replaces the pool and stock follows it. */
  setFulfilment(productId: string, body: FulfilmentSetupInput, options?: CallOptions): Promise<FulfilmentSetup>
  /** Marks an order paid (less than the amount due: partial) and runs fulfilment; idempotent. */
  payOrder(orderId: string, body?: PayInput, options?: CallOptions): Promise<Order>
  /** Runs fulfilment again for lines left undelivered (no stock then, dynamic endpoint down). */
  retryDelivery(orderId: string, options?: CallOptions): Promise<Order>
  addTracking(orderId: string, body: TrackingInput, options?: CallOptions): Promise<Order>
  disputeOrder(orderId: string, options?: CallOptions): Promise<Order>
  /** CANCELLED at once. */
  cancelSubscription(id: string, options?: CallOptions): Promise<Subscription>
  /** The emulator's time. */
  getClock(options?: CallOptions): Promise<ClockState>
  /** Moves the emulator clock forward: renewals, trial ends and notices fall due and fire. */
  advanceClock(seconds: number, options?: CallOptions): Promise<ClockState>
  /** Customer queries, newest first. */
  listQueries(options?: CallOptions): Promise<QueryList>
  getQuery(id: string, options?: CallOptions): Promise<Query>
  /** The merchant's reply to a customer query (`query:replied`). */
  replyToQuery(queryId: string, message: string, options?: CallOptions): Promise<Query>
  /** Feedback buyers left on their invoices, newest first. */
  listFeedback(options?: CallOptions): Promise<FeedbackList>
  readonly webhooks: WebhooksClient
  readonly faults: FaultsClient
  /**
   * The shop's events as they are committed (`GET /_emulator/events`, Server-Sent Events). Reconnects
   * by itself and resumes after the last event it yielded (`Last-Event-ID`), so none is seen twice
   * or missed across an emulator restart. Ends when `signal` aborts or the loop breaks; a refused
   * request (401, 400…) throws its StoreError.
   * @example for await (const event of client.emulator.events({ events: ['order:paid'] })) console.log(event.data)
   */
  readonly events: EventsClient
  /** A new isolated account (own key, first shop, own clock); its key's `secret` is in this answer only. */
  createAccount(body?: CreateAccountInput, options?: CallOptions): Promise<CreatedAccount>
  /** Removes an account with everything in it (a key may remove only its own account). */
  deleteAccount(id: string, options?: CallOptions): Promise<Success>
  /** Saves the calling account's data, clock included, under a name. */
  saveState(name: string, options?: CallOptions): Promise<StateChange>
  /** Puts the account back to a saved state. */
  restoreState(name: string, options?: CallOptions): Promise<StateChange>
  /** The account's saved states. */
  listStates(options?: CallOptions): Promise<SavedStateList>
  /** The account back to the state it was created with. */
  reset(options?: CallOptions): Promise<StateChange>
  /** The shop's records as a seed file. */
  exportState(options?: CallOptions): Promise<SeedExport>
  /** Replaces the shop's records with a seed file's. */
  importState(seed: Record<string, unknown>, options?: CallOptions): Promise<StateChange>
}

export function emulator(http: Http): EmulatorClient {
  return {
    listShops: (options = {}) => http.call('listShops', options),
    createShop: (body, options = {}) => http.call('createShop', { ...options, body }),
    listKeys: (options = {}) => http.call('listKeys', options),
    createKey: (body = {}, options = {}) => http.call('createKey', { ...options, body }),
    revokeKey: (id, options = {}) => http.call('revokeKey', { ...options, params: { id } }),
    listProducts: (query = {}, options = {}) => http.call('listAllProducts', { ...options, query }),
    getFulfilment: (id, options = {}) => http.call('getFulfilment', { ...options, params: { id } }),
    setFulfilment: (id, body, options = {}) => http.call('setFulfilment', { ...options, params: { id }, body }),
    payOrder: (id, body = {}, options = {}) => http.call('payOrder', { ...options, params: { id }, body }),
    retryDelivery: (id, options = {}) => http.call('retryDelivery', { ...options, params: { id } }),
    addTracking: (id, body, options = {}) => http.call('addTracking', { ...options, params: { id }, body }),
    disputeOrder: (id, options = {}) => http.call('disputeOrder', { ...options, params: { id } }),
    cancelSubscription: (id, options = {}) => http.call('cancelSubscription', { ...options, params: { id } }),
    getClock: (options = {}) => http.call('getClock', options),
    advanceClock: (seconds, options = {}) => http.call('advanceClock', { ...options, body: { seconds } }),
    listQueries: (options = {}) => http.call('listQueries', options),
    getQuery: (id, options = {}) => http.call('getQuery', { ...options, params: { id } }),
    replyToQuery: (id, message, options = {}) =>
      http.call('replyToQuery', { ...options, params: { id }, body: { message } }),
    listFeedback: (options = {}) => http.call('listFeedback', options),
    webhooks: {
      list: (options = {}) => http.call('listWebhooks', options),
      get: (id, options = {}) => http.call('getWebhook', { ...options, params: { id } }),
      create: (body, options = {}) => http.call('createWebhook', { ...options, body }),
      delete: (id, options = {}) => http.call('deleteWebhook', { ...options, params: { id } }),
      simulate: (id, event, options = {}) =>
        http.call('simulateWebhook', { ...options, params: { id }, body: { event } }),
      logs: (query = {}, options = {}) => http.call('listDeliveries', { ...options, query }),
      log: (id, options = {}) => http.call('getDelivery', { ...options, params: { id } }),
      resend: (id, options = {}) => http.call('resendDelivery', { ...options, params: { id } }),
    },
    faults: {
      list: (options = {}) => http.call('listFaults', options),
      create: (body, options = {}) => http.call('createFault', { ...options, body }),
      delete: (id, options = {}) => http.call('deleteFault', { ...options, params: { id } }),
    },
    events: Object.assign((options: EventsOptions = {}) => events(http, options), {
      waitFor: (kind: WebhookEventKind, predicate?: (event: EmittedEvent) => boolean, options: WaitForOptions = {}) =>
        waitFor(http, kind, predicate, options),
    }),
    createAccount: (body = {}, options = {}) => http.call('createAccount', { ...options, body }),
    deleteAccount: (id, options = {}) => http.call('deleteAccount', { ...options, params: { id } }),
    saveState: (name, options = {}) => http.call('saveState', { ...options, body: { name } }),
    restoreState: (name, options = {}) => http.call('restoreState', { ...options, body: { name } }),
    listStates: (options = {}) => http.call('listStates', options),
    reset: (options = {}) => http.call('resetAccount', options),
    exportState: (options = {}) => http.call('exportState', options),
    importState: (seed, options = {}) => http.call('restoreState', { ...options, body: { seed } }),
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
  return follow(http, 'streamEvents', query, options, (message) => {
    const event = jsonOf(message.data) as EmittedEvent | undefined
    return typeof event?.event === 'string' && typeof event.sequence === 'number'
      ? { item: event, id: String(event.sequence) }
      : undefined
  })
}
