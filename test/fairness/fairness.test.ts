import { execFileSync } from 'node:child_process'
import { createHash, createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  clientSeedFromBytes,
  codeProofOf,
  commitmentOf,
  inStock,
  indexFromHash,
  isValidClientSeed,
  isValidServerSeed,
  oddsOf,
  openBox,
  pickOutcome,
  proofHashOf,
  serverSeedFromBytes,
  totalWeightOf,
  verifyOpen,
} from '../../src/fairness/index.js'
import type { Check, MysteryOpen, MysteryOutcome, OddsEntry } from '../../src/fairness/index.js'

// ---- fixed vectors from the independent Python generator -----------------------------------

interface Vector {
  kind: 'commitment' | 'proof' | 'rollIndex' | 'odds' | 'pick' | 'open'
  name: string
  input: any
  expected: any
}
const vectorsPath = fileURLToPath(new URL('../../fixtures/fairness-vectors.json', import.meta.url))
const generatorPath = fileURLToPath(new URL('../../fixtures/make-fairness-vectors.py', import.meta.url))
const vectorsText = readFileSync(vectorsPath, 'utf8')
const { vectors } = JSON.parse(vectorsText) as { algorithm: string; vectors: Vector[] }

function runVector(v: Vector): unknown {
  const i = v.input
  switch (v.kind) {
    case 'commitment':
      return { commitment: commitmentOf(i.serverSeed) }
    case 'proof':
      return {
        proofHash: proofHashOf(i.serverSeed, i.clientSeed, i.nonce),
        codeProof: codeProofOf(i.serverSeed, i.clientSeed, i.nonce),
      }
    case 'rollIndex':
      return { index: indexFromHash(i.hash, i.modulus) }
    case 'odds':
      return { odds: oddsOf(i.outcomes), totalWeight: totalWeightOf(i.outcomes) }
    case 'pick':
      return { outcome: pickOutcome(i.odds, i.rollIndex).name }
    case 'open':
      return openBox(i)
  }
}

const hasPython = (() => {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe('fairness vectors (fixtures/fairness-vectors.json)', () => {
  it('has the cases the algorithm needs', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(12)
    const kinds = new Set(vectors.map((v) => v.kind))
    expect([...kinds].sort()).toEqual(['commitment', 'odds', 'open', 'pick', 'proof', 'rollIndex'])
    const opens = vectors.filter((v) => v.kind === 'open').flatMap((v) => v.expected.opens as MysteryOpen[])
    expect(opens.some((o) => o.code !== undefined)).toBe(true)
    expect(new Set(opens.map((o) => o.totalWeight)).size).toBeGreaterThan(1)
    expect(vectors.some((v) => v.kind === 'open' && v.expected.exhausted === true)).toBe(true)
  })

  it.each(vectors.map((v) => [v.name, v] as const))('%s', (_name, v) => {
    expect(runVector(v)).toStrictEqual(v.expected)
  })

  it.skipIf(!hasPython)('is what the Python generator prints today', () => {
    const fresh = execFileSync('python3', [generatorPath, '--stdout'], { encoding: 'utf8' })
    expect(fresh).toBe(vectorsText)
  })
})

// ---- unit tests ------------------------------------------------------------------------------

describe('serverSeedFromBytes / clientSeedFromBytes', () => {
  it('hex-encodes 32 and 16 bytes in lowercase', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, k) => k * 8)
    expect(serverSeedFromBytes(bytes)).toBe(Buffer.from(bytes).toString('hex'))
    expect(serverSeedFromBytes(new Uint8Array(32).fill(0xab))).toBe('ab'.repeat(32))
    expect(clientSeedFromBytes(new Uint8Array(16).fill(0xcd))).toBe('cd'.repeat(16))
  })

  it('respects a subarray view', () => {
    const big = Uint8Array.from({ length: 40 }, (_, k) => k)
    expect(serverSeedFromBytes(big.subarray(4, 36))).toBe(Buffer.from(big.subarray(4, 36)).toString('hex'))
  })

  it.each([0, 16, 31, 33, 64])('rejects %i bytes for a server seed', (n) => {
    expect(() => serverSeedFromBytes(new Uint8Array(n))).toThrow(RangeError)
  })

  it.each([0, 15, 17, 32])('rejects %i bytes for a client seed', (n) => {
    expect(() => clientSeedFromBytes(new Uint8Array(n))).toThrow(RangeError)
  })
})

