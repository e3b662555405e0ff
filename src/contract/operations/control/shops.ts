import { CreateShopBodySchema, ShopListSchema, ShopSchema } from '../../shops.js'
import { ACCOUNT_DELETED, json, type OperationInput } from '../operation.js'

/** The calling account's shops; the oldest is the one used without `X-Service-Shop`. */
export const SHOP_OPERATIONS = {
  listShops: {
    method: 'get',
    path: '/_emulator/shops',
    summary: "List the account's shops",
    description: 'Oldest first; the oldest is the one used without `X-Service-Shop`.',
    tag: 'shops and keys',
    ok: { status: 200, description: '`{ shops: [...] }`', content: json(ShopListSchema) },
  },
  createShop: {
    method: 'post',
    path: '/_emulator/shops',
    summary: 'Add a shop',
    description: 'A new shop of the calling account, with the default theme.',
    tag: 'shops and keys',
    body: CreateShopBodySchema,
    ok: { status: 201, description: 'The shop.', content: json(ShopSchema) },
    errors: [
      [404, ACCOUNT_DELETED],
      [409, 'A shop with this slug already exists.'],
    ],
  },
} satisfies Record<string, OperationInput>
