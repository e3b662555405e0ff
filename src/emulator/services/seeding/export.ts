import { SeedFileSchema } from '../../../contract/seed-file.js'
import type { FulfilmentRecord, ShopRecord } from '../../../contract/rows.js'
import type { ServiceDeps } from '../common/deps.js'
import { pick } from '../common/listed.js'
import { eachInSteps } from '../states/steps.js'

const shape = SeedFileSchema.shape
const keysOf = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape)
const KEYS = {
  products: keysOf(shape.products.unwrap().element),
  // Discriminated by `type`: every type takes the same fields.
  coupons: keysOf(shape.coupons.unwrap().element.options[0]),
  categories: keysOf(shape.categories.unwrap().element),
  groups: keysOf(shape.groups.unwrap().element),
  blacklists: keysOf(shape.blacklists.unwrap().element.options[0]),
  customers: keysOf(shape.customers.unwrap().element),
  orders: keysOf(shape.orders.unwrap().element),
  items: keysOf(shape.orders.unwrap().element.shape.items.element),
}

/** A product's dashboard-only setup as the body of `PUT /_emulator/products/:id/fulfilment`, its codes gathered in steps. */
async function setupBody(deps: ServiceDeps, setup: FulfilmentRecord): Promise<Record<string, unknown>> {
  const body = pick(['deliveryMessage', 'files', 'dynamicWebhookUrl', 'subscription'], setup)
  if (setup.serialPool) {
    const codes: string[] = []
    await eachInSteps(deps.collections.serials.oldestFirst('product', setup.id), (s) => codes.push(s.code))
    body.serials = codes
  }
  if (setup.mystery)
    body.mystery = { outcomes: setup.mystery.outcomes.map((o) => pick(['name', 'weight', 'stock', 'codes'], o)) }
  return body
}

/**
 * A shop's records as a seed file (`GET /_emulator/state/export`): what `--seed FILE` and an
 * import take back, gathered a step at a time. Logs, webhooks, subscriptions, queries and mystery
 * server seeds are not part of a seed; a mystery box gets a fresh server seed when the file is loaded.
 */
export async function exportSeed(deps: ServiceDeps, shop: ShopRecord): Promise<Record<string, unknown[]>> {
  const { collections } = deps
  const list = async <T extends object>(
    rows: Iterable<T>,
    keys: string[],
    more?: (row: T, out: Record<string, unknown>) => void,
  ) => {
    const out: Record<string, unknown>[] = []
    await eachInSteps(rows, (row) => {
      const picked = pick(keys, row)
      more?.(row, picked)
      out.push(picked)
    })
    return out
  }
  const setups: [Record<string, unknown>, FulfilmentRecord][] = []
  const products = await list(collections.products.oldestFirst('shop', shop.id), KEYS.products, (product, out) => {
    const setup = collections.fulfilments.get(product.id)
    if (setup) setups.push([out, setup])
  })
  for (const [out, setup] of setups) out.fulfilment = await setupBody(deps, setup)
  return {
    products,
    coupons: await list(collections.coupons.oldestFirst('shop', shop.id), KEYS.coupons),
    categories: await list(collections.categories.oldestFirst('shop', shop.id), KEYS.categories),
    groups: await list(collections.groups.oldestFirst('shop', shop.id), KEYS.groups),
    blacklists: await list(collections.blacklists.oldestFirst('shop', shop.id), KEYS.blacklists),
    customers: await list(collections.customers.oldestFirst('shop', shop.id), KEYS.customers),
    orders: await list(collections.orders.oldestFirst('shop', shop.id), KEYS.orders, (order, out) => {
      out.items = order.items.map((item) => pick(KEYS.items, item))
    }),
  }
}
