// Dashboard-only product setup: PUT /_emulator/products/:id/fulfilment and seed `fulfilment` blocks
// (DESIGN.md, control API). Lives in the `fulfilments` collection, never on the product record.
import type { MysteryOutcome } from '../../../fairness/index.js'
import { StoreError } from '../../../contract/errors.js'
import type { FulfilmentSetupBody } from '../../../contract/fulfilment.js'
import type { ProductType } from '../../../contract/products.js'
import type { ServiceDeps } from '../common/deps.js'
import type { FulfilmentRecord, ProductRecord, ShopRecord } from '../../../contract/rows.js'
import type { Tx } from '../../store/store.js'
import { newPoolVersion } from './mystery.js'
import { emitNow, mysteryCapacity, putStock } from './stock.js'
import { replaceSerialPool, wasDelivered } from './serial-pool.js'

type SetupField = keyof FulfilmentSetupBody

/** Which setup fields a product type takes; the rest are refused so a typo'd setup never goes unnoticed. */
export const ACCEPTS: Record<ProductType, readonly SetupField[]> = {
  Service: ['deliveryMessage', 'files'],
  Digital: ['deliveryMessage', 'files'],
  Physical: ['deliveryMessage'],
  Serial: ['deliveryMessage', 'serials'],
  Subscription: ['deliveryMessage', 'subscription'],
  InfoCard: [],
  Dynamic: ['deliveryMessage', 'dynamicWebhookUrl'],
  MysteryBox: ['deliveryMessage', 'mystery'],
}

function fieldError(status: number, field: string, message: string): StoreError {
  return new StoreError(status, `${field}: ${message}`, [{ field, message }])
}

function checkFieldsFit(product: ProductRecord, body: FulfilmentSetupBody): void {
  for (const [field, value] of Object.entries(body) as [SetupField, unknown][]) {
    if (value === undefined || value === null) continue
    if (!ACCEPTS[product.type].includes(field)) {
      const takes = ACCEPTS[product.type]
      throw fieldError(
        400,
        field,
        `does not apply to ${/^[AEIOU]/.test(product.type) ? 'an' : 'a'} ${product.type} product (it takes ${takes.length ? takes.join(', ') : 'no setup: it is display only'})`,
      )
    }
  }
}

/** A code may be delivered once only: a setup that brings back a delivered code is refused. */
function checkNotDelivered(
  deps: ServiceDeps,
  product: ProductRecord,
  codes: readonly { code: string; field: string }[],
): void {
  const again = codes.find((c) => wasDelivered(deps.collections, product.id, c.code))
  if (again)
    throw fieldError(
      409,
      again.field,
      `code "${again.code}" was already delivered to a buyer; every code is delivered once`,
    )
}

function toOutcomes(body: NonNullable<FulfilmentSetupBody['mystery']>): MysteryOutcome[] {
  return body.outcomes.map((o) => ({
    name: o.name,
    weight: o.weight,
    stock: o.stock === undefined ? (o.codes ? o.codes.length : null) : o.stock,
    ...(o.codes ? { codes: [...o.codes] } : {}),
  }))
}

/**
 * Applies a setup body to a product: a field present replaces the stored one, `null` removes it,
 * an absent field is kept. `serials` replaces the code pool and the product's stock follows it;
 * `mystery` replaces the drop table under a new pool version with a new seed and commitment
 * (version 1 the first time) and the stock follows the table's capacity (null if unlimited).
 */
export function applyFulfilmentSetup(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  product: ProductRecord,
  body: FulfilmentSetupBody,
): FulfilmentRecord {
  checkFieldsFit(product, body)
  const before = deps.collections.fulfilments.get(product.id)
  const next: FulfilmentRecord = { ...before, id: product.id, shopId: shop.id, updatedAt: deps.nowIso(shop) }
  const set = <K extends keyof FulfilmentRecord>(key: K, value: FulfilmentRecord[K] | null | undefined) => {
    if (value === undefined) return
    if (value === null) delete next[key]
    else next[key] = value
  }
  set('deliveryMessage', body.deliveryMessage)
  set(
    'files',
    body.files?.map((f) => ({ ...f })),
  )
  set('dynamicWebhookUrl', body.dynamicWebhookUrl)
  if (body.serials)
    checkNotDelivered(
      deps,
      product,
      body.serials.map((code, i) => ({ code, field: `serials.${i}` })),
    )
  if (body.serials !== undefined) {
    // The pool's codes are rows of their own (`serials`); the setup only says that there is one.
    replaceSerialPool(tx, deps.collections, shop.id, product.id, body.serials)
    set('serialPool', body.serials ? true : null)
  }
  if (body.mystery) {
    checkNotDelivered(
      deps,
      product,
      body.mystery.outcomes.flatMap((o, i) =>
        (o.codes ?? []).map((code, k) => ({ code, field: `mystery.outcomes.${i}.codes.${k}` })),
      ),
    )
  }
  set(
    'mystery',
    body.mystery ? newPoolVersion(deps, toOutcomes(body.mystery), before?.mystery?.poolVersion ?? 0) : body.mystery,
  )
  set(
    'subscription',
    body.subscription
      ? {
          interval: body.subscription.interval,
          intervalCount: body.subscription.intervalCount,
          trialDays: body.subscription.trialDays ?? 0,
        }
      : body.subscription,
  )
  tx.put('fulfilments', next)

  const emit = emitNow(deps, tx, shop)
  if (body.serials) putStock(deps, tx, product, body.serials.length, emit)
  else if (body.mystery) putStock(deps, tx, product, mysteryCapacity(next.mystery!.outcomes), emit)
  return next
}
