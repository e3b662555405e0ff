import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSameJson } from '../../../src/emulator/services/events/same-json.js'

describe('isSameJson', () => {
  it('is true exactly when JSON.stringify writes both the same, for any JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(isSameJson(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b))
        expect(isSameJson(a, structuredClone(a))).toBe(true)
      }),
    )
  })

  it.each([
    ['fields in another order', { a: 1, b: 2 }, { b: 2, a: 1 }, false],
    ['a missing field', { a: 1, b: null }, { a: 1 }, false],
    ['an array against an object', [1], { 0: 1 }, false],
    ['a nested difference', { p: { q: [1, { r: 'x' }] } }, { p: { q: [1, { r: 'y' }] } }, false],
    ['equal nested values', { p: { q: [1, { r: 'x' }] } }, { p: { q: [1, { r: 'x' }] } }, true],
    ['a date against a plain object', { d: new Date(0) }, { d: {} }, false],
  ])('tells %s', (_, a, b, expected) => {
    expect(isSameJson(a, b)).toBe(expected)
  })
})
