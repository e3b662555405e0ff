import type { BlacklistEntrySchema } from '../../../contract/blacklists.js'
import type { ListedFields } from '../../../contract/common.js'
import type { BlacklistRecord } from '../../../contract/rows.js'

/** A blacklist entry as the API shows it; never the shop. */
export function presentBlacklistEntry(row: BlacklistRecord): ListedFields<typeof BlacklistEntrySchema> {
  return { id: row.id, type: row.type, value: row.value, reason: row.reason, createdAt: row.createdAt }
}
