import type { Command } from 'commander'
import { PRODUCT_LIMIT, PRODUCT_TYPES } from '../../spec/constants.js'
import type { Product, ProductStatus } from '../../spec/products.js'
import type { CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'
import type { FieldSpec } from '../input.js'
import type { Column } from '../output.js'
import { entriesOf, registerResource } from '../resource.js'

const STATUSES: readonly ProductStatus[] = ['Live', 'Draft', 'Archived']

export const PRODUCT_COLUMNS: Column<Product>[] = [
  ['ID', (p) => p.productId],
  ['NAME', (p) => p.name],
  ['TYPE', (p) => p.type],
  ['PRICE', (p) => `${p.price.toFixed(2)} ${p.currency}`],
  ['STOCK', (p) => p.stock ?? 'unlimited'],
  ['STATUS', (p) => p.status],
]

const name: FieldSpec = { key: 'name', kind: 'string', description: 'product name' }
const price: FieldSpec = { key: 'price', kind: 'number', description: 'price in the currency' }
const description: FieldSpec = { key: 'description', kind: 'string', description: 'description' }
const stock: FieldSpec = { key: 'stock', kind: 'nullable-integer', description: 'units in stock; null for unlimited' }
const status: FieldSpec = { key: 'status', kind: 'enum', choices: STATUSES, description: 'Live, Draft or Archived' }
const unlisted: FieldSpec = {
  key: 'unlisted',
  kind: 'boolean',
  description: 'hide from the storefront, reachable by direct link',
}

export const CREATE_FIELDS: FieldSpec[] = [
  { ...name, required: true },
  { ...price, required: true },
  { key: 'type', kind: 'enum', choices: PRODUCT_TYPES, description: 'product type', required: true },
  description,
  { key: 'currency', kind: 'string', description: '3-letter currency code (default USD)' },
  stock,
  { ...status, description: 'Live, Draft or Archived (default Draft)' },
  unlisted,
]
export const UPDATE_FIELDS: FieldSpec[] = [name, price, status, stock, description, unlisted]

export interface ListProductsOptions {
  limit?: string
  cursor?: string
  all?: boolean
}

/** One page (with a hint to the next on a terminal), or with `--all` every page (NDJSON with `--json`). */
export async function listProducts(cc: CommandContext, o: ListProductsOptions): Promise<void> {
  const limit = o.limit === undefined ? undefined : Number(o.limit)
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > PRODUCT_LIMIT.max)) {
    throw new UsageError(`--limit: "${o.limit}" is not a whole number from 1 to ${PRODUCT_LIMIT.max}`)
  }
  const client = cc.client()
  if (o.all) {
    const rows: Product[] = []
    for await (const page of client.products.pages({ limit: limit ?? PRODUCT_LIMIT.max, cursor: o.cursor })) {
      if (cc.out.isJson) for (const product of page.products) cc.out.ndjson(product)
      else rows.push(...page.products)
    }
    if (!cc.out.isJson) cc.out.rows(rows, PRODUCT_COLUMNS, 'No products found')
    return
  }
  const page = await client.products.list({ limit, cursor: o.cursor })
  cc.out.list(page, page.products, PRODUCT_COLUMNS, 'No products found')
  if (page.nextCursor && cc.out.isTTY && !cc.out.isJson)
    cc.out.info(cc.out.chalk.dim(`More products: --cursor ${page.nextCursor}, or --all for every page`))
}

export function register(program: Command, ctx: CliContext): void {
  registerResource<Product>(program, ctx, {
    name: 'products',
    singular: 'product',
    description: 'list, show, create, update and delete products',
    columns: PRODUCT_COLUMNS,
    schema: () => import('../../spec/products.js').then((m) => m.ProductSchema),
    // null stock is unlimited (spec, "Product"), as the list's STOCK column says too
    show: (cc, p, shape) =>
      cc.out.record(
        p,
        entriesOf(p, shape).map(([k, v]) => [k, k === 'stock' && v === null ? 'unlimited' : v]),
      ),
    list: {
      options: (cmd) =>
        cmd
          .description('list Live products, newest first')
          .option('--limit <n>', `products per page (1-${PRODUCT_LIMIT.max}, default ${PRODUCT_LIMIT.default})`)
          .option('--cursor <cursor>', 'start at this cursor (a previous nextCursor)')
          .option('--all', 'follow nextCursor through every page (NDJSON with --json)'),
      run: (cc, opts) => listProducts(cc, opts as ListProductsOptions),
    },
    get: (client, id) => client.products.get(id),
    create: {
      fields: CREATE_FIELDS,
      schema: () => import('../../spec/products.js').then((m) => m.CreateProductBodySchema),
      run: (client, body) => client.products.create(body),
    },
    update: {
      fields: UPDATE_FIELDS,
      schema: () => import('../../spec/products.js').then((m) => m.UpdateProductBodySchema),
      run: (client, id, body) => client.products.update(id, body),
    },
    delete: (client, id) => client.products.delete(id),
  })
}
