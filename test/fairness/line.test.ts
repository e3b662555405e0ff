import { describe, expect, it } from 'vitest'
import {
  collectLines,
  commitmentOf,
  oddsOf,
  openAt,
  openBox,
  verifyLine,
  verifyStated,
} from '../../src/fairness/index.js'
import type { LineCheck, MysteryLine, MysteryOpen, MysteryOutcome, OpenReport } from '../../src/fairness/index.js'

const serverSeed = '5e'.repeat(32)
const clientSeed = 'lucky-7'
const table: MysteryOutcome[] = [
  { name: 'Gold', weight: 1, stock: 3, codes: ['G-1', 'G-2', 'G-3'] },
  { name: 'Silver', weight: 3, stock: 4, codes: ['S-1', 'S-2', 'S-3', 'S-4'] },
  { name: 'Bronze', weight: 6, stock: 5, codes: ['B-1', 'B-2', 'B-3', 'B-4', 'B-5'] },
]
const { opens } = openBox({ serverSeed, clientSeed, poolVersion: 1, outcomes: table, quantity: 6, revealSeed: true })
const commitment = commitmentOf(serverSeed)
const honest = (): MysteryLine => ({
  label: 'ORD-1 · Box',
  expectedCommitment: commitment,
  clientSeed,
  opens: structuredClone(opens),
})

/** The names of the failed checks, per open. */
const failures = (reports: OpenReport[]) => reports.map((r) => r.checks.filter((c) => !c.ok).map((c) => c.name))

describe('verifyLine', () => {
  it('has an outcome won twice with a code pool, so the pool chain is checked', () => {
    const wins = opens.map((o) => o.outcome)
    expect(wins.some((name, i) => wins.indexOf(name) !== i)).toBe(true)
  })

  it('passes every open of an honest line with every line check', () => {
    const reports = verifyLine(honest())
    expect(reports.map((r) => r.ok)).toEqual(opens.map(() => true))
    expect(reports.map((r) => [r.label, r.index, r.nonce, r.outcome])).toEqual(
      opens.map((o, i) => ['ORD-1 · Box', i, i, o.outcome]),
    )
    const names = new Set(reports.flatMap((r) => r.checks.map((c) => c.name)))
    expect([...names].sort()).toEqual(
      [
        'clientSeed',
        'codeIndex',
        'codePoolSize',
        'codeProof',
        'commitment',
        'nonce',
        'odds',
        'outcome',
        'proofHash',
        'rollIndex',
        'totalWeight',
      ].sort(),
    )
  })

  it.each<[string, LineCheck['name'], (line: MysteryLine) => void, number]>([
    ['opens out of order', 'nonce', (l) => l.opens.reverse(), 0],
    ['an open with another client seed than the line', 'clientSeed', (l) => (l.opens[2].clientSeed = 'other'), 2],
    ['a snapshot whose stock did not drop', 'odds', (l) => (l.opens[3].odds = l.opens[2].odds), 3],
    [
      'a code pool that did not shrink',
      'codePoolSize',
      (l) => {
        const later = l.opens.findLastIndex((o, i) => l.opens.slice(0, i).some((p) => p.outcome === o.outcome))
        l.opens[later].codePoolSize = Number(l.opens[later].codePoolSize) + 1
      },
      -1,
    ],
  ])('fails on %s', (_what, name, tamper, at) => {
    const line = honest()
    tamper(line)
    const reports = verifyLine(line)
    const where = at === -1 ? reports.findIndex((r) => !r.ok) : at
    expect(where).toBeGreaterThanOrEqual(0)
    expect(reports[where].ok).toBe(false)
    expect(failures(reports)[where]).toContain(name)
  })

  it('checks against the commitment given instead of the line', () => {
    const reports = verifyLine(honest(), 'ab'.repeat(32))
    expect(failures(reports).every((f) => f.includes('commitment'))).toBe(true)
  })

  it('does not throw on a line of malformed opens', () => {
    const line: MysteryLine = { label: 'x', opens: [{ odds: 'none' } as unknown as MysteryOpen, {} as MysteryOpen] }
    const reports = verifyLine(line)
    expect(reports.map((r) => r.ok)).toEqual([false, false])
  })
})

