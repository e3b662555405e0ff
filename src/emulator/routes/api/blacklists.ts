import { presentBlacklistEntry } from '../../services/blacklists/present.js'
import { crudHandlers } from '../crud.js'
import { authedHandlers } from '../route.js'

const entry = crudHandlers({
  key: 'blacklists',
  service: (services) => services.blacklists,
  present: presentBlacklistEntry,
})

export const blacklistHandlers = authedHandlers({
  listBlacklists: entry.list,
  getBlacklistEntry: entry.get,
  createBlacklistEntry: entry.create,
  updateBlacklistEntry: entry.update,
  deleteBlacklistEntry: entry.delete,
})
