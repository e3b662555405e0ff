import { NoQuerySchema } from '../../../spec/common.js'
import { CreateGroupBodySchema, GroupListSchema, GroupSchema, UpdateGroupBodySchema } from '../../../spec/groups.js'
import { SUCCESS, json } from '../../openapi/operations.js'
import { authedRoute } from '../route.js'
import { answerJson } from '../../inspector/answer.js'

const ID = { id: "The group's id." }

export const groupRoutes = [
  authedRoute(
    {
      method: 'get',
      path: '/groups',
      operationId: 'listGroups',
      summary: 'List groups',
      description: 'Groups (bundles) with their products.',
      tag: 'groups',
      query: NoQuerySchema,
      ok: { status: 200, description: '`{ groups: [...] }`', content: json(GroupListSchema) },
    },
    (c, { services }) => answerJson(c, { groups: services.groups.list(c.var.shop) }),
  ),
  authedRoute(
    {
      method: 'get',
      path: '/groups/{id}',
      operationId: 'getGroup',
      summary: 'Read a group',
      tag: 'groups',
      params: ID,
      ok: { status: 200, description: 'The group.', content: json(GroupSchema) },
    },
    (c, { services, params }) => answerJson(c, services.groups.get(c.var.shop, params.id)),
  ),
  authedRoute(
    {
      method: 'post',
      path: '/groups',
      operationId: 'createGroup',
      summary: 'Create a group',
      tag: 'groups',
      body: CreateGroupBodySchema,
      ok: { status: 201, description: 'The created group.', content: json(GroupSchema) },
    },
    async (c, { services, body }) => answerJson(c, await services.groups.create(c.var.shop, await body()), 201),
  ),
  authedRoute(
    {
      method: 'put',
      path: '/groups/{id}',
      operationId: 'updateGroup',
      summary: 'Update a group',
      description:
        'Applies only the fields sent. `productIds` replaces the full product list; description and image are set on create only.',
      tag: 'groups',
      params: ID,
      body: UpdateGroupBodySchema,
      ok: { status: 200, description: 'The updated group.', content: json(GroupSchema) },
    },
    async (c, { services, params, body }) =>
      answerJson(c, await services.groups.update(c.var.shop, params.id, await body())),
  ),
  authedRoute(
    {
      method: 'delete',
      path: '/groups/{id}',
      operationId: 'deleteGroup',
      summary: 'Delete a group',
      description: 'Member products are kept.',
      tag: 'groups',
      params: ID,
      ok: SUCCESS,
    },
    async (c, { services, params }) => {
      await services.groups.delete(c.var.shop, params.id)
      return answerJson(c, { success: true as const })
    },
  ),
]
