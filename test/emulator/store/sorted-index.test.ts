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
  it('stays in order when used as a queue: removals from the front, inserts at both ends, cursors in between', () => {
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff)
    const index = new SortedIndex()
    const model: SortKey[] = []
    let time = 1_000
    for (let i = 0; i < 20_000; i++) {
      const roll = next() % 10
      // Phases of growth and of draining, so that thousands of front slots pile up and are given back.
      if (model.length > 0 && roll < (i % 6000 < 3000 ? 3 : 8)) {
        model.sort(compareKeys)
        const at = roll === 0 ? next() % model.length : 0 // mostly the oldest, as a trimmed log or a used pool
        const [gone] = model.splice(at, 1)
        index.remove(gone)
      } else {
        const key = k(roll === 9 ? 0 : time++, `id${i}`) // now and then below everything: an insert at the front
        model.push(key)
        index.insert(key)
      }
      if (i % 997 === 0) {
        const sorted = [...model].sort(compareKeys)
        expect(index.size).toBe(sorted.length)
        expect([...index.ascending()]).toEqual(sorted.map((key) => key.id))
        expect([index.first(), index.last()]).toEqual([sorted[0]?.id, sorted[sorted.length - 1]?.id])
        if (sorted.length > 2) {
          const middle = sorted[sorted.length >> 1]
          expect([...index.descending(middle)]).toEqual(
            sorted
              .slice(0, sorted.length >> 1)
              .reverse()
              .map((key) => key.id),
          )
          expect([...index.ascending(middle)]).toEqual(sorted.slice(sorted.length >> 1).map((key) => key.id))
        }
      }
    }
    index.remove(k(-1, 'absent'))
    expect([...index.descending()]).toEqual(
      [...model]
        .sort(compareKeys)
        .reverse()
        .map((key) => key.id),
    )
  })
})

describe('SortedIndex with keys in no order', () => {
  it('holds many keys inserted in no order in ascending order, with removals between reads', () => {
    const times = Array.from({ length: 500 }, (_, i) => (i * 7919) % 500)
    const index = build(...times.map((t) => k(t, `id${t}`)))
    index.remove(k(0, 'id0'))
    index.insert(k(250.5, 'mid'))
    index.remove(k(499, 'id499'))
    const expected = [
      ...times.filter((t) => t !== 0 && t !== 499).map((t) => ({ t, id: `id${t}` })),
      { t: 250.5, id: 'mid' },
    ]
      .sort((a, b) => a.t - b.t)
      .map((e) => e.id)
    expect([...index.ascending()]).toEqual(expected)
    expect(index.size).toBe(499)
    expect(index.first()).toBe('id1')
    expect(index.last()).toBe('id498')
  })

  it('inserts 100,000 keys in no order in well under the time one splice each took', () => {
    const n = 100_000
    const keys = Array.from({ length: n }, (_, i) => k((i * 48271) % n, `id${i}`))
    const started = performance.now()
    const index = build(...keys)
    expect(index.first()).toBeDefined()
    const sortedMs = performance.now() - started
    // Against the same keys in order: both O(n log n) at most, so within a small factor (O(n²) was over 50x).
    const inOrder = [...keys].sort(compareKeys)
    const again = performance.now()
    build(...inOrder).first()
    const inOrderMs = performance.now() - again
    expect(sortedMs).toBeLessThan(20 * Math.max(inOrderMs, 5))
  })
})
