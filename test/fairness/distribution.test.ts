import { describe, expect, it } from 'vitest'
import { indexFromHash, oddsOf, pickOutcome, proofHashOf } from '../../src/fairness/index.js'

// 99.9% critical value of chi-square with 3 degrees of freedom (4 outcomes).
const CHI_SQUARE_3DF_999 = 16.27

describe('roll distribution', () => {
  it('matches weights 1, 5, 20, 74 over 100,000 nonces (chi-square below the 99.9% critical value)', () => {
    const odds = oddsOf([
      { name: 'w1', weight: 1, stock: null },
      { name: 'w5', weight: 5, stock: null },
      { name: 'w20', weight: 20, stock: null },
      { name: 'w74', weight: 74, stock: null },
    ])
    const total = 100
    const rolls = 100_000
    const serverSeed = '9d'.repeat(32)
    const counts = new Map(odds.map((e) => [e.name, 0]))

    for (let nonce = 0; nonce < rolls; nonce++) {
      const rollIndex = indexFromHash(proofHashOf(serverSeed, 'distribution', nonce), total)
      const name = pickOutcome(odds, rollIndex).name
      counts.set(name, counts.get(name)! + 1)
    }

    let chiSquare = 0
    for (const e of odds) {
      const expected = (rolls * e.weight) / total
      chiSquare += (counts.get(e.name)! - expected) ** 2 / expected
    }
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(rolls)
    expect(chiSquare).toBeLessThan(CHI_SQUARE_3DF_999)
  })
})
