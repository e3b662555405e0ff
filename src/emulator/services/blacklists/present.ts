import { BlacklistEntrySchema } from '../../../contract/blacklists.js'
import { presenterOf } from '../common/listed.js'

export const presentBlacklistEntry = presenterOf(BlacklistEntrySchema)
