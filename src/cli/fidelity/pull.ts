// `store pull`: a hosted shop's records, every page read through `/api/v1`, as a seed file;
// nothing is written until every read has succeeded.
import type { StoreClient } from '../../client/index.js'
import { parseSeed } from '../../contract/seed-file.js'
import { CUSTOMER_LIMIT, ORDER_LIMIT, PRODUCT_LIMIT } from '../../contract/constants.js'
import { StoreError } from '../../contract/store-error.js'
import { contextFor, type CommandContext } from '../client-factory.js'
import { apiBaseOf } from '../connection.js'
import { UsageError } from '../exit-codes.js'
import { anonymizeSeed } from './anonymize.js'
import { countsOf, describeCounts, SeedCollector, writeSeed } from './seed-records.js'

// Orders and customers have no cursor: one page of the largest `limit` is all the API gives.
const UNPAGED_LIMIT = Math.min(ORDER_LIMIT.max, CUSTOMER_LIMIT.max)
const PRODUCT_PAGE_LIMIT = PRODUCT_LIMIT.max
/** Most pages of products read (250,000 products): a cursor that never ends stops here. */
export const MAX_PRODUCT_PAGES = 1_000

const nothingWritten = 'nothing was written'

/** A list's page checked against the `limit` asked: an upstream that answers more is not paging as the API does. */
function checkPageSize(what: string, got: number, limit: number): void {
  if (got > limit)
    throw new Error(
      `the upstream answered ${got} ${what} to a request for at most ${limit}: it does not page as the API does; ${nothingWritten}`,
    )
}

/**
 * A cursor seen again or more than MAX_PRODUCT_PAGES pages is an error: a wrong upstream cannot
 * keep the pull reading for ever.
 */
async function* allProducts(client: StoreClient): AsyncGenerator<unknown> {
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let pages = 1; ; pages++) {
    const page = await client.products.list({ limit: PRODUCT_PAGE_LIMIT, cursor })
    checkPageSize('products', page.products.length, PRODUCT_PAGE_LIMIT)
    yield* page.products
    if (!page.nextCursor) return
    if (seen.has(page.nextCursor))
      throw new Error(
        `the upstream's product pages loop: page ${pages} gave a cursor an earlier page gave ("${page.nextCursor.slice(0, 80)}"); ${nothingWritten}`,
      )
    if (pages === MAX_PRODUCT_PAGES)
      throw new Error(
        `the upstream has more than ${MAX_PRODUCT_PAGES} pages of ${PRODUCT_PAGE_LIMIT} products, more than store pull reads; ${nothingWritten}`,
      )
    seen.add(page.nextCursor)
    cursor = page.nextCursor
  }
}

export interface PullFlags {
  from: string
  out?: string
  anonymize?: boolean
  withOrders?: boolean
}

export async function runPull(cc: CommandContext, o: PullFlags): Promise<void> {
  const from = apiBaseOf(o.from, '--from')
  const hosted = contextFor(cc, { ...cc.globals, baseUrl: from })
  const apiKey = hosted.connection().apiKey
  if (!apiKey) throw new UsageError("store pull needs the shop's API key: pass --api-key (or set STORE_API_KEY)")
  const client = hosted.client()
  const collector = new SeedCollector()
  const notes: string[] = []
  for await (const product of allProducts(client)) collector.add('products', product)
  for (const coupon of (await client.coupons.list()).coupons) collector.add('coupons', coupon)
  for (const category of (await client.categories.list()).categories) collector.add('categories', category)
  for (const group of (await client.groups.list()).groups) collector.add('groups', group)
  for (const entry of (await client.blacklists.list()).blacklists) collector.add('blacklists', entry)
  const unpaged = (kind: 'customers' | 'orders', records: unknown[]) => {
    checkPageSize(kind, records.length, UNPAGED_LIMIT)
    for (const record of records) collector.add(kind, record)
    if (records.length === UNPAGED_LIMIT)
      notes.push(
        `the API lists at most ${UNPAGED_LIMIT} ${kind} and has no cursor for more: the newest ${UNPAGED_LIMIT} were pulled`,
      )
  }
  unpaged('customers', (await client.customers.list({ limit: UNPAGED_LIMIT })).customers)
  if (o.withOrders) unpaged('orders', (await client.orders.list({ limit: UNPAGED_LIMIT })).orders)
  // The list shows Live products only; those a group, category or order names are read one by one.
  for (const id of collector.missingProducts()) {
    try {
      collector.add('products', await client.products.get(id))
    } catch (error) {
      if (!(error instanceof StoreError) || error.status !== 404) throw error
      notes.push(`product ${id} is named by a group, category or order but the API does not have it; left out`)
    }
  }
  const raw = collector.toSeed()
  const seed = o.anonymize ? anonymizeSeed(raw) : raw
  try {
    parseSeed(seed, 'the pulled shop')
  } catch (error) {
    throw new Error(
      `${(error as Error).message}. The hosted shop holds a record the emulator's seed file does not take; nothing was written`,
    )
  }
  for (const note of notes) cc.out.warn(note)
  const counts = describeCounts(countsOf(raw)) || 'nothing'
  await writeSeed(cc, seed, [apiKey], o.out, `pulled ${counts} from ${from}${o.anonymize ? ' (anonymized)' : ''}`)
}
