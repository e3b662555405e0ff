import { describe, expect, it } from 'vitest'
import { isoMs } from '../../src/spec/iso-time.js'

/** A deterministic stream of numbers in [0, 1). */
function* numbers(seed: number): Generator<number> {
  let state = seed
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    yield state / 2 ** 31
  }
}

describe('isoMs', () => {
  it('is Date.parse for timestamps over four centuries and at the ends of four-digit years, leap days and month ends included', () => {
    const random = numbers(7)
    const from = Date.UTC(1900, 0, 1)
    const span = Date.UTC(2300, 0, 1) - from
    for (let i = 0; i < 20_000; i++) {
      const text = new Date(from + Math.floor(random.next().value * span)).toISOString()
      expect(isoMs(text), text).toBe(Date.parse(text))
    }
    for (const text of [
      '2024-02-29T23:59:59.999Z',
      '2100-03-01T00:00:00.000Z',
      '2000-02-28T12:00:00.000Z',
      '1970-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '0000-01-01T00:00:00.000Z',
      '0400-02-29T12:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
    ])
      expect(isoMs(text), text).toBe(Date.parse(text))
  })

  it.each([
    '2026-02-30T00:00:00.000Z',
    '2025-02-29T00:00:00.000Z',
    '2100-02-29T00:00:00.000Z',
    '2026-04-31T00:00:00.000Z',
    '2026-01-32T00:00:00.000Z',
    '2026-13-01T00:00:00.000Z',
    '2026-00-10T00:00:00.000Z',
    '2026-01-00T00:00:00.000Z',
    '2026-01-10T24:00:00.000Z',
    '2026-01-10T23:60:00.000Z',
    '2026-01-10T23:59:60.000Z',
    '2026-01-10 23:59:59.000Z',
    '2026-01-10T23:59:59.000+',
    '2026-01-10T23:59:59+00:00',
    '+02026-01-10T23:59:59.0Z',
    '2026-01-1xT23:59:59.000Z',
    '2026-01-10',
    '',
    'not a time',
  ])('answers as Date.parse does for %j', (text) => {
    expect(Object.is(isoMs(text), Date.parse(text))).toBe(true)
  })
})
