import { CreateGroupBodySchema, GroupListSchema, GroupSchema, UpdateGroupBodySchema } from '../../../contract/groups.js'
import { UNKNOWN_PRODUCT } from '../../../contract/products.js'
import { errorCases } from '../../../contract/refusals.js'
import { crudRoutes } from '../resource.js'

export const groupRoutes = crudRoutes({
  names: { path: '/groups', one: 'a group', id: "The group's id." },
  schemas: { one: GroupSchema, list: GroupListSchema, create: CreateGroupBodySchema, update: UpdateGroupBodySchema },
  words: {
    list: 'Groups (bundles) with their products.',
    update:
      'Applies only the fields sent. `productIds` replaces the full product list; description and image are set on create only.',
    delete: 'Member products are kept.',
  },
  errors: { create: errorCases(UNKNOWN_PRODUCT), update: errorCases(UNKNOWN_PRODUCT) },
  service: (services) => services.groups,
  list: (services, shop) => services.groups.list(shop),
})
