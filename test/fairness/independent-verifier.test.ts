import { describe, expect, it } from 'vitest'
import { openBox } from '../../src/fairness/index.js'
import type { MysteryOutcome } from '../../src/fairness/index.js'
import { independentlyVerifyOpen } from '../helpers/independent-verifier.js'

const serverSeed = 'a3'.repeat(32)
const table: MysteryOutcome[] = [
  { name: 'Legendary', weight: 2, stock: 1 },
  { name: 'Gone', weight: 40, stock: 0 },
  { name: 'Key', weight: 20, stock: 6, codes: ['K1', 'K2', 'K3', 'K4', 'K5', 'K6'] },
  { name: 'Common', weight: 78, stock: null },
]

describe('independentlyVerifyOpen', () => {
  it.each(['alice', 'bob', 'Hello, World!', '0123456789abcdef0123456789abcdef'])(
    'verifies every open openBox makes for client seed %j',
    (clientSeed) => {
      const { opens } = openBox({
        serverSeed,
        clientSeed,
        poolVersion: 4,
        outcomes: table,
        quantity: 12,
        revealSeed: true,
      })
      expect(opens).toHaveLength(12)
      expect(opens.some((o) => o.code !== undefined)).toBe(true)
      for (const open of opens) expect(independentlyVerifyOpen(open, open.commitment)).toEqual([])
    },
  )

  it('reports an unrevealed seed', () => {
    const { opens } = openBox({ serverSeed, clientSeed: 'x', poolVersion: 1, outcomes: table, quantity: 1 })
    expect(independentlyVerifyOpen(opens[0])).toEqual(['serverSeed is not revealed (order unpaid?)'])
  })

  it('reports tampered fields', () => {
    const { opens } = openBox({
      serverSeed,
      clientSeed: 'x',
      poolVersion: 1,
      outcomes: table,
      quantity: 1,
      revealSeed: true,
    })
    const open = opens[0]
    expect(independentlyVerifyOpen({ ...open, outcome: 'nope' })).toEqual([
      `rollIndex ${open.rollIndex} selects "${open.outcome}" but the outcome is "nope"`,
    ])
    expect(independentlyVerifyOpen({ ...open, nonce: 1 }).join('\n')).toMatch(
      /nonce 1 differs from the quantity index 0/,
    )
    expect(independentlyVerifyOpen(open, 'f'.repeat(64))).toHaveLength(1)
  })
})
