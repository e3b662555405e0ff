import { crudHandlers } from '../crud.js'
import { authedHandlers } from '../route.js'

const group = crudHandlers({
  key: 'groups',
  service: (services) => services.groups,
  present: (row, services, shop) => services.groups.present(shop, row),
})

export const groupHandlers = authedHandlers({
  listGroups: group.list,
  getGroup: group.get,
  createGroup: group.create,
  updateGroup: group.update,
  deleteGroup: group.delete,
})
