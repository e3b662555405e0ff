import type { Command } from 'commander'
import { PRODUCT_LIMIT, type PRODUCT_LIST_STATUSES } from '../../contract/constants.js'
import type { Product, ProductList } from '../../contract/products.js'
import { withOverrides } from '../body-fields.js'
import { OPERATION_FLAGS } from '../body-flags.js'
import { addFieldOptions, buildBody } from '../input.js'
import type { Bodies } from '../operation-command.js'
import type { CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { isStoreError, UsageError } from '../exit-codes.js'
import { formatMoney, type Column, type Output } from '../output.js'
import { entriesOf, registerResource } from '../resource.js'

const PRODUCT_COLUMNS: Column<Product>[] = [
  ['ID', (p) => p.productId],
  ['NAME', (p) => p.name],
  ['TYPE', (p) => p.type],
  ['PRICE', (p) => formatMoney(p.price, p.currency)],
  ['STOCK', (p) => p.stock ?? 'unlimited'],
  ['STATUS', (p) => p.status],
]

type ListStatus = (typeof PRODUCT_LIST_STATUSES)[number]

/** The list's flags: the emulator's list query (`--limit`, `--cursor`, `--status`), read as the API's. */
const LIST_FIELDS = withOverrides(OPERATION_FLAGS.listAllProducts.query!, {
  limit: { description: `products per page (1-${PRODUCT_LIMIT.max}, default ${PRODUCT_LIMIT.default})` },
  cursor: { description: 'start at this cursor (a previous nextCursor)' },
  status: {
    description: 'products of this status (default Live); other than Live needs the emulator (GET /_emulator/products)',
  },
})

/**
 * One page of products (the API's Live list), or of another status through the emulator's
 * `GET /_emulator/products?status=`, which a hosted service does not offer.
 */
async function productPage(
  cc: CommandContext,
  status: ListStatus,
  query: { limit?: number; cursor?: string },
): Promise<ProductList> {
  if (status === 'Live') return cc.client().products.list(query)
  try {
    return await cc.client().emulator.listProducts({ ...query, status })
  } catch (error) {
    if (isStoreError(error) && (error.status === 404 || error.status === 405))
      throw new UsageError(
        `--status ${status}: ${cc.connection().origin} does not list products by status (GET /_emulator/products is the local emulator's, store serve); the API lists Live products only. Find ${status} products in the service's dashboard.`,
      )
    throw error
  }
}

/** One page (with a hint to the next on a terminal), or with `--all` every page (NDJSON with `--json`). */
async function listProducts(cc: CommandContext, o: Record<string, unknown>): Promise<void> {
  const query = await buildBody(cc, { fields: LIST_FIELDS, opts: o, what: 'list' })
  const { limit, status = 'Live' } = query as { limit?: number; status?: ListStatus }
  const empty = status === 'Live' ? 'No products found' : `No ${status === 'all' ? '' : `${status} `}products found`
  if (o.all) {
    const rows: Product[] = []
    let cursor = query.cursor as string | undefined
    do {
      const page = await productPage(cc, status, { limit: limit ?? PRODUCT_LIMIT.max, cursor })
      if (cc.out.isJson) for (const product of page.products) cc.out.ndjson(product)
      else rows.push(...page.products)
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    if (!cc.out.isJson) cc.out.rows(rows, PRODUCT_COLUMNS, empty)
    return
  }
  const page = await productPage(cc, status, { limit, cursor: query.cursor as string | undefined })
  cc.out.list(page, page.products, PRODUCT_COLUMNS, empty)
  if (page.nextCursor && cc.out.isTTY && !cc.out.isJson)
    cc.out.info(cc.out.chalk.dim(`More products: --cursor ${page.nextCursor}, or --all for every page`))
}

/** More decimals than cents: the API stores the price as given, checkout rounds each line to cents. */
const hasSubCents = (price: number) => (String(price).split('.')[1]?.length ?? 0) > 2

/** The dashboard-only setup a new product of these types needs before it sells (docs/storefront.md, "Fulfilment"). */
const SETUP_NEEDED: Partial<Record<Product['type'], [what: string, flags: string]>> = {
  Serial: ['its stock is its code pool, empty now: add codes', '--serials @codes.txt'],
  MysteryBox: [
    'it cannot be sold without a drop table: set one (JSON {"outcomes": [{"name", "weight", "stock"}]})',
    '--mystery @table.json',
  ],
  Dynamic: ['its deliveries come from your URL: set it', '--dynamic-url http://localhost:3000/deliver'],
}

function reportSavedProduct(out: Output, p: Product, verb: 'Created' | 'Updated'): void {
  if (verb === 'Created' && p.status !== 'Live')
    out.success(
      `Created product ${p.productId} as ${p.status}: not listed until Live (store products update ${p.productId} --status Live)`,
    )
  else out.success(`${verb} product ${p.productId}`)
  const needs = verb === 'Created' ? SETUP_NEEDED[p.type] : undefined
  if (needs) out.info(`next: ${needs[0]}: store emulator fulfilment set ${p.productId} ${needs[1]}`)
  if (hasSubCents(p.price))
    out.warn(
      `price ${p.price} has more than two decimals: it is stored as given, and checkout rounds each line total to cents`,
    )
}

/** `bodies`: where the create and update flags come from (the spec's, unless a test adds a field). */
export function register(program: Command, ctx: CliContext, bodies?: Bodies): void {
  registerResource<Product>(program, ctx, {
    bodies,
    name: 'products',
    one: 'Product',
    description: 'list, show, create, update and delete products',
    examples: {
      id: 'rec_demoSerial001',
      list: [
        'store products list --limit 20',
        'store products list --status Draft',
        'store products list --all --json',
      ],
      create: ['store products create --name "Key" --price 5 --type Serial --status Live'],
      update: ['store products update rec_demoSerial001 --price 7.5 --stock unlimited'],
    },
    // null stock is unlimited (spec, "Product"), as the list's STOCK column says too
    show: (cc, p, shape) =>
      cc.out.record(
        p,
        entriesOf(p, shape).map(([k, v]) => [k, k === 'stock' && v === null ? 'unlimited' : v]),
      ),
    list: {
      options: (cmd) =>
        addFieldOptions(cmd, LIST_FIELDS)
          .description('list Live products, newest first (other statuses: --status, on the emulator)')
          .option('--all', 'follow nextCursor through every page (NDJSON with --json)'),
      run: listProducts,
    },
    saved: reportSavedProduct,
    // Asked on a terminal: a product left Draft is not listed, which surprises people otherwise.
    flags: { create: { status: { askDefault: 'Draft' } } },
  })
}
