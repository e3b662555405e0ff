// The request bodies the CLI builds from flags, by name. zod comes with them, so a command loads
// this module only to check a body; the flags themselves are derived when the CLI is built
// (body-flags.ts). A command for a new body adds its schema here.
export { CreateBlacklistBodySchema, UpdateBlacklistBodySchema } from '../contract/blacklists.js'
export { CreateCategoryBodySchema, UpdateCategoryBodySchema } from '../contract/categories.js'
export { CreateCouponBodySchema, UpdateCouponBodySchema } from '../contract/coupons.js'
export { FulfilmentSetupBodySchema } from '../contract/fulfilment.js'
export { CreateGroupBodySchema, UpdateGroupBodySchema } from '../contract/groups.js'
export { UpdateOrderBodySchema } from '../contract/orders.js'
export { CreateProductBodySchema, UpdateProductBodySchema } from '../contract/products.js'
export { CreateShopBodySchema } from '../contract/shops.js'
export { UpdateThemeBodySchema } from '../contract/themes.js'
export { CreateWebhookBodySchema } from '../contract/webhooks.js'
