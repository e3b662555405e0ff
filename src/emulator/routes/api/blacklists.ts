import {
  BLACKLIST_DUPLICATE,
  BLACKLIST_VALUE_UNFIT,
  BlacklistEntrySchema,
  BlacklistListSchema,
  CreateBlacklistBodySchema,
  UpdateBlacklistBodySchema,
} from '../../../contract/blacklists.js'
import { presentBlacklistEntry } from '../../services/blacklists/present.js'
import { errorCases } from '../../../contract/refusals.js'
import { crudRoutes } from '../resource.js'

export const blacklistRoutes = crudRoutes({
  names: {
    path: '/blacklists',
    one: 'a blacklist entry',
    many: 'blacklist entries',
    id: "The blacklist entry's id.",
  },
  schemas: {
    one: BlacklistEntrySchema,
    list: BlacklistListSchema,
    create: CreateBlacklistBodySchema,
    update: UpdateBlacklistBodySchema,
  },
  words: {
    list: 'Visitors matching an entry cannot use the storefront. Emulator: newest first.',
    create:
      '`value` is an IPv4 or IPv6 address for IP, a 2-letter country code for COUNTRY (uppercased), an e-mail address for EMAIL (lowercased).',
    update: 'Applies only the fields sent.',
    delete: 'The visitor is no longer blocked.',
  },
  errors: { create: errorCases(BLACKLIST_DUPLICATE), update: errorCases(BLACKLIST_VALUE_UNFIT, BLACKLIST_DUPLICATE) },
  service: (services) => services.blacklists,
  list: (services, shop) => services.blacklists.list(shop),
  present: presentBlacklistEntry,
})
