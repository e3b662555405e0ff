import { SeedFileSchema } from '../../../contract/seed-file.js'
import type { FulfilmentRecord, ShopRecord } from '../../store/records.js'
import type { Shared } from '../shared.js'

const shape = SeedFileSchema.shape
const keysOf = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape)
const KEYS = {
  products: keysOf(shape.products.unwrap().element),
  coupons: keysOf(shape.coupons.unwrap().element),
  categories: keysOf(shape.categories.unwrap().element),
  groups: keysOf(shape.groups.unwrap().element),
  blacklists: keysOf(shape.blacklists.unwrap().element),
  customers: keysOf(shape.customers.unwrap().element),
  orders: keysOf(shape.orders.unwrap().element),
  items: keysOf(shape.orders.unwrap().element.shape.items.element),
}

/** The fields of `row` a seed record of its kind may hold (the rest the emulator fills itself). */
function pick(keys: string[], row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const key of keys) {
    const value = (row as Record<string, unknown>)[key]
    if (value !== undefined) out[key] = value
  }
  return out
}

/** A product's dashboard-only setup as the body of `PUT /_emulator/products/:id/fulfilment`. */
function setupBody(deps: Shared, setup: FulfilmentRecord): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  if (setup.deliveryMessage !== undefined) body.deliveryMessage = setup.deliveryMessage
  if (setup.files !== undefined) body.files = setup.files
  if (setup.serialPool) body.serials = [...deps.collections.serials.oldestFirst('product', setup.id)].map((s) => s.code)
  if (setup.dynamicWebhookUrl !== undefined) body.dynamicWebhookUrl = setup.dynamicWebhookUrl
  if (setup.mystery)
    body.mystery = { outcomes: setup.mystery.outcomes.map((o) => pick(['name', 'weight', 'stock', 'codes'], o)) }
  if (setup.subscription) body.subscription = setup.subscription
  return body
}

/**
 * A shop's records as a seed file (`GET /_emulator/state/export`): what `--seed FILE` and an
 * import take back. Logs, webhooks, subscriptions, queries and mystery server seeds are not part
 * of a seed; a mystery box gets a fresh server seed when the file is loaded.
 */
export function exportSeed(deps: Shared, shop: ShopRecord): Record<string, unknown[]> {
  const { collections } = deps
  const list = <T extends object>(rowsOf: Iterable<T>, keys: string[]) => [...rowsOf].map((row) => pick(keys, row))
  return {
    products: [...collections.products.oldestFirst('shop', shop.id)].map((product) => {
      const setup = collections.fulfilments.get(product.id)
      const out = pick(KEYS.products, product)
      return setup ? { ...out, fulfilment: setupBody(deps, setup) } : out
    }),
    coupons: list(collections.coupons.oldestFirst('shop', shop.id), KEYS.coupons),
    categories: list(collections.categories.oldestFirst('shop', shop.id), KEYS.categories),
    groups: list(collections.groups.oldestFirst('shop', shop.id), KEYS.groups),
    blacklists: list(collections.blacklists.oldestFirst('shop', shop.id), KEYS.blacklists),
    customers: list(collections.customers.oldestFirst('shop', shop.id), KEYS.customers),
    orders: [...collections.orders.oldestFirst('shop', shop.id)].map((order) => ({
      ...pick(KEYS.orders, order),
      items: order.items.map((item) => pick(KEYS.items, item)),
    })),
  }
}
