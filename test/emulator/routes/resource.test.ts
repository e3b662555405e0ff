import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API_ROUTES } from '../../../src/emulator/routes/api/index.js'
import { resourceOperations } from '../../../src/emulator/routes/resource.js'

const Entry = z.object({ id: z.string() })

describe('resourceOperations', () => {
  const entry = resourceOperations({
    path: '/blacklists',
    one: 'a blacklist entry',
    many: 'blacklist entries',
    id: "The entry's id.",
  })

  it('makes ids, summaries and answers from the names', () => {
    const words = (op: { method: string; path: string; operationId: string; summary: string; ok: object }) => [
      op.method,
      op.path,
      op.operationId,
      op.summary,
      (op.ok as { status: number }).status,
      (op.ok as { description: string }).description,
    ]
    expect(
      [entry.list(Entry), entry.get(Entry), entry.create(Entry, Entry), entry.update(Entry, Entry), entry.delete()].map(
        words,
      ),
    ).toEqual([
      ['get', '/blacklists', 'listBlacklists', 'List blacklist entries', 200, '`{ blacklists: [...] }`'],
      ['get', '/blacklists/{id}', 'getBlacklistEntry', 'Read a blacklist entry', 200, 'The blacklist entry.'],
      ['post', '/blacklists', 'createBlacklistEntry', 'Create a blacklist entry', 201, 'The created blacklist entry.'],
      [
        'put',
        '/blacklists/{id}',
        'updateBlacklistEntry',
        'Update a blacklist entry',
        200,
        'The updated blacklist entry.',
      ],
      ['delete', '/blacklists/{id}', 'deleteBlacklistEntry', 'Delete a blacklist entry', 200, '`{ "success": true }`'],
    ])
  })

  it('lets an operation say its own words', () => {
    const get = entry.get(Entry, { summary: 'One entry', description: 'With its reason.' })
    expect([get.summary, get.description, get.params]).toEqual([
      'One entry',
      'With its reason.',
      { id: "The entry's id." },
    ])
  })
})

describe('crudRoutes', () => {
  it('declares the five standard routes of each full resource, in mounting order', () => {
    const groups = API_ROUTES.filter((route) => route.tag === 'groups')
    expect(groups.map((route) => `${route.method} ${route.path} ${route.operationId}`)).toEqual([
      'get /groups listGroups',
      'get /groups/{id} getGroup',
      'post /groups createGroup',
      'put /groups/{id} updateGroup',
      'delete /groups/{id} deleteGroup',
    ])
  })
})
