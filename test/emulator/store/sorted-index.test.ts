import { describe, expect, it } from 'vitest'
import { SortedIndex, compareKeys, type SortKey } from '../../../src/emulator/store/sorted-index.js'

const k = (time: number, id: string): SortKey => ({ time, id })
const build = (...keys: SortKey[]) => {
  const index = new SortedIndex()
  for (const key of keys) index.insert(key)
  return index
}

describe('compareKeys', () => {
  it.each([
    [k(1, 'a'), k(2, 'a'), -1],
    [k(2, 'a'), k(1, 'z'), 1],
    [k(1, 'a'), k(1, 'b'), -1],
    [k(1, 'b'), k(1, 'a'), 1],
    [k(1, 'a'), k(1, 'a'), 0],
  ])('orders %j against %j by time, then id (%i)', (a, b, sign) => {
    expect(Math.sign(compareKeys(a, b))).toBe(sign)
  })
})

describe('SortedIndex', () => {
  it('keeps keys in ascending order whatever the insertion order', () => {
    const index = build(k(3, 'c'), k(1, 'a'), k(2, 'b'), k(1, 'b'), k(5, 'e'))
    expect([...index.ascending()]).toEqual(['a', 'b', 'b', 'c', 'e'])
    expect([...index.descending()]).toEqual(['e', 'c', 'b', 'b', 'a'])
    expect(index.size).toBe(5)
  })

  it('breaks time ties by id', () => {
    const index = build(k(7, 'y'), k(7, 'x'), k(7, 'z'))
    expect([...index.ascending()]).toEqual(['x', 'y', 'z'])
  })

  it('lists strictly after a position when descending from a cursor', () => {
    const index = build(k(1, 'a'), k(2, 'b'), k(3, 'c'), k(4, 'd'))
    expect([...index.descending(k(3, 'c'))]).toEqual(['b', 'a'])
    expect([...index.descending(k(1, 'a'))]).toEqual([])
    // A cursor whose record has since been deleted still continues from its position.
    expect([...index.descending(k(2.5, 'zz'))]).toEqual(['b', 'a'])
    expect([...index.descending(k(99, 'z'))]).toEqual(['d', 'c', 'b', 'a'])
  })

  it('lists from a position inclusive when ascending from a key', () => {
    const index = build(k(1, 'a'), k(2, 'b'), k(3, 'c'), k(4, 'd'))
    expect([...index.ascending(k(2, 'b'))]).toEqual(['b', 'c', 'd'])
    expect([...index.ascending(k(2.5, 'a'))]).toEqual(['c', 'd'])
    expect([...index.ascending(k(9, 'z'))]).toEqual([])
  })

  it('removes exactly the given key and ignores keys it does not hold', () => {
    const index = build(k(1, 'a'), k(1, 'b'), k(2, 'c'))
    index.remove(k(1, 'b'))
    index.remove(k(1, 'nope'))
    index.remove(k(9, 'c'))
    expect([...index.ascending()]).toEqual(['a', 'c'])
    expect(index.size).toBe(2)
  })

  it('matches a plain sort over many random inserts and removals', () => {
    let state = 42
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31)
    const index = new SortedIndex()
    const model: SortKey[] = []
    for (let i = 0; i < 2000; i++) {
      if (model.length > 0 && next() % 3 === 0) {
        const [gone] = model.splice(next() % model.length, 1)
        index.remove(gone)
      } else {
        const key = k(next() % 50, `id${i}`)
        model.push(key)
        index.insert(key)
      }
    }
    expect([...index.ascending()]).toEqual([...model].sort(compareKeys).map((key) => key.id))
  })
})
