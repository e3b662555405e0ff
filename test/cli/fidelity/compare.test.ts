import { describe, expect, it } from 'vitest'
import { compareAnswers } from '../../../src/cli/fidelity/compare.js'
import { IdMap } from '../../../src/cli/fidelity/id-map.js'

const ok = (body: unknown, status = 200) => ({ status, text: JSON.stringify(body) })

describe('compareAnswers', () => {
  it.each([
    [
      'same shape, other values',
      ok({ a: 1, b: 'x', at: '2026-01-01T00:00:00.000Z' }),
      ok({ a: 2, b: 'y', at: '2027-02-02T10:00:00.000Z' }),
      [],
    ],
    ['a status', ok({}, 201), ok({}, 200), [{ kind: 'status', field: '(status)', recorded: '201', replayed: '200' }]],
    [
      'a type at depth',
      ok({ a: { b: [1] } }),
      ok({ a: { b: ['1'] } }),
      [{ kind: 'type', field: 'a.b.0', recorded: 'number', replayed: 'string' }],
    ],
    [
      'a timestamp turned to text',
      ok({ at: '2026-01-01T00:00:00.000Z' }),
      ok({ at: 'yesterday' }),
      [{ kind: 'type', field: 'at', recorded: 'timestamp', replayed: 'string' }],
    ],
    [
      'a missing and an extra field',
      ok({ a: 1 }),
      ok({ b: 1 }),
      [
        { kind: 'missing field', field: 'a', recorded: 'number', replayed: 'nothing' },
        { kind: 'extra field', field: 'b', recorded: 'nothing', replayed: 'number' },
      ],
    ],
    [
      'a list length',
      ok({ l: [1, 2] }),
      ok({ l: [1] }),
      [{ kind: 'length', field: 'l', recorded: '2 items', replayed: '1 item' }],
    ],
    [
      'paging',
      ok({ products: [], nextCursor: 'c' }),
      ok({ products: [], nextCursor: null }),
      [{ kind: 'paging', field: 'nextCursor', recorded: 'string', replayed: 'null' }],
    ],
    [
      'an error form',
      ok({ error: 'price: must be a number' }, 400),
      ok({ error: 'bad price' }, 400),
      [{ kind: 'error form', field: 'error', recorded: '"<field>: <message>" (price)', replayed: 'plain words' }],
    ],
  ])('%s', (_what, recorded, replayed, expected) => {
    expect(compareAnswers(recorded, replayed, new IdMap())).toEqual(expected)
  })

  it('matches ids by position once, then holds them to it, and finds records out of order', () => {
    const ids = new IdMap()
    expect(
      compareAnswers(ok({ list: [{ id: 'a' }, { id: 'b' }] }), ok({ list: [{ id: 'x' }, { id: 'y' }] }), ids),
    ).toEqual([])
    expect(ids.rewritePath('/products/a?cursor=b')).toBe('/products/x?cursor=y')
    expect(compareAnswers(ok({ id: 'a' }), ok({ id: 'y' }), ids)).toEqual([
      { kind: 'reference', field: 'id', recorded: 'a (x here)', replayed: 'y' },
    ])
    expect(compareAnswers(ok([{ id: 'a' }, { id: 'b' }]), ok([{ id: 'y' }, { id: 'x' }]), ids)[0]).toMatchObject({
      kind: 'order',
      recorded: 'a at 0',
      replayed: 'at 1',
    })
  })
})
