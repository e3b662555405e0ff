// The request bodies the CLI builds from flags, by name. zod comes with them, so a command loads
// this module only to check a body; the flags themselves are derived when the CLI is built
// (body-flags.ts). A command for a new body adds its schema here.
export { CreateBlacklistBodySchema, UpdateBlacklistBodySchema } from '../spec/blacklists.js'
export { CreateCategoryBodySchema, UpdateCategoryBodySchema } from '../spec/categories.js'
export { CreateCouponBodySchema, UpdateCouponBodySchema } from '../spec/coupons.js'
export { FulfilmentSetupBodySchema } from '../spec/fulfilment.js'
export { CreateGroupBodySchema, UpdateGroupBodySchema } from '../spec/groups.js'
export { UpdateOrderBodySchema } from '../spec/orders.js'
export { CreateProductBodySchema, UpdateProductBodySchema } from '../spec/products.js'
export { CreateShopBodySchema } from '../spec/shops.js'
export { UpdateThemeBodySchema } from '../spec/themes.js'
export { CreateWebhookBodySchema } from '../spec/webhooks.js'
