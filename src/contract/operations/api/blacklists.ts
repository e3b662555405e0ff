import {
  BLACKLIST_DUPLICATE,
  BLACKLIST_VALUE_UNFIT,
  BlacklistEntrySchema,
  BlacklistListSchema,
  CreateBlacklistBodySchema,
  UpdateBlacklistBodySchema,
} from '../../blacklists.js'
import { NoQuerySchema } from '../../common.js'
import { errorCases } from '../../refusals.js'
import type { OperationInput } from '../operation.js'
import { resourceOperations } from '../resource.js'

const entry = resourceOperations({
  path: '/blacklists',
  one: 'a blacklist entry',
  many: 'blacklist entries',
  id: "The blacklist entry's id.",
})

/** `/blacklists` (spec, "Endpoints: Blacklists"): visitors kept off the storefront. */
export const BLACKLIST_OPERATIONS = {
  listBlacklists: entry.list(BlacklistListSchema, {
    description: 'Visitors matching an entry cannot use the storefront. Emulator: newest first.',
    query: NoQuerySchema,
  }),
  getBlacklistEntry: entry.get(BlacklistEntrySchema),
  createBlacklistEntry: entry.create(CreateBlacklistBodySchema, BlacklistEntrySchema, {
    description:
      '`value` is an IPv4 or IPv6 address for IP, a 2-letter country code for COUNTRY (uppercased), an e-mail address for EMAIL (lowercased).',
    errors: errorCases(BLACKLIST_DUPLICATE),
  }),
  updateBlacklistEntry: entry.update(UpdateBlacklistBodySchema, BlacklistEntrySchema, {
    description: 'Applies only the fields sent.',
    errors: errorCases(BLACKLIST_VALUE_UNFIT, BLACKLIST_DUPLICATE),
  }),
  deleteBlacklistEntry: entry.delete({ description: 'The visitor is no longer blocked.' }),
} satisfies Record<string, OperationInput>
