import { CreateShopBodySchema, ShopListSchema, ShopSchema } from '../../../contract/shops.js'
import { ACCOUNT_DELETED, json } from '../../openapi/operations.js'
import { presentShop } from '../../services/accounts/present.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

/** The calling account's shops; the oldest is the one used without `X-Service-Shop`. */
export const shopRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/_emulator/shops',
      operationId: 'listShops',
      summary: "List the account's shops",
      description: 'Oldest first; the oldest is the one used without `X-Service-Shop`.',
      tag: 'shops and keys',
      ok: { status: 200, description: '`{ shops: [...] }`', content: json(ShopListSchema) },
    },
    (c, { services }) => answerJson(c, { shops: services.accounts.shops(c.get('account')).map(presentShop) }),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/_emulator/shops',
      operationId: 'createShop',
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
    async (c, { services, body }) =>
      answerJson(c, presentShop(await services.accounts.createShop(c.get('account'), await body())), 201),
  ),
]
