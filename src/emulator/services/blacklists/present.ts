import type { ListedFields } from '../../../contract/common.js'
import { BlacklistEntrySchema } from '../../../contract/blacklists.js'
import type { BlacklistRecord } from '../../../contract/rows.js'
import { presenterOf } from '../common/listed.js'

export const presentBlacklistEntry: (row: BlacklistRecord) => ListedFields<typeof BlacklistEntrySchema> =
  presenterOf(BlacklistEntrySchema)
