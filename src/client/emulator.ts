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
import { segment, type CallOptions, type Http } from './http.js'
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
  const control = (path: string) => `/_emulator${path}`
  const origin = { root: 'origin' } as const
  return {
    listShops: (options = {}) => http.request('GET', control('/shops'), { ...options, ...origin, schema: 'ShopList' }),
    createShop: (body, options = {}) =>
      http.request('POST', control('/shops'), { ...options, ...origin, body, schema: 'Shop' }),
    listKeys: (options = {}) => http.request('GET', control('/keys'), { ...options, ...origin, schema: 'ApiKeyList' }),
    createKey: (body = {}, options = {}) =>
      http.request('POST', control('/keys'), { ...options, ...origin, body, schema: 'ApiKey' }),
    revokeKey: (id, options = {}) =>
      http.request('DELETE', control(`/keys/${segment(id)}`), { ...options, ...origin, schema: 'Success' }),
    listProducts: (query = {}, options = {}) =>
      http.request('GET', control('/products'), { ...options, ...origin, query, schema: 'ProductList' }),
    getFulfilment: (productId, options = {}) =>
      http.request('GET', control(`/products/${segment(productId)}/fulfilment`), {
        ...options,
        ...origin,
        schema: 'FulfilmentSetup',
      }),
    setFulfilment: (productId, body, options = {}) =>
      http.request('PUT', control(`/products/${segment(productId)}/fulfilment`), {
        ...options,
        ...origin,
        body,
        schema: 'FulfilmentSetup',
      }),
    payOrder: (orderId, body = {}, options = {}) =>
      http.request('POST', control(`/orders/${segment(orderId)}/pay`), {
        ...options,
        ...origin,
        body,
        schema: 'Order',
      }),
    retryDelivery: (orderId, options = {}) =>
      http.request('POST', control(`/orders/${segment(orderId)}/deliver`), { ...options, ...origin, schema: 'Order' }),
    addTracking: (orderId, body, options = {}) =>
      http.request('POST', control(`/orders/${segment(orderId)}/tracking`), {
        ...options,
        ...origin,
        body,
        schema: 'Order',
      }),
    disputeOrder: (orderId, options = {}) =>
      http.request('POST', control(`/orders/${segment(orderId)}/dispute`), { ...options, ...origin, schema: 'Order' }),
    cancelSubscription: (id, options = {}) =>
      http.request('POST', control(`/subscriptions/${segment(id)}/cancel`), {
        ...options,
        ...origin,
        schema: 'Subscription',
      }),
    getClock: (options = {}) => http.request('GET', control('/clock'), { ...options, ...origin, schema: 'ClockState' }),
    advanceClock: (seconds, options = {}) =>
      http.request('POST', control('/clock/advance'), {
        ...options,
        ...origin,
        body: { seconds },
        schema: 'ClockState',
      }),
    listQueries: (options = {}) =>
      http.request('GET', control('/queries'), { ...options, ...origin, schema: 'QueryList' }),
    getQuery: (id, options = {}) =>
      http.request('GET', control(`/queries/${segment(id)}`), { ...options, ...origin, schema: 'Query' }),
    replyToQuery: (queryId, message, options = {}) =>
      http.request('POST', control(`/queries/${segment(queryId)}/reply`), {
        ...options,
        ...origin,
        body: { message },
        schema: 'Query',
      }),
    listFeedback: (options = {}) =>
      http.request('GET', control('/feedback'), { ...options, ...origin, schema: 'FeedbackList' }),
    webhooks: webhooks(http),
    faults: {
      list: (options = {}) => http.request('GET', control('/faults'), { ...options, ...origin, schema: 'FaultList' }),
      create: (body, options = {}) =>
        http.request('POST', control('/faults'), { ...options, ...origin, body, schema: 'Fault' }),
      delete: (id, options = {}) =>
        http.request('DELETE', control(`/faults/${segment(id)}`), { ...options, ...origin, schema: 'Success' }),
    },
    events: Object.assign((options: EventsOptions = {}) => events(http, options), {
      waitFor: (kind: WebhookEventKind, predicate?: (event: EmittedEvent) => boolean, options: WaitForOptions = {}) =>
        waitFor(http, kind, predicate, options),
    }),
    createAccount: (body = {}, options = {}) =>
      http.request('POST', control('/accounts'), { ...options, ...origin, body, schema: 'CreatedAccount' }),
    deleteAccount: (id, options = {}) =>
      http.request('DELETE', control(`/accounts/${segment(id)}`), { ...options, ...origin, schema: 'Success' }),
    saveState: (name, options = {}) =>
      http.request('POST', control('/state/save'), { ...options, ...origin, body: { name }, schema: 'StateChange' }),
    restoreState: (name, options = {}) =>
      http.request('POST', control('/state/restore'), { ...options, ...origin, body: { name }, schema: 'StateChange' }),
    listStates: (options = {}) =>
      http.request('GET', control('/state'), { ...options, ...origin, schema: 'SavedStateList' }),
    reset: (options = {}) => http.request('POST', control('/reset'), { ...options, ...origin, schema: 'StateChange' }),
    exportState: (options = {}) =>
      http.request('GET', control('/state/export'), { ...options, ...origin, schema: 'SeedExport' }),
    importState: (seed, options = {}) =>
      http.request('POST', control('/state/restore'), { ...options, ...origin, body: { seed }, schema: 'StateChange' }),
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

function webhooks(http: Http): WebhooksClient {
  const at = (path: string) => `/_emulator/webhooks${path}`
  const origin = { root: 'origin' } as const
  return {
    list: (options = {}) => http.request('GET', at(''), { ...options, ...origin, schema: 'WebhookList' }),
    get: (id, options = {}) => http.request('GET', at(`/${segment(id)}`), { ...options, ...origin, schema: 'Webhook' }),
    create: (body, options = {}) => http.request('POST', at(''), { ...options, ...origin, body, schema: 'Webhook' }),
    delete: (id, options = {}) =>
      http.request('DELETE', at(`/${segment(id)}`), { ...options, ...origin, schema: 'Success' }),
    simulate: (id, event, options = {}) =>
      http.request('POST', at(`/${segment(id)}/simulate`), {
        ...options,
        ...origin,
        body: { event },
        schema: 'WebhookDelivery',
      }),
    logs: (query = {}, options = {}) =>
      http.request('GET', at('/logs'), { ...options, ...origin, query: { ...query }, schema: 'WebhookDeliveryList' }),
    log: (id, options = {}) =>
      http.request('GET', at(`/logs/${segment(id)}`), { ...options, ...origin, schema: 'WebhookDelivery' }),
    resend: (id, options = {}) =>
      http.request('POST', at(`/logs/${segment(id)}/resend`), { ...options, ...origin, schema: 'WebhookDelivery' }),
  }
}

function events(http: Http, options: EventsOptions): AsyncGenerator<EmittedEvent> {
  const query = options.events?.length ? { events: options.events.join(',') } : undefined
  return follow(http, '/_emulator/events', query, options, (message) => {
    const event = jsonOf(message.data) as EmittedEvent | undefined
    return typeof event?.event === 'string' && typeof event.sequence === 'number'
      ? { item: event, id: String(event.sequence) }
      : undefined
  })
}