describe('collectLines', () => {
  const mystery = { commitment, clientSeed, serverSeed, opens }

  it('finds each mystery line of an order, labelled by order number and product', () => {
    const order = {
      orderNumber: 'ORD-9',
      items: [
        { productName: 'Box', mystery },
        { productName: 'Key', codes: ['K'] },
        { productName: 'Other box', mystery: { ...mystery, opens: opens.slice(0, 1) } },
      ],
    }
    expect(collectLines(order, 'file.json')).toEqual([
      { label: 'ORD-9 · Box', expectedCommitment: commitment, clientSeed, opens },
      { label: 'ORD-9 · Other box', expectedCommitment: commitment, clientSeed, opens: opens.slice(0, 1) },
    ])
  })

  it('takes a loose array of opens as one line and a single open as its own', () => {
    expect(collectLines(opens, 'stdin')).toEqual([{ label: 'stdin', opens }])
    expect(collectLines(opens[2], 'one.json')).toEqual([{ label: 'one.json', opens: [opens[2]] }])
  })

  it('finds nothing in a document without opens', () => {
    expect(collectLines({ orderNumber: 'ORD-1', items: [{ opens: [] }] }, 'x')).toEqual([])
    expect(collectLines('text', 'x')).toEqual([])
  })
})

describe('openAt', () => {
  it('is the first open of a line at nonce 0, without the code pass', () => {
    const { code, codeIndex, codePoolSize, codeProof, ...first } = opens[0]
    expect([code, codeIndex, codePoolSize, codeProof].every((v) => v !== undefined)).toBe(true)
    expect(openAt({ serverSeed, clientSeed, nonce: 0, poolVersion: 1, outcomes: table })).toEqual(first)
  })

  it('rolls a later nonce against the table as it stands', () => {
    const open = openAt({ serverSeed, clientSeed, nonce: 4, poolVersion: 2, outcomes: table })
    expect(open).toMatchObject({ index: 4, nonce: 4, poolVersion: 2, totalWeight: 10, odds: oddsOf(table) })
    expect(
      verifyLine({ label: 'x', opens: [open] })[0]
        .checks.filter((c) => !c.ok)
        .map((c) => c.name),
    ).toEqual(['nonce'])
  })

  it('throws when nothing is in stock', () => {
    expect(() =>
      openAt({ serverSeed, clientSeed, nonce: 0, poolVersion: 1, outcomes: [{ name: 'a', weight: 1, stock: 0 }] }),
    ).toThrow(RangeError)
  })
})

describe('verifyStated', () => {
  const open = opens[1]
  const base = { label: 'flags', serverSeed, clientSeed, nonce: 1, odds: open.odds }

  it('computes what is not claimed and marks it so; the result holds', () => {
    const report = verifyStated(base)
    expect(report.ok).toBe(true)
    expect(report.checks.map((c) => [c.name, c.claimed])).toEqual([
      ['commitment', false],
      ['proofHash', false],
      ['totalWeight', false],
      ['rollIndex', false],
      ['outcome', false],
    ])
    expect(report.outcome).toBe(open.outcome)
  })

  it('passes true claims, the code pass included', () => {
    const report = verifyStated({
      ...base,
      commitment,
      proofHash: open.proofHash,
      totalWeight: open.totalWeight,
      rollIndex: open.rollIndex,
      outcome: open.outcome,
      codePoolSize: open.codePoolSize,
      codeProof: open.codeProof,
      codeIndex: open.codeIndex,
    })
    expect(report.ok).toBe(true)
    expect(report.checks.every((c) => c.claimed && c.ok)).toBe(true)
    expect(report.checks.map((c) => c.name)).toContain('codeIndex')
  })

  it('fails a false claim, and only the claimed checks decide', () => {
    const wrongRoll = (open.rollIndex + 1) % open.totalWeight
    const report = verifyStated({ ...base, rollIndex: wrongRoll })
    expect(report.ok).toBe(false)
    expect(report.checks.filter((c) => !c.ok).map((c) => [c.name, c.claimed])).toContainEqual(['rollIndex', true])
    // The outcome is computed from the false roll; it is shown, not held against the claim.
    const outcome = report.checks.find((c) => c.name === 'outcome')!
    expect(outcome).toMatchObject({ ok: true, claimed: false })
  })

  it('fails a wrong claimed code index', () => {
    const report = verifyStated({
      ...base,
      codePoolSize: open.codePoolSize,
      codeIndex: (Number(open.codeIndex) + 1) % Number(open.codePoolSize),
    })
    expect(report.ok).toBe(false)
    expect(report.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['codeIndex'])
  })
})
