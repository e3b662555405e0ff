import { describe, expect, it } from 'vitest'
import { counted } from '../../src/cli/counted.js'

describe('counted', () => {
  it('says 1 item, 1 group, 1 category, and the plural for any other number', () => {
    expect(counted(1, 'items')).toBe('1 item')
    expect(counted(1, 'groups')).toBe('1 group')
    expect(counted(1, 'categories')).toBe('1 category')
    expect(counted(1, 'mismatches')).toBe('1 mismatch')
    expect(counted(0, 'items')).toBe('0 items')
    expect(counted(2, 'groups')).toBe('2 groups')
  })
})