describe('isValidClientSeed', () => {
  it.each(['a', ' ', '~', 'x'.repeat(64), 'Hello, World! ~lucky~', '0123456789abcdef0123456789abcdef'])(
    'accepts %j',
    (s) => {
      expect(isValidClientSeed(s)).toBe(true)
    },
  )

  it.each([
    ['empty', ''],
    ['65 chars', 'x'.repeat(65)],
    ['newline', 'line\nbreak'],
    ['tab', 'a\tb'],
    ['NUL', 'a\u0000b'],
    ['DEL', 'a\u007fb'],
    ['non-ASCII letter', 'café'],
    ['emoji', 'lucky🍀'],
    ['number', 42],
    ['null', null],
    ['undefined', undefined],
  ])('rejects %s', (_label, s) => {
    expect(isValidClientSeed(s)).toBe(false)
  })
})

describe('isValidServerSeed', () => {
  it('accepts 64 lowercase hex only', () => {
    expect(isValidServerSeed('0a'.repeat(32))).toBe(true)
    expect(isValidServerSeed('0A'.repeat(32))).toBe(false)
    expect(isValidServerSeed('0a'.repeat(31))).toBe(false)
    expect(isValidServerSeed(undefined)).toBe(false)
  })
})

describe('commitmentOf / proofHashOf / codeProofOf', () => {
  const seed = '7f'.repeat(32)

  it('hash the ASCII texts as DESIGN.md states', () => {
    expect(commitmentOf(seed)).toBe(createHash('sha256').update(seed).digest('hex'))
    expect(proofHashOf(seed, 'abc', 3)).toBe(createHmac('sha256', seed).update('abc:3').digest('hex'))
    expect(codeProofOf(seed, 'abc', 3)).toBe(createHmac('sha256', seed).update('abc:3:code').digest('hex'))
  })

  it('gives a different proof per nonce', () => {
    const proofs = new Set([0, 1, 2, 3].map((n) => proofHashOf(seed, 'abc', n)))
    expect(proofs.size).toBe(4)
  })

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('rejects nonce %s', (n) => {
    expect(() => proofHashOf(seed, 'abc', n)).toThrow(RangeError)
    expect(() => codeProofOf(seed, 'abc', n)).toThrow(RangeError)
  })
})

describe('indexFromHash', () => {
  const h = '123456789abcdef0'.repeat(4)

  it('takes the first 13 hex digits modulo the modulus', () => {
    expect(indexFromHash(h, 1)).toBe(0)
    expect(indexFromHash(h, 1000)).toBe(0x123456789abcd % 1000)
    expect(indexFromHash(h, 2 ** 52)).toBe(0x123456789abcd)
    expect(indexFromHash('fffffffffffff', 2 ** 52)).toBe(2 ** 52 - 1)
  })

  it.each([0, -1, 0.5, Number.NaN])('throws RangeError for modulus %s', (m) => {
    expect(() => indexFromHash(h, m)).toThrow(RangeError)
  })

  it.each(['', '123', 'zzzzzzzzzzzzzzzz'])('throws RangeError for hash %j', (bad) => {
    expect(() => indexFromHash(bad, 10)).toThrow(RangeError)
  })
})

