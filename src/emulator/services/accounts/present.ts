import { AccountSchema } from '../../../contract/accounts.js'
import { ApiKeySchema, ShopSchema } from '../../../contract/shops.js'
import { presenterOf } from '../common/listed.js'

const ListedKeySchema = ApiKeySchema.omit({ secret: true })

/** A shop of the account; never its owner or its order counter. */
export const presentShop = presenterOf(ShopSchema)

/** A key as listed: its name and hint, never its hash (the secret is shown once, by the create). */
export const presentKey = presenterOf(ListedKeySchema)

/** An account: its id, name and creation time (never its clock offset). */
export const presentAccount = presenterOf(AccountSchema)
