import { describe, expect, it } from 'vitest'
import { Collection } from '../../../src/emulator/store/collection.js'

type Item = {
  id: string
  shopId: string
  code: string
  live: boolean
  createdAt: string
}

const item = (id: string, minute: number, over: Partial<Item> = {}): Item => ({
  id,
  shopId: 'shop_a',
  code: id.toUpperCase(),
  live: true,
  createdAt: `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  ...over,
})

const items = () =>
  new Collection<Item>('items', {
    unique: { code: (i) => `${i.shopId}:${i.code}` },
    ordered: { shop: (i) => i.shopId, live: (i) => (i.live ? i.shopId : undefined) },
  })

describe('Collection', () => {
  it('finds rows by key and by unique index without a scan', () => {
    const c = items()
    c.set(item('a', 1))
    c.set(item('b', 2, { shopId: 'shop_b' }))
    expect(c.get('a')?.code).toBe('A')
    expect(c.getBy('code', 'shop_b:B')?.id).toBe('b')
    expect(c.getBy('code', 'shop_a:B')).toBeUndefined()
    expect(c.getBy('nope', 'x')).toBeUndefined()
    expect(c.size).toBe(2)
  })

  it('lists one scope newest first and oldest first, by creation time then id', () => {
    const c = items()
    for (const [id, minute] of [
      ['c', 3],
      ['a', 1],
      ['b', 2],
      ['b2', 2],
    ] as const)
      c.set(item(id, minute))
    c.set(item('x', 5, { shopId: 'shop_b' }))
    expect([...c.newestFirst('shop', 'shop_a')].map((i) => i.id)).toEqual(['c', 'b2', 'b', 'a'])
    expect([...c.oldestFirst('shop', 'shop_a')].map((i) => i.id)).toEqual(['a', 'b', 'b2', 'c'])
    expect(c.count('shop', 'shop_a')).toBe(4)
    expect(c.count('shop', 'shop_none')).toBe(0)
    expect([...c.newestFirst('shop', 'shop_none')]).toEqual([])
    expect([c.oldest('shop', 'shop_a')?.id, c.newest('shop', 'shop_a')?.id]).toEqual(['a', 'c'])
    expect([c.oldest('shop', 'shop_none'), c.newest('shop', 'shop_none')]).toEqual([undefined, undefined])
  })

  it('pages from a position: newestFirst(after) continues strictly after that row', () => {
    const c = items()
    for (let m = 0; m < 6; m++) c.set(item(`i${m}`, m))
    const [, second] = [...c.newestFirst('shop', 'shop_a')]
    expect([...c.newestFirst('shop', 'shop_a', c.positionOf(second))].map((i) => i.id)).toEqual([
      'i3',
      'i2',
      'i1',
      'i0',
    ])
    expect(c.positionOf(second)).toEqual({ time: Date.parse(second.createdAt), id: 'i4' })
  })

  it('lists oldest first from a position, inclusive', () => {
    const c = items()
    for (let m = 0; m < 4; m++) c.set(item(`i${m}`, m))
    expect([...c.oldestFirst('shop', 'shop_a', c.positionOf(c.get('i2')!))].map((i) => i.id)).toEqual(['i2', 'i3'])
  })

  it('moves a replaced row between indexes: unique value and ordered scope follow the new version', () => {
    const c = items()
    const before = item('a', 1)
    c.set(before)
    const previous = c.set({ ...before, code: 'NEW', live: false })
    expect(previous).toBe(before)
    expect(c.getBy('code', 'shop_a:A')).toBeUndefined()
    expect(c.getBy('code', 'shop_a:NEW')?.id).toBe('a')
    expect(c.count('live', 'shop_a')).toBe(0)
    expect(c.count('shop', 'shop_a')).toBe(1)
    c.set({ ...before, live: true })
    expect([...c.newestFirst('live', 'shop_a')].map((i) => i.id)).toEqual(['a'])
  })

  it('deletes a row from every index and returns it', () => {
    const c = items()
    c.set(item('a', 1))
    c.set(item('b', 2))
    expect(c.delete('a')?.id).toBe('a')
    expect(c.delete('a')).toBeUndefined()
    expect(c.get('a')).toBeUndefined()
    expect(c.getBy('code', 'shop_a:A')).toBeUndefined()
    expect([...c.oldestFirst('shop', 'shop_a')].map((i) => i.id)).toEqual(['b'])
    expect(c.size).toBe(1)
  })

  it('does not drop a unique entry another row has taken over', () => {
    const c = items()
    c.set(item('a', 1, { code: 'SAME' }))
    c.set(item('b', 2, { code: 'SAME' }))
    c.delete('a')
    expect(c.getBy('code', 'shop_a:SAME')?.id).toBe('b')
  })

  it('stores rows under a custom key (ids repeating across shops)', () => {
    const c = new Collection<Item>('themes', {
      keyOf: (i) => `${i.shopId}:${i.id}`,
      ordered: { shop: (i) => i.shopId },
    })
    c.set(item('default', 1, { shopId: 's1' }))
    c.set(item('default', 1, { shopId: 's2' }))
    expect(c.size).toBe(2)
    expect(c.get('s2:default')?.shopId).toBe('s2')
    expect([...c.oldestFirst('shop', 's1')].map((i) => i.shopId)).toEqual(['s1'])
    expect(c.positionOf(c.get('s1:default')!).id).toBe('s1:default')
  })
})
