import { describe, expect, it } from 'vitest'
import { pooledRandomBytes } from '../../src/cli/random-pool.js'

describe('pooledRandomBytes', () => {
  it('hands out the lengths asked for, each a copy, never the same bytes twice', () => {
    const bytes = pooledRandomBytes()
    const seen = new Set<string>()
    // Past several pools (4 KiB each), and one draw larger than a pool.
    for (const n of [...Array.from({ length: 2_000 }, (_, i) => 1 + (i % 32)), 10_000, 100_000]) {
      const out = bytes(n)
      expect(out).toBeInstanceOf(Uint8Array)
      expect(out.length).toBe(n)
      if (n >= 16) {
        const text = Buffer.from(out).toString('hex')
        expect(seen.has(text)).toBe(false)
        seen.add(text)
      }
    }
    const first = bytes(16)
    const copy = Uint8Array.from(first)
    first.fill(0)
    // The next draw is not affected by what a caller did to its bytes.
    expect(bytes(16)).not.toEqual(new Uint8Array(16))
    expect(copy).not.toEqual(new Uint8Array(16))
  })

  it('spreads its bytes over every value', () => {
    const bytes = pooledRandomBytes()
    const counts = new Array(256).fill(0)
    for (let i = 0; i < 64; i++) for (const b of bytes(1024)) counts[b]++
    // 65,536 bytes: about 256 of each value; none missing, none far off.
    expect(Math.min(...counts)).toBeGreaterThan(150)
    expect(Math.max(...counts)).toBeLessThan(380)
  })
})
