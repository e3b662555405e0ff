import { describe, expect, it } from 'vitest'
import { createCollections } from '../../../src/emulator/store/collections.js'
import { rowsOnDisk } from '../../../src/emulator/store/journal-writer.js'
import type { CategoryRecord } from '../../../src/emulator/store/records.js'
import { Tx } from '../../../src/emulator/store/tx.js'

const category = (id: string, name = id) =>
  ({ id, name, shopId: 'shop_1', createdAt: '2026-01-01T00:00:00.000Z' }) as unknown as CategoryRecord

describe('rowsOnDisk', () => {
  it('takes back what transactions not yet on disk changed, keeping the order of the rest', () => {
    const collections = createCollections()
    const durable = new Tx(collections)
    const [a, b, c, e] = ['a', 'b', 'c', 'e'].map((id) => durable.putBuilt('categories', category(id)))
    const undone = new Tx(collections)
    undone.putBuilt('categories', category('b', 'b again'))
    undone.delete('categories', 'c')
    undone.putBuilt('categories', category('d'))
    undone.delete('categories', 'e')
    undone.putBuilt('categories', e)
    const later = new Tx(collections)
    later.putBuilt('categories', category('a', 'a again'))

    const now = rowsOnDisk(collections, []).categories as CategoryRecord[]
    expect(now.map((row) => [row.id, row.name])).toEqual([
      ['a', 'a again'],
      ['b', 'b again'],
      ['d', 'd'],
      ['e', 'e'],
    ])
    // Rows no undone transaction touched keep their place; what they changed comes back after them.
    const f = durable.putBuilt('categories', category('f'))
    expect(rowsOnDisk(collections, [undone]).categories).toEqual([now[0], f, b, c, e])
    expect(rowsOnDisk(collections, [undone, later]).categories).toEqual([f, b, c, e, a])
    expect(rowsOnDisk(collections, [undone, later]).blacklists).toEqual([])
  })
})
