import type { ListedFields } from '../../../contract/common.js'
import { AccountSchema } from '../../../contract/accounts.js'
import { ApiKeySchema, ShopSchema } from '../../../contract/shops.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

const ListedKeySchema = ApiKeySchema.omit({ secret: true })

/** A shop of the account; never its owner or its order counter. */
export const presentShop: (row: ShopRecord) => ListedFields<typeof ShopSchema> = presenterOf(ShopSchema)

/** A key as listed: its name and hint, never its hash (the secret is shown once, by the create). */
export const presentKey: (row: KeyRecord) => ListedFields<typeof ListedKeySchema> = presenterOf(ListedKeySchema)

/** An account: its id, name and creation time (never its clock offset). */
export const presentAccount: (row: AccountRecord) => ListedFields<typeof AccountSchema> = presenterOf(AccountSchema)