describe('inStock / oddsOf / totalWeightOf', () => {
  it('treats null as unlimited and 0 as sold out', () => {
    expect(inStock({ stock: null })).toBe(true)
    expect(inStock({ stock: 1 })).toBe(true)
    expect(inStock({ stock: 0 })).toBe(false)
  })

  it('computes chances over in-stock weight only', () => {
    const table = [
      { name: 'a', weight: 1, stock: null },
      { name: 'b', weight: 3, stock: 0 },
      { name: 'c', weight: 2, stock: 5 },
    ]
    expect(totalWeightOf(table)).toBe(3)
    expect(oddsOf(table)).toEqual<OddsEntry[]>([
      { name: 'a', weight: 1, chance: 33.33, stock: null },
      { name: 'b', weight: 3, chance: 0, stock: 0 },
      { name: 'c', weight: 2, chance: 66.67, stock: 5 },
    ])
  })

  it('gives all zero chances when nothing is in stock', () => {
    expect(oddsOf([{ name: 'a', weight: 1, stock: 0 }])).toEqual([{ name: 'a', weight: 1, chance: 0, stock: 0 }])
  })

  it.each([
    ['zero weight', { name: 'x', weight: 0, stock: null }],
    ['fractional weight', { name: 'x', weight: 1.5, stock: null }],
    ['negative stock', { name: 'x', weight: 1, stock: -1 }],
    ['fractional stock', { name: 'x', weight: 1, stock: 0.5 }],
  ])('rejects %s', (_label, row) => {
    expect(() => oddsOf([row])).toThrow(RangeError)
  })
})

describe('pickOutcome', () => {
  const odds = oddsOf([
    { name: 'a', weight: 2, stock: null },
    { name: 'sold', weight: 100, stock: 0 },
    { name: 'b', weight: 3, stock: 1 },
  ])

  it.each([
    [0, 'a'],
    [1, 'a'],
    [2, 'b'],
    [4, 'b'],
  ])('rollIndex %i picks %s (out-of-stock rows take no range)', (roll, name) => {
    expect(pickOutcome(odds, roll).name).toBe(name)
  })

  it.each([5, -1, 0.5])('throws RangeError for rollIndex %s', (roll) => {
    expect(() => pickOutcome(odds, roll)).toThrow(RangeError)
  })
})

