import { oddsOf } from '../../../fairness/index.js'
import type { FulfilmentSetup } from '../../../contract/fulfilment.js'
import { ProductSchema } from '../../../contract/products.js'
import type { FulfilmentRecord, ProductRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { presenterOf } from '../common/listed.js'

const copyProduct = presenterOf(ProductSchema)
import { serialPool } from './serial-pool.js'
import { availableUnits } from './stock.js'

/** `stock` is what can be sold now (`stockOf`), so no page offers what checkout would refuse. */
export function presentProduct(row: ProductRecord, stock: number | null) {
  const product = copyProduct(row)
  product.stock = stock
  return product
}

/** The setup as the merchant sees it: pools as they stand, the public commitment, never the server seed. */
export function presentSetup(
  deps: ServiceDeps,
  product: ProductRecord,
  setup: FulfilmentRecord | undefined,
): FulfilmentSetup {
  const mystery = setup?.mystery
  return {
    productId: product.id,
    productType: product.type,
    deliveryMessage: setup?.deliveryMessage ?? null,
    files: setup?.files ?? [],
    serials: setup?.serialPool ? serialPool(deps.collections, product.id) : null,
    dynamicWebhookUrl: setup?.dynamicWebhookUrl ?? null,
    mystery: mystery
      ? {
          commitment: mystery.commitment,
          poolVersion: mystery.poolVersion,
          outcomes: oddsOf(mystery.outcomes).map((o, i) => ({
            ...o,
            ...(mystery.outcomes[i].codes ? { codes: [...mystery.outcomes[i].codes!] } : {}),
          })),
        }
      : null,
    subscription: setup?.subscription ?? null,
    stock: availableUnits(deps, product, setup),
    updatedAt: setup?.updatedAt ?? null,
  }
}
