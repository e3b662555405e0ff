// `store webhooks trigger <kind> --to URL`: a sample payload (fixtures/events/) or one built from a
// real record of the emulator with the same builders the emulator fires events with.
import {
  dynamicDeliveryPayload,
  mysteryRevealedData,
  orderEventData,
  productEventData,
  subscriptionEventData,
  type PayloadSources,
} from '../../contract/event-payloads.js'
import { loadEventSample } from '../../contract/event-samples.js'
import {
  ALL_EVENT_KINDS,
  DYNAMIC_DELIVERY_EVENT,
  categoryOf,
  isEventKind,
  isLineVariant,
  validateWebhookPayload,
  webhookBody,
  type EventKind,
  type WebhookEventKind,
} from '../../contract/events.js'
import type { Order, OrderItem } from '../../contract/orders.js'
import type { Product } from '../../contract/products.js'
import { isStoreError, UsageError } from '../exit-codes.js'
import { applyOverride, parseOverride } from './overrides.js'
import { CheckFailedError, SHOWN_ANSWER_BYTES, isOk, sendWebhook } from './http.js'
import type { CommandContext } from '../client-factory.js'

export interface TriggerOptions {
  to?: string
  from?: string
  item?: string
  override?: string[]
  dryRun?: boolean
}

export function checkKind(kind: string): EventKind {
  if (isEventKind(kind)) return kind
  const close = ALL_EVENT_KINDS.filter((k) => k.startsWith(kind.split(':')[0] ?? '')).slice(0, 6)
  throw new UsageError(
    `"${kind}" is not an event kind of the spec${close.length ? ` (did you mean ${close.join(', ')}?)` : ''}; list them with store webhooks events`,
  )
}

/** The shop of the connection and the products `records` name. */
async function sourcesFor(w: CommandContext, records: { productId: string }[]): Promise<PayloadSources> {
  const { shops } = await w.client().emulator.listShops()
  const wanted = w.connection().shop
  const shop = (wanted ? shops.find((s) => s.id === wanted || s.slug === wanted.toLowerCase()) : shops[0]) ?? shops[0]
  const products = new Map<string, Product>()
  for (const id of new Set(records.map((r) => r.productId))) {
    try {
      const product = await w.client().products.get(id)
      products.set(product.id, product)
      products.set(product.productId, product)
    } catch (error) {
      if (!isStoreError(error) || error.status !== 404) throw error
    }
  }
  return { shop: { id: shop.id, name: shop.name }, product: (id) => products.get(id) }
}

function pickLine(order: Order, kind: EventKind, itemId: string | undefined): OrderItem {
  const items = order.items
  if (itemId) {
    const item = items.find((i) => i.id === itemId)
    if (!item)
      throw new UsageError(
        `--item ${itemId}: order ${order.orderNumber} has no such line (its lines: ${items.map((i) => i.id).join(', ')})`,
      )
    return item
  }
  const type =
    kind === DYNAMIC_DELIVERY_EVENT ? 'Dynamic' : kind === 'product:mystery:revealed' ? 'MysteryBox' : undefined
  const item = type ? items.find((i) => i.productType === type) : items[0]
  if (!item)
    throw new UsageError(`order ${order.orderNumber} has no ${type ?? ''} line for ${kind}; pick another order`)
  return item
}

/** A payload built from a record of the emulator (`--from ORD-…`, a product id or a subscription id). */
async function payloadFromRecord(w: CommandContext, kind: EventKind, ref: string, itemId?: string) {
  const category = categoryOf(kind)
  const at = w.now()
  const body = (data: unknown) => webhookBody(kind as WebhookEventKind, data, at)
  if (category === 'order' || category === 'dynamic' || category === 'mystery') {
    const order = await w.client().orders.get(ref)
    if (kind === DYNAMIC_DELIVERY_EVENT)
      return dynamicDeliveryPayload(order, pickLine(order, kind, itemId), at.toISOString())
    if (category === 'mystery') return body(mysteryRevealedData(order, pickLine(order, kind, itemId)))
    const item = isLineVariant(kind) ? pickLine(order, kind, itemId) : undefined
    return body(orderEventData(order, await sourcesFor(w, order.items), item))
  }
  if (category === 'product') {
    const product = await w.client().products.get(ref)
    return body(productEventData(product, (await sourcesFor(w, [])).shop))
  }
  if (category === 'subscription') {
    const subscription = await w.client().subscriptions.get(ref)
    return body(subscriptionEventData(subscription, await sourcesFor(w, [subscription])))
  }
  throw new UsageError(
    `--from works with order, product and subscription kinds; ${kind} has no API to read its record, so its sample comes from fixtures/events/ (drop --from, use --override)`,
  )
}

/** Exit 1 when the receiver gave no answer or not a 2xx. */
export async function trigger(w: CommandContext, kindText: string, o: TriggerOptions): Promise<void> {
  const { out } = w
  const kind = checkKind(kindText)
  const overrides = (o.override ?? []).map((text) => parseOverride(text, kind !== DYNAMIC_DELIVERY_EVENT))
  if (o.item && !o.from) throw new UsageError('--item goes with --from ORD-…')
  if (!o.to || !/^https?:\/\//i.test(o.to)) throw new UsageError(`--to: "${o.to}" is not an http(s) URL`)
  const timestamp = kind === DYNAMIC_DELIVERY_EVENT ? {} : { timestamp: w.now().toISOString() }
  let payload = o.from ? await payloadFromRecord(w, kind, o.from, o.item) : { ...loadEventSample(kind), ...timestamp }
  for (const override of overrides) payload = applyOverride(payload, override)
  for (const problem of validateWebhookPayload(payload).problems)
    out.warn(`payload does not match the ${kind} schema: ${problem}`)
  if (o.dryRun) return out.json(payload)
  const sent = await sendWebhook(w, o.to, JSON.stringify(payload), { showAtMost: SHOWN_ANSWER_BYTES })
  if (out.isJson) {
    const { status, durationMs, error, body, bodyTruncated } = sent
    out.json({ event: kind, url: o.to, status, durationMs, error, body, bodyTruncated })
  } else {
    out.info(`${kind} → POST ${o.to}`)
    if (sent.status === null) out.line(`no answer: ${sent.error}  ${sent.durationMs} ms`)
    else out.line(`${sent.status}${sent.statusText ? ` ${sent.statusText}` : ''}  ${sent.durationMs} ms`)
    if (sent.body) out.line(sent.body.replace(/\n$/, ''))
    if (sent.bodyTruncated) out.info(`(the answer was cut at ${SHOWN_ANSWER_BYTES} bytes)`)
  }
  if (sent.status === null) throw new CheckFailedError(`the receiver at ${o.to} did not answer (${sent.error})`)
  if (!isOk(sent.status)) throw new CheckFailedError(`the receiver answered ${sent.status}, not 2xx`)
}
