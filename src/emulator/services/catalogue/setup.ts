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

function toOutcomes(body: NonNullable<FulfilmentSetupBody['mystery']>): MysteryOutcome[] {
  return body.outcomes.map((o) => ({
    name: o.name,
    weight: o.weight,
    stock: o.stock === undefined ? (o.codes ? o.codes.length : null) : o.stock,
    ...(o.codes ? { codes: [...o.codes] } : {}),
  }))
}

/** A field present replaces the stored one, `null` removes it, an absent one is kept; delivered codes never return. */
export function applyFulfilmentSetup(
  deps: ServiceDeps,
  tx: Tx,
  shop: ShopRecord,
  product: ProductRecord,
  body: FulfilmentSetupBody,
): FulfilmentRecord {
  checkFieldsFit(product, body)
  const codes = [
    ...(body.serials ?? []).map((code, i) => ({ code, field: `serials.${i}` })),
    ...(body.mystery?.outcomes ?? []).flatMap((o, i) =>
      (o.codes ?? []).map((code, k) => ({ code, field: `mystery.outcomes.${i}.codes.${k}` })),
    ),
  ]
  const again = codes.find((c) => wasDelivered(deps.collections, product.id, c.code))
  if (again)
    throw fieldError(
      409,
      again.field,
      `code "${again.code}" was already delivered to a buyer; every code is delivered once`,
    )

  const before = deps.collections.fulfilments.get(product.id)
  const { serials, mystery, subscription, files, ...plain } = body
  const next: FulfilmentRecord = { ...before, id: product.id, shopId: shop.id, updatedAt: deps.nowIso(shop) }
  const changes: Record<string, unknown> = {
    ...plain,
    files: files?.map((f) => ({ ...f })),
    serialPool: serials === undefined ? undefined : serials ? true : null,
    mystery: mystery ? newPoolVersion(deps, toOutcomes(mystery), before?.mystery?.poolVersion ?? 0) : mystery,
    subscription: subscription ? { ...subscription, trialDays: subscription.trialDays ?? 0 } : subscription,
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete next[key as keyof FulfilmentRecord]
    else if (value !== undefined) Object.assign(next, { [key]: value })
  }
  // The pool's codes are rows of their own (`serials`); the setup only says that there is one.
  if (serials !== undefined) replaceSerialPool(tx, deps.collections, shop.id, product.id, serials)
  tx.put('fulfilments', next)

  const emit = emitNow(deps, tx, shop)
  if (serials) putStock(deps, tx, product, serials.length, emit)
  else if (mystery) putStock(deps, tx, product, mysteryCapacity(next.mystery!.outcomes), emit)
  return next
}
