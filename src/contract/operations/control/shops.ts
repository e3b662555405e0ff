import {
  ApiKeyListSchema,
  ApiKeySchema,
  CreateKeyBodySchema,
  CreateShopBodySchema,
  ShopListSchema,
  ShopSchema,
} from '../../shops.js'
import { answer, ACCOUNT_DELETED, SUCCESS, area } from '../operation.js'

/** The calling account's shops (the oldest is the one used without `X-Service-Shop`) and its API keys. */
export const SHOP_OPERATIONS = area('shops and keys', {
  listShops: {
    method: 'get',
    path: '/_emulator/shops',
    summary: "List the account's shops",
    description: 'Oldest first; the oldest is the one used without `X-Service-Shop`.',
    ok: answer(200, '`{ shops: [...] }`', ShopListSchema),
  },
  createShop: {
    method: 'post',
    path: '/_emulator/shops',
    summary: 'Add a shop',
    description: 'A new shop of the calling account, with the default theme.',
    body: CreateShopBodySchema,
    ok: answer(201, 'The shop.', ShopSchema),
    errors: [
      [404, ACCOUNT_DELETED],
      [409, 'A shop with this slug already exists.'],
    ],
  },
  listKeys: {
    method: 'get',
    path: '/_emulator/keys',
    summary: "List the account's keys",
    description: 'Masked: prefix and last four characters; the secret is never shown again.',
    ok: answer(200, '`{ keys: [...] }`', ApiKeyListSchema),
  },
  createKey: {
    method: 'post',
    path: '/_emulator/keys',
    summary: 'Add a key',
    description: 'The secret (`sk_live_…`) is in this answer only (spec, "Authentication"). The body may be left out.',
    body: CreateKeyBodySchema,
    bodyOptional: true,
    ok: answer(201, 'The key with its `secret`.', ApiKeySchema),
    errors: [[404, ACCOUNT_DELETED]],
  },
  revokeKey: {
    method: 'delete',
    path: '/_emulator/keys/{id}',
    summary: 'Revoke a key',
    description: 'Requests with it answer 401 from now on; dashboard sessions it opened end.',
    params: { id: "The key's id (`key_…`)." },
    ok: SUCCESS,
    errors: [[409, "The account's last key cannot be revoked; create another first."]],
  },
})
