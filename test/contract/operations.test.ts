import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { API_OPERATIONS, OPERATIONS } from '../../src/contract/operations/index.js'
import { resourceOperations } from '../../src/contract/operations/resource.js'

const Entry = z.object({ id: z.string() })

describe('resourceOperations', () => {
  const entry = resourceOperations({
    path: '/blacklists',
    one: 'a blacklist entry',
    many: 'blacklist entries',
    id: "The entry's id.",
  })

  it('makes paths, summaries and answers from the names', () => {
    const words = (op: { method: string; path: string; summary: string; ok: object }) => [
      op.method,
      op.path,
      op.summary,
      (op.ok as { status: number }).status,
      (op.ok as { description: string }).description,
    ]
    expect(
      [entry.list(Entry), entry.get(Entry), entry.create(Entry, Entry), entry.update(Entry, Entry), entry.delete()].map(
        words,
      ),
    ).toEqual([
      ['get', '/blacklists', 'List blacklist entries', 200, '`{ blacklists: [...] }`'],
      ['get', '/blacklists/{id}', 'Read a blacklist entry', 200, 'The blacklist entry.'],
      ['post', '/blacklists', 'Create a blacklist entry', 201, 'The created blacklist entry.'],
      ['put', '/blacklists/{id}', 'Update a blacklist entry', 200, 'The updated blacklist entry.'],
      ['delete', '/blacklists/{id}', 'Delete a blacklist entry', 200, '`{ "success": true }`'],
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

describe('the operations tables', () => {
  it('give each operation its key as its id, in declaration order', () => {
    const groups = Object.values(API_OPERATIONS).filter((operation) => operation.tag === 'groups')
    expect(groups.map((operation) => `${operation.method} ${operation.path} ${operation.operationId}`)).toEqual([
      'get /groups listGroups',
      'get /groups/{id} getGroup',
      'post /groups createGroup',
      'put /groups/{id} updateGroup',
      'delete /groups/{id} deleteGroup',
    ])
    for (const [id, operation] of Object.entries(OPERATIONS)) expect(operation.operationId).toBe(id)
  })

  it('hold no two operations of one method and path', () => {
    const seen = Object.values(OPERATIONS).map((operation) => `${operation.method} ${operation.path}`)
    expect(seen.length).toBe(new Set(seen).size)
  })
})
