import type { ListedFields } from '../../../contract/common.js'
import type { AccountSchema } from '../../../contract/accounts.js'
import type { ApiKeySchema, ShopSchema } from '../../../contract/shops.js'
import type { AccountRecord, KeyRecord, ShopRecord } from '../../../contract/rows.js'

/** A shop of the account; never its owner or its order counter. */
export function presentShop(row: ShopRecord): ListedFields<typeof ShopSchema> {
  return { id: row.id, name: row.name, slug: row.slug, createdAt: row.createdAt }
}

/** A key as listed: its name and hint, never its hash (the secret is shown once, by the create). */
export function presentKey(row: KeyRecord): ListedFields<typeof ApiKeySchema> {
  return { id: row.id, name: row.name, prefix: row.prefix, last4: row.last4, createdAt: row.createdAt }
}

/** An account: its id, name and creation time (never its clock offset). */
export function presentAccount(row: AccountRecord): ListedFields<typeof AccountSchema> {
  return { id: row.id, name: row.name, createdAt: row.createdAt }
}
