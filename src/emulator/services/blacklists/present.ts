import { BlacklistEntrySchema } from '../../../contract/blacklists.js'
import type { BlacklistRecord } from '../../../contract/rows.js'
import { listed } from '../common/listed.js'

export const presentBlacklistEntry = (row: BlacklistRecord) => listed(BlacklistEntrySchema, row)