describe('openBox', () => {
  const serverSeed = '5e'.repeat(32)
  const table: MysteryOutcome[] = [
    { name: 'One', weight: 1, stock: 1 },
    { name: 'Key', weight: 1, stock: 2, codes: ['A', 'B', 'C'] },
    { name: 'Many', weight: 1, stock: null },
  ]

  it('does not mutate its input and keeps extra outcome fields', () => {
    const input = structuredClone([...table, { name: 'Extra', weight: 1, stock: 3, image: 'x.png' } as MysteryOutcome])
    const before = structuredClone(input)
    const { outcomes } = openBox({ serverSeed, clientSeed: 'c', poolVersion: 1, outcomes: input, quantity: 6 })
    expect(input).toStrictEqual(before)
    expect(outcomes.find((o) => o.name === 'Extra')).toHaveProperty('image', 'x.png')
    for (const [k, o] of outcomes.entries()) expect(o).not.toBe(input[k])
  })

  it('uses nonce = index, decrements stock, removes drawn codes and recomputes totalWeight', () => {
    const { opens, outcomes } = openBox({
      serverSeed,
      clientSeed: 'c',
      poolVersion: 7,
      outcomes: table,
      quantity: 6,
      revealSeed: true,
    })
    expect(opens.map((o) => [o.index, o.nonce])).toEqual([0, 1, 2, 3, 4, 5].map((i) => [i, i]))
    for (const open of opens) {
      expect(open.totalWeight).toBe(totalWeightOf(open.odds))
      expect(open.proofHash).toBe(proofHashOf(serverSeed, 'c', open.nonce))
      expect(open.poolVersion).toBe(7)
      expect(open.commitment).toBe(commitmentOf(serverSeed))
      expect(open.serverSeed).toBe(serverSeed)
    }
    const won = (name: string) => opens.filter((o) => o.outcome === name).length
    const after = Object.fromEntries(outcomes.map((o) => [o.name, o]))
    expect(after.One.stock).toBe(1 - won('One'))
    expect(after.Key.stock).toBe(2 - won('Key'))
    expect(after.Many.stock).toBeNull()
    const codes = opens.filter((o) => o.code !== undefined).map((o) => o.code)
    expect(codes).toHaveLength(won('Key'))
    expect([...(after.Key.codes ?? []), ...codes].sort()).toEqual(['A', 'B', 'C'])
  })

  it('leaves serverSeed off the opens unless revealSeed', () => {
    const { opens } = openBox({ serverSeed, clientSeed: 'c', poolVersion: 1, outcomes: table, quantity: 2 })
    for (const open of opens) expect(open).not.toHaveProperty('serverSeed')
  })

  it('returns no opens for quantity 0', () => {
    expect(openBox({ serverSeed, clientSeed: 'c', poolVersion: 1, outcomes: table, quantity: 0 })).toStrictEqual({
      opens: [],
      outcomes: table,
    })
  })

  it('stops with exhausted: true when stock runs out', () => {
    const limited = table.slice(0, 2)
    const result = openBox({ serverSeed, clientSeed: 'c', poolVersion: 1, outcomes: limited, quantity: 5 })
    expect(result.exhausted).toBe(true)
    expect(result.opens).toHaveLength(3)
    expect(result.outcomes.map((o) => o.stock)).toEqual([0, 0])
  })

  it.each<[string, Record<string, unknown>]>([
    ['an uppercase server seed', { serverSeed: 'AB'.repeat(32) }],
    ['a short server seed', { serverSeed: 'ab' }],
    ['an empty client seed', { clientSeed: '' }],
    ['a control character in the client seed', { clientSeed: 'a\nb' }],
    ['poolVersion 0', { poolVersion: 0 }],
    ['a negative quantity', { quantity: -1 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a zero weight', { outcomes: [{ name: 'z', weight: 0, stock: null }] }],
    ['a code pool with unlimited stock', { outcomes: [{ name: 'k', weight: 1, stock: null, codes: ['A'] }] }],
    ['a code pool smaller than stock', { outcomes: [{ name: 'k', weight: 1, stock: 2, codes: ['A'] }] }],
  ])('throws before rolling on %s', (_label, patch) => {
    const input = { serverSeed, clientSeed: 'c', poolVersion: 1, outcomes: table, quantity: 1, ...patch }
    expect(() => openBox(input as Parameters<typeof openBox>[0])).toThrow()
  })
})

// ---- verifyOpen --------------------------------------------------------------------------------

describe('verifyOpen', () => {
  const serverSeed = 'c0ffee00'.repeat(8)
  const table: MysteryOutcome[] = [
    { name: 'Legendary', weight: 3, stock: 1 },
    { name: 'Sold out', weight: 50, stock: 0 },
    { name: 'Key', weight: 30, stock: 4, codes: ['K1', 'K2', 'K3', 'K4'] },
    { name: 'Common', weight: 67, stock: null },
  ]
  const { opens } = openBox({
    serverSeed,
    clientSeed: 'verify-me',
    poolVersion: 2,
    outcomes: table,
    quantity: 10,
    revealSeed: true,
  })
  const coded = opens.find((o) => o.code !== undefined)!
  const plain = opens.find((o) => o.code === undefined)!
  const failed = (checks: Check[]) => checks.filter((c) => !c.ok).map((c) => c.name)

  it('has both kinds of open to work with', () => {
    expect(coded).toBeDefined()
    expect(plain).toBeDefined()
  })

  it('passes every honest open, with the published commitment too', () => {
    for (const open of opens) {
      const result = verifyOpen(open, { expectedCommitment: commitmentOf(serverSeed) })
      expect(result.ok).toBe(true)
      expect(result.checks.map((c) => c.name)).toEqual(
        open.code === undefined
          ? ['commitment', 'proofHash', 'totalWeight', 'rollIndex', 'outcome']
          : ['commitment', 'proofHash', 'totalWeight', 'rollIndex', 'outcome', 'codeProof', 'codeIndex'],
      )
    }
  })

  it('records the inputs of each step', () => {
    const { checks } = verifyOpen(plain)
    const proof = checks.find((c) => c.name === 'proofHash')!
    expect(proof.inputs).toEqual({
      serverSeed,
      clientSeed: 'verify-me',
      nonce: plain.nonce,
      message: `verify-me:${plain.nonce}`,
    })
    expect(proof.expected).toBe(plain.proofHash)
    expect(proof.actual).toBe(plain.proofHash)
  })

  const other = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1)
  const bump = (odds: OddsEntry[], name: string, patch: Partial<OddsEntry>) =>
    odds.map((e) => (e.name === name ? { ...e, ...patch } : e))

  it.each<[string, Check['name'], (o: MysteryOpen) => MysteryOpen]>([
    ['serverSeed', 'commitment', (o) => ({ ...o, serverSeed: other(o.serverSeed!) })],
    ['commitment', 'commitment', (o) => ({ ...o, commitment: other(o.commitment) })],
    ['clientSeed', 'proofHash', (o) => ({ ...o, clientSeed: `${o.clientSeed}x` })],
    ['nonce', 'proofHash', (o) => ({ ...o, nonce: o.nonce + 1 })],
    ['proofHash', 'proofHash', (o) => ({ ...o, proofHash: other(o.proofHash) })],
    ['an odds weight', 'totalWeight', (o) => ({ ...o, odds: bump(o.odds, 'Common', { weight: 68 }) })],
    ['an odds stock', 'totalWeight', (o) => ({ ...o, odds: bump(o.odds, 'Sold out', { stock: 5 }) })],
    ['totalWeight', 'totalWeight', (o) => ({ ...o, totalWeight: o.totalWeight + 1 })],
    ['rollIndex', 'rollIndex', (o) => ({ ...o, rollIndex: (o.rollIndex + 1) % o.totalWeight })],
    ['outcome', 'outcome', (o) => ({ ...o, outcome: o.outcome === 'Common' ? 'Legendary' : 'Common' })],
  ])('fails when %s is tampered with, first at %s', (_field, name, tamper) => {
    for (const open of [plain, coded]) {
      const { ok, checks } = verifyOpen(tamper(open))
      expect(ok).toBe(false)
      expect(failed(checks)[0]).toBe(name)
    }
  })

  it.each<[string, Check['name'], (o: MysteryOpen) => MysteryOpen]>([
    ['codeIndex', 'codeIndex', (o) => ({ ...o, codeIndex: (o.codeIndex! + 1) % o.codePoolSize! })],
    // x % codeIndex is always below codeIndex (and a pool size of 0 is invalid), so this one must fail
    ['codePoolSize', 'codeIndex', (o) => ({ ...o, codePoolSize: o.codeIndex! })],
    ['codeProof', 'codeProof', (o) => ({ ...o, codeProof: other(o.codeProof!) })],
  ])('fails when %s is tampered with, first at %s', (_field, name, tamper) => {
    const { ok, checks } = verifyOpen(tamper(coded))
    expect(ok).toBe(false)
    expect(failed(checks)[0]).toBe(name)
  })

  it('fails the commitment against the one shown before purchase', () => {
    const shown = other(commitmentOf(serverSeed))
    const { ok, checks } = verifyOpen(plain, { expectedCommitment: shown })
    expect(ok).toBe(false)
    expect(failed(checks)).toEqual(['commitment'])
    expect(checks[0]).toMatchObject({ expected: commitmentOf(serverSeed), actual: shown })
  })

  it('fails when the open carries a commitment other than the published one', () => {
    const published = commitmentOf(serverSeed)
    const tampered = { ...plain, commitment: other(published) }
    const { checks } = verifyOpen(tampered, { expectedCommitment: published })
    expect(failed(checks)).toEqual(['commitment'])
  })

  it('says the seed is not revealed on an unpaid order, and still checks what it can', () => {
    const { serverSeed: _hidden, ...unpaid } = coded
    const { ok, checks } = verifyOpen(unpaid)
    expect(ok).toBe(false)
    expect(checks[0]).toMatchObject({
      name: 'commitment',
      ok: false,
      actual: 'serverSeed not revealed yet (order unpaid)',
    })
    expect(checks.map((c) => c.name)).toEqual(['commitment', 'totalWeight', 'rollIndex', 'outcome', 'codeIndex'])
    expect(failed(checks)).toEqual(['commitment'])
  })

  it('fails instead of throwing on malformed values', () => {
    const junk = {
      ...coded,
      proofHash: 'zz',
      totalWeight: 0,
      odds: 'nope',
      rollIndex: -3,
      codePoolSize: 0,
    } as unknown as MysteryOpen
    const { ok, checks } = verifyOpen(junk)
    expect(ok).toBe(false)
    expect(failed(checks)).toEqual(['proofHash', 'totalWeight', 'rollIndex', 'outcome', 'codeIndex'])
  })
})
