import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { independentlyVerifyOpen } from '../helpers/independent-verifier.js'
import { paidMysteryOrder } from '../helpers/mystery-order.js'
import { runCli } from './run-cli.js'

function writeJson(value: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'store-mystery-')), 'order.json')
  writeFileSync(path, JSON.stringify(value))
  return path
}

describe('store mystery verify', () => {
  it('verifies every open of a real paid order fetched through the API', async () => {
    const emu = await testEmulator()
    const { order } = await paidMysteryOrder(emu.request)
    // The fixture is sound by an independent reading of the algorithm, too.
    for (const open of order.items[0].mystery.opens)
      expect(independentlyVerifyOpen(open, order.items[0].mystery.commitment)).toEqual([])
    expect(order.items[0].mystery.opens.every((o: any) => o.codeProof)).toBe(true)

    const { code, stdout, stderr } = await runCli(['mystery', 'verify', order.orderNumber], { app: emu.app })
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    const opens = order.items[0].mystery.opens
    expect(stdout).toContain(`${order.orderNumber} · Mystery Box · open 0 (nonce 0) → ${opens[0].outcome}`)
    expect(stdout).toMatch(new RegExp(`^ {2}pass commitment +${order.items[0].mystery.commitment}$`, 'm'))
    expect(stdout).toMatch(new RegExp(`^ {6}serverSeed: ${opens[0].serverSeed}$`, 'm'))
    expect(stdout).toMatch(/^ {6}message: lucky-7:2:code$/m)
    for (const name of [
      'proofHash',
      'totalWeight',
      'rollIndex',
      'outcome',
      'codeProof',
      'codeIndex',
      'nonce',
      'clientSeed',
      'odds',
    ])
      expect(stdout).toMatch(new RegExp(`^ {2}pass ${name}\\b`, 'm'))
    expect(stdout).toMatch(/Verified 3 opens of ORD-\d+: all \d+ checks passed\.\n$/)
  })

  it('prints a JSON report with --json', async () => {
    const emu = await testEmulator()
    const { order } = await paidMysteryOrder(emu.request, 1)
    const { code, stdout } = await runCli(['mystery', 'verify', order.id, '--json'], { app: emu.app })
    expect(code).toBe(0)
    const report = JSON.parse(stdout)
    expect(report.ok).toBe(true)
    expect(report.opens).toHaveLength(1)
    expect(report.opens[0].checks.map((c: any) => c.name)).toEqual([
      'commitment',
      'proofHash',
      'totalWeight',
      'rollIndex',
      'outcome',
      'codeProof',
      'codeIndex',
      'nonce',
      'clientSeed',
    ])
  })

  it('verifies the same order from a file, offline', async () => {
    const emu = await testEmulator()
    const path = writeJson((await paidMysteryOrder(emu.request)).order)
    const { code, stdout, requests } = await runCli(['mystery', 'verify', '--file', path], {})
    expect(code).toBe(0)
    expect(requests).toEqual([])
    expect(stdout).toMatch(/all \d+ checks passed/)
    expect((await runCli(['mystery', 'verify', `@${path}`], {})).code).toBe(0)
  })

  it("verifies the mystery reveals of the buyer's invoice JSON, offline", async () => {
    const emu = await testEmulator()
    const { order } = await paidMysteryOrder(emu.request, 2)
    const invoice = await (
      await emu.request(`/storefront/demo/invoices/${order.id}`, { headers: { accept: 'application/json' } })
    ).json()
    const { code, stdout } = await runCli(['mystery', 'verify', '--file', writeJson(invoice)], {})
    expect(code).toBe(0)
    expect(stdout).toMatch(/Verified 2 opens of .*order\.json: all \d+ checks passed\./)
  })

  it('checks the opens against a commitment given with --commitment (what the product page showed)', async () => {
    const emu = await testEmulator()
    const { order } = await paidMysteryOrder(emu.request, 1)
    const wrong = await runCli(['mystery', 'verify', order.orderNumber, '--commitment', 'e'.repeat(64)], {
      app: emu.app,
    })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(
      /^error: verification failed \(commitment\): commitment of ORD-\d+ · Mystery Box open 0: expected [0-9a-f]{64}, stated e{64}\n$/,
    )
    const right = await runCli(
      ['mystery', 'verify', order.orderNumber, '--commitment', order.items[0].mystery.commitment],
      { app: emu.app },
    )
    expect(right.code).toBe(0)
  })

  const tamper = (f: (open: any, line: any) => void) => f
  it.each([
    [
      'serverSeed',
      'commitment',
      tamper((o) => {
        o.serverSeed = o.serverSeed.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'))
      }),
    ],
    [
      "the open's commitment",
      'commitment',
      tamper((o) => {
        o.commitment = '0'.repeat(64)
      }),
    ],
    [
      'the commitment shown before purchase',
      'commitment',
      tamper((_o, line) => {
        line.commitment = 'f'.repeat(64)
      }),
    ],
    [
      'clientSeed',
      'proofHash',
      tamper((o) => {
        o.clientSeed = 'lucky-8'
      }),
    ],
    [
      'nonce',
      'proofHash',
      tamper((o) => {
        o.nonce = 7
      }),
    ],
    [
      'proofHash',
      'proofHash',
      tamper((o) => {
        o.proofHash = o.proofHash.replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'))
      }),
    ],
    [
      'totalWeight',
      'totalWeight',
      tamper((o) => {
        o.totalWeight += 1
      }),
    ],
    [
      'an odds weight',
      'totalWeight',
      tamper((o) => {
        o.odds[0].weight += 5
      }),
    ],
    [
      'an odds stock',
      'odds',
      tamper((o) => {
        o.odds[2].stock -= 1
      }),
    ],
    [
      'rollIndex',
      'rollIndex',
      tamper((o) => {
        o.rollIndex = (o.rollIndex + 1) % o.totalWeight
      }),
    ],
    [
      'outcome',
      'outcome',
      tamper((o) => {
        o.outcome = o.outcome === 'Gold' ? 'Silver' : 'Gold'
      }),
    ],
    [
      'codeProof',
      'codeProof',
      tamper((o) => {
        o.codeProof = 'a'.repeat(64)
      }),
    ],
    [
      'codeIndex',
      'codeIndex',
      tamper((o) => {
        o.codeIndex = (o.codeIndex + 1) % o.codePoolSize
      }),
    ],
    // A pool size that leaves the index unchanged does not matter to the draw, so pick one that changes it.
    [
      'codePoolSize',
      'codeIndex',
      tamper((o) => {
        const head = parseInt(o.codeProof.slice(0, 13), 16)
        let size = o.codePoolSize + 1
        while (head % size === o.codeIndex) size++
        o.codePoolSize = size
      }),
    ],
  ])('fails naming the %s check when it is tampered with (exit 1)', async (_field, check, change) => {
    const emu = await testEmulator()
    const { order } = await paidMysteryOrder(emu.request)
    const line = order.items[0].mystery
    change(line.opens[1], line)
    const { code, stdout, stderr } = await runCli(['mystery', 'verify', '--file', writeJson(order)], {})
    expect(code).toBe(1)
    expect(stderr).toMatch(
      new RegExp(
        `^error: verification failed \\(${check}[,)].*: ${check} of ORD-\\d+ · Mystery Box open \\d: expected .+, stated .+\\n$`,
      ),
    )
    expect(stdout).toMatch(new RegExp(`^ {2}FAIL ${check}\\b`, 'm'))
    expect(stdout).not.toMatch(/checks passed/)
  })

  it('fails the commitment check of an unpaid order: the seed is not revealed yet', async () => {
    const emu = await testEmulator()
    const checkout = await emu.request('/storefront/demo/checkout', {
      method: 'POST',
      json: { items: [{ productId: 'rec_demoMystery01', quantity: 1 }], email: 'b@example.com' },
    })
    const { order } = await checkout.json()
    const { code, stderr } = await runCli(['mystery', 'verify', order.orderNumber], { app: emu.app })
    if (order.items[0].mystery?.opens?.length) {
      expect(code).toBe(1)
      expect(stderr).toMatch(/verification failed \(commitment.*serverSeed not revealed yet/)
    } else {
      expect(code).toBe(2)
      expect(stderr).toBe(`error: nothing to verify: ${order.orderNumber} holds no mystery-box opens\n`)
    }
  })

  it('verifies raw values from flags, offline, checking only the stated claims', async () => {
    const vectors = JSON.parse(
      readFileSync(new URL('../../fixtures/fairness-vectors.json', import.meta.url), 'utf8'),
    ).vectors
    const vector = vectors.find((v: any) => v.kind === 'open' && v.input.quantity === 1)
    const open = vector.expected.opens[0]
    const weights = vector.input.outcomes.map((o: any) => `${o.name}:${o.weight}:${o.stock ?? 'unlimited'}`).join(',')
    const base = [
      'mystery',
      'verify',
      '--server-seed',
      open.serverSeed,
      '--client-seed',
      open.clientSeed,
      '--nonce',
      '0',
      '--weights',
      weights,
      '--commitment',
      open.commitment,
    ]
    const ok = await runCli(
      [...base, '--outcome', open.outcome, '--roll-index', String(open.rollIndex), '--proof-hash', open.proofHash],
      {},
    )
    expect(ok).toMatchObject({ code: 0, stderr: '', requests: [] })
    expect(ok.stdout).toMatch(/^ {2}computed totalWeight +10$/m)
    expect(ok.stdout).toMatch(/all 4 checks passed/)

    const wrong = await runCli([...base, '--outcome', 'Gone'], {})
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toBe(
      `error: verification failed (outcome): outcome of flags open 0: expected ${open.outcome}, stated Gone\n`,
    )

    const badWeights = await runCli(
      ['mystery', 'verify', '--server-seed', open.serverSeed, '--client-seed', 'x', '--weights', 'A:0'],
      {},
    )
    expect(badWeights).toMatchObject({
      code: 2,
      stderr: 'error: --weights: outcome "A": weight must be a positive integer, got 0\n',
    })
  })

  it('is a usage error with nothing to verify', async () => {
    expect(await runCli(['mystery', 'verify'], {})).toMatchObject({ code: 2 })
    const both = await runCli(['mystery', 'verify', 'ORD-1', '--file', 'x.json'], {})
    expect(both).toMatchObject({
      code: 2,
      stderr: 'error: verify one thing: an order number, --file (or @file), or raw --server-seed/--client-seed flags\n',
    })
  })
})

describe('store mystery roll', () => {
  const vectors: { name: string; input: any; expected: any }[] = JSON.parse(
    readFileSync(new URL('../../fixtures/fairness-vectors.json', import.meta.url), 'utf8'),
  ).vectors.filter((v: any) => v.kind === 'open')

  it.each(vectors.map((v) => [v.name, v] as const))('reproduces the fixed vector: %s', async (_name, vector) => {
    const table = JSON.stringify(vector.input.outcomes)
    const { code, stdout } = await runCli(
      [
        'mystery',
        'roll',
        '--server-seed',
        vector.input.serverSeed,
        '--client-seed',
        vector.input.clientSeed,
        '--table',
        table,
        '--quantity',
        String(vector.input.quantity),
        '--pool-version',
        String(vector.input.poolVersion),
        '--json',
      ],
      {},
    )
    expect(code).toBe(0)
    const opens = JSON.parse(stdout).opens
    // roll always shows the seed; the vector leaves it off when it models an unpaid order
    if (!vector.input.revealSeed) for (const open of opens) delete open.serverSeed
    expect(opens).toEqual(vector.expected.opens)
  })

  it('prints one line per open when piped, and a table on a TTY', async () => {
    const seed = '0'.repeat(64)
    const piped = await runCli(
      ['mystery', 'roll', '--server-seed', seed, '--client-seed', 'c', '--weights', 'A:1,B:1', '--quantity', '2'],
      {},
    )
    expect(piped.code).toBe(0)
    const lines = piped.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^0\t[0-9a-f]{64}\t\d\/2\t[AB]\t$/)
    const tty = await runCli(
      ['mystery', 'roll', '--server-seed', seed, '--client-seed', 'c', '--weights', 'A:1,B:1', '--nonce', '5'],
      { tty: true, env: { NO_COLOR: '1' } },
    )
    expect(tty.stdout).toMatch(
      /^commitment {2}60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55\n\nNONCE|^commitment {2}60e05bd1/,
    )
    expect(tty.stdout).toMatch(/^NONCE\s+PROOF HASH\s+ROLL\s+OUTCOME\s+CODE$/m)
    expect(tty.stdout).toMatch(/^5\s+[0-9a-f]{64}\s+\d\/2\s+[AB]/m)
  })

  it('refuses a malformed server seed as a usage error', async () => {
    const { code, stderr } = await runCli(
      ['mystery', 'roll', '--server-seed', 'xyz', '--client-seed', 'c', '--weights', 'A:1'],
      {},
    )
    expect(code).toBe(2)
    expect(stderr).toBe('error: serverSeed must be 64 lowercase hex characters\n')
  })
})
