import { NoQuerySchema } from '../../common.js'
import { CreateGroupBodySchema, GroupListSchema, GroupSchema, UpdateGroupBodySchema } from '../../groups.js'
import { UNKNOWN_PRODUCT } from '../../products.js'
import { errorCases } from '../../refusals.js'
import type { OperationInput } from '../operation.js'
import { resourceOperations } from '../resource.js'

const group = resourceOperations({ path: '/groups', one: 'a group', id: "The group's id." })

/** `/groups` (spec, "Endpoints: Groups"): bundles. */
export const GROUP_OPERATIONS = {
  listGroups: group.list(GroupListSchema, {
    description: 'Groups (bundles) with their products.',
    query: NoQuerySchema,
  }),
  getGroup: group.get(GroupSchema),
  createGroup: group.create(CreateGroupBodySchema, GroupSchema, { errors: errorCases(UNKNOWN_PRODUCT) }),
  updateGroup: group.update(UpdateGroupBodySchema, GroupSchema, {
    description:
      'Applies only the fields sent. `productIds` replaces the full product list; description and image are set on create only.',
    errors: errorCases(UNKNOWN_PRODUCT),
  }),
  deleteGroup: group.delete({ description: 'Member products are kept.' }),
} satisfies Record<string, OperationInput>
