import { appendFileSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Row } from '../../../src/emulator/store/collection.js'
import type { PatchOp } from '../../../src/emulator/store/db-file.js'
import { patchedRow, replacementOp } from '../../../src/emulator/store/journal-format.js'
import type { FulfilmentRecord } from '../../../src/emulator/store/records.js'
import { Store } from '../../../src/emulator/store/store.js'
import { testEmulator } from '../../helpers/emulator.js'
import { subscribe } from '../../reliability/helpers.js'
import { account, journalLines, openAsCrashingProcess, tmpDb } from './store-helpers.js'

const DAY = 86_400

/** The ops of the last transaction in a db's journal. */
const lastOps = (db: string) => JSON.parse(journalLines(db).at(-1)!).ops

/** What the store holds, as text: equal only when every row and every field is in the same order. */
const text = (store: Store) => JSON.stringify(store.snapshot())

/** Drops `crashed` (every write on disk), reopens its db from the files and checks it holds what memory held. */
async function expectReplayed(crashed: Store, db: string): Promise<Store> {
  await crashed.settle()
  const held = text(crashed)
  const reopened = await Store.open({ path: db })
  expect(text(reopened)).toBe(held)
  return reopened
}

const setup = (over: Partial<FulfilmentRecord> = {}): FulfilmentRecord => ({
  id: 'prod_1',
  shopId: 'shop_1',
  deliveryMessage: 'Thanks',
  files: [{ name: 'a.pdf', url: 'https://files.example/a.pdf' }],
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
})

describe('Journal: a replaced row as its changed fields', () => {
  it('writes the changed fields of a small change and the whole row of a big one, and replays both', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    await crashed.tx((tx) => tx.put('accounts', account(1)))
    expect(lastOps(db)).toEqual([{ c: 'accounts', put: account(1) }])

    await crashed.tx((tx) => tx.put('accounts', { ...account(1), name: 'Renamed' }))
    expect(lastOps(db)).toEqual([{ c: 'accounts', set: account(1).id, fields: { name: 'Renamed' } }])

    const big = { ...account(1), name: 'Big', createdAt: '2027-01-01T00:00:00.000Z' }
    await crashed.tx((tx) => tx.put('accounts', big))
    expect(lastOps(db)).toEqual([{ c: 'accounts', put: big }])

    const reopened = await expectReplayed(crashed, db)
    expect(reopened.c.accounts.get(account(1).id)).toEqual(big)
    await reopened.close()
  })

  it('adds new fields at the end and removes unset ones, keeping the order memory has', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    await crashed.tx((tx) => tx.put('fulfilments', setup()))
    await crashed.tx((tx) =>
      tx.put('fulfilments', { ...crashed.c.fulfilments.get('prod_1')!, dynamicWebhookUrl: 'https://hook.example/' }),
    )
    expect(lastOps(db)).toEqual([
      { c: 'fulfilments', set: 'prod_1', fields: { dynamicWebhookUrl: 'https://hook.example/' } },
    ])
    const { deliveryMessage: _gone, ...withoutMessage } = crashed.c.fulfilments.get('prod_1')!
    await crashed.tx((tx) => tx.put('fulfilments', withoutMessage))
    expect(lastOps(db)).toEqual([{ c: 'fulfilments', set: 'prod_1', fields: {}, unset: ['deliveryMessage'] }])
    // A field set to undefined is absent, as JSON has it.
    await crashed.tx((tx) =>
      tx.put('fulfilments', { ...crashed.c.fulfilments.get('prod_1')!, dynamicWebhookUrl: undefined }),
    )
    expect(lastOps(db)).toEqual([{ c: 'fulfilments', set: 'prod_1', fields: {}, unset: ['dynamicWebhookUrl'] }])

    const reopened = await expectReplayed(crashed, db)
    expect(Object.keys(reopened.c.fulfilments.get('prod_1')!)).toEqual(['id', 'shopId', 'files', 'updatedAt'])
    await reopened.close()
  })

  it('writes a nested object that changed whole, and leaves out one that is the same object', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    await crashed.tx((tx) => tx.put('fulfilments', setup()))
    const files = [{ name: 'b.pdf', url: 'https://files.example/b.pdf' }]
    await crashed.tx((tx) => tx.put('fulfilments', { ...crashed.c.fulfilments.get('prod_1')!, files }))
    expect(lastOps(db)).toEqual([{ c: 'fulfilments', set: 'prod_1', fields: { files } }])
    const now = '2026-02-01T00:00:00.000Z'
    await crashed.tx((tx) => tx.put('fulfilments', { ...crashed.c.fulfilments.get('prod_1')!, updatedAt: now }))
    expect(lastOps(db)).toEqual([{ c: 'fulfilments', set: 'prod_1', fields: { updatedAt: now } }])
    const reopened = await expectReplayed(crashed, db)
    expect(reopened.c.fulfilments.get('prod_1')).toEqual(setup({ files, updatedAt: now }))
    await reopened.close()
  })

  it('writes a row whose fields were put in another order whole', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    await crashed.tx((tx) => tx.put('fulfilments', setup()))
    const { id, ...rest } = setup({ updatedAt: '2026-03-01T00:00:00.000Z' })
    const reordered = { ...rest, id }
    await crashed.tx((tx) => tx.put('fulfilments', reordered))
    expect(lastOps(db)).toEqual([{ c: 'fulfilments', put: reordered }])
    const added = { dynamicWebhookUrl: 'https://hook.example/', ...setup() }
    await crashed.tx((tx) => tx.put('fulfilments', added))
    expect(lastOps(db)).toEqual([{ c: 'fulfilments', put: added }])
    const reopened = await expectReplayed(crashed, db)
    await reopened.close()
  })

  it('journals a row put twice in one transaction once, against the row before the transaction', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    await crashed.tx((tx) => tx.put('fulfilments', setup()))
    await crashed.tx((tx) => {
      const first = tx.put('fulfilments', { ...crashed.c.fulfilments.get('prod_1')!, deliveryMessage: 'First' })
      tx.put('accounts', account(1))
      tx.put('fulfilments', { ...first, updatedAt: '2026-04-01T00:00:00.000Z' })
    })
    expect(lastOps(db)).toEqual([
      {
        c: 'fulfilments',
        set: 'prod_1',
        fields: { deliveryMessage: 'First', updatedAt: '2026-04-01T00:00:00.000Z' },
      },
      { c: 'accounts', put: account(1) },
    ])
    const reopened = await expectReplayed(crashed, db)
    await reopened.close()
  })

  it('journals a row put again after its delete in one transaction whole', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    await crashed.tx((tx) => tx.put('accounts', account(1)))
    await crashed.tx((tx) => {
      tx.put('accounts', account(1, 'Patched'))
      tx.delete('accounts', account(1).id)
      tx.put('accounts', account(1, 'Back'))
    })
    expect(lastOps(db)).toEqual([
      { c: 'accounts', set: account(1).id, fields: { name: 'Patched' } },
      { c: 'accounts', del: account(1).id },
      { c: 'accounts', put: account(1, 'Back') },
    ])
    const reopened = await expectReplayed(crashed, db)
    expect(reopened.c.accounts.get(account(1).id)?.name).toBe('Back')
    await reopened.close()
  })

  it('replays patches in .journal.old and then .journal (a fold interrupted by a crash)', async () => {
    const { db } = tmpDb()
    await (await Store.open({ path: db })).close()
    const header = (generation: number, after: number) => `${JSON.stringify({ journal: 1, generation, after })}\n`
    const entry = (seq: number, ops: unknown[]) => `${JSON.stringify({ seq, ops })}\n`
    const id = account(1).id
    writeFileSync(
      `${db}.journal.old`,
      header(1, 0) +
        entry(1, [{ c: 'accounts', put: account(1) }]) +
        entry(2, [{ c: 'accounts', set: id, fields: { clockOffsetMs: 5 } }]),
    )
    writeFileSync(
      `${db}.journal`,
      header(2, 2) + entry(3, [{ c: 'accounts', set: id, fields: { name: 'New' }, unset: ['clockOffsetMs'] }]),
    )
    const reopened = await Store.open({ path: db })
    expect(reopened.c.accounts.get(id)).toEqual(account(1, 'New'))
    await reopened.settle()
    expect(JSON.parse(readFileSync(db, 'utf8')).accounts).toEqual([{ ...account(1), clockOffsetMs: 5 }])
    await reopened.close()
    const again = await Store.open({ path: db })
    expect(again.c.accounts.get(id)).toEqual(account(1, 'New'))
    await again.close()
  })

  it('rolls a patched row back to the row it replaced when the transaction throws', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.tx((tx) => tx.put('accounts', account(1)))
    const before = text(store)
    await expect(
      store.tx((tx) => {
        tx.put('accounts', account(1, 'Lost'))
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(text(store)).toBe(before)
    await store.close()
    const reopened = await Store.open({ path: db })
    expect(text(reopened)).toBe(before)
    await reopened.close()
  })

  it('replays a clock advance whose renewals journal subscriptions, customers and the shop as their changes', async () => {
    const { db } = tmpDb()
    const crashed = await testEmulator({ db })
    await subscribe(crashed, 3, { interval: 'MONTH', intervalCount: 1 })
    await crashed.store.settle()
    const subscribed = journalLines(db).length
    const advanced = await crashed.request('/_emulator/clock/advance', { method: 'POST', json: { seconds: 65 * DAY } })
    expect(advanced.status).toBe(200)
    await crashed.store.settle()
    const advance = journalLines(db).slice(subscribed).join('\n')
    for (const c of ['subscriptions', 'customers', 'shops', 'accounts']) expect(advance).toContain(`{"c":"${c}","set":`)
    expect(advance).not.toContain('{"c":"subscriptions","put":')
    const held = text(crashed.store)
    unlinkSync(`${db}.lock`)
    const reopened = await Store.open({ path: db })
    expect(text(reopened)).toBe(held)
    await reopened.close()
  })
})

describe('replacementOp and patchedRow', () => {
  const value = fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 3 }), fc.constant({ nested: true }))
  const names = ['id', 'a', 'b', 'c', 'd', 'e', 'f']
  /** A row of some of `names`, in some order, with values that repeat often enough to be unchanged. */
  const row = fc
    .tuple(fc.shuffledSubarray(names.slice(1)), fc.array(value, { minLength: 6, maxLength: 6 }))
    .map(([keys, values]) => {
      const out: Record<string, unknown> = { id: 'r' }
      for (let i = 0; i < keys.length; i++) out[keys[i]] = values[i]
      return out as unknown as Row
    })

  /** Replays `after` replacing `before` as the journal has it, and checks it gives `after`'s JSON; says whether it was a patch. */
  function replaysAs(before: Row, after: Row): boolean {
    const op = replacementOp('things', 'r', before, after)
    if ('put' in op) return false
    const onDisk = JSON.parse(JSON.stringify(op)) as PatchOp
    const replayed = patchedRow(JSON.parse(JSON.stringify(before)), onDisk)
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(after))
    return true
  }

  it('gives, from any row it replaces, the new row with its fields in the same order (as JSON has them)', () => {
    fc.assert(fc.property(row, row, (before, after) => void replaysAs(before, after)))
  })

  it('gives the new row of a spread change, as a patch when fewer than half of the fields changed', () => {
    const change = fc.dictionary(fc.constantFrom(...names.slice(1)), value, { maxKeys: 3 })
    let patches = 0
    fc.assert(
      fc.property(row, change, (before, changes) => {
        if (replaysAs(before, { ...before, ...changes })) patches++
      }),
    )
    expect(patches).toBeGreaterThan(0)
  })
})

describe('Journal: damaged patches are refused at load', () => {
  /** A db whose journal holds accounts 1 to 3, with a fourth line appended. */
  async function withFourthLine(ops: unknown[]) {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    for (let i = 1; i <= 3; i++) await crashed.tx((tx) => tx.put('accounts', account(i)))
    await crashed.settle()
    appendFileSync(`${db}.journal`, `${JSON.stringify({ seq: 4, ops })}\n`)
    return db
  }

  it.each([
    [
      'a patch of a row that does not exist',
      [{ c: 'accounts', set: 'acct_000009', fields: { name: 'Ghost' } }],
      'ops[0]: it changes accounts row "acct_000009", which does not exist',
    ],
    [
      'a patch whose row fails the schema',
      [{ c: 'accounts', set: 'acct_000002', fields: { createdAt: 'yesterday' } }],
      'ops[0]: accounts row "acct_000002" as changed: createdAt: ',
    ],
    [
      'a patch that unsets a field the row does not have',
      [{ c: 'accounts', set: 'acct_000002', fields: {}, unset: ['clockOffsetMs'] }],
      'ops[0]: accounts row "acct_000002" as changed: "unset" names "clockOffsetMs", a field the row does not have',
    ],
    [
      'a patch that unsets a required field',
      [{ c: 'accounts', set: 'acct_000002', fields: {}, unset: ['name'] }],
      'ops[0]: accounts row "acct_000002" as changed: name: ',
    ],
    [
      'a patch that moves its row to another key',
      [{ c: 'accounts', set: 'acct_000002', fields: { id: 'acct_000007' } }],
      'ops[0]: accounts row "acct_000002" as changed: its fields move the row to key "acct_000007"',
    ],
    [
      'a patch after the delete of its row',
      [
        { c: 'accounts', del: 'acct_000001' },
        { c: 'accounts', set: 'acct_000001', fields: { name: 'Gone' } },
      ],
      'ops[1]: it changes accounts row "acct_000001", which does not exist',
    ],
  ])('refuses %s, naming the line and changing no file', async (_case, ops, problem) => {
    const db = await withFourthLine(ops)
    const before = { db: readFileSync(db), journal: readFileSync(`${db}.journal`) }
    const opening = Store.open({ path: db })
    await expect(opening).rejects.toMatchObject({ status: 500 })
    await expect(opening).rejects.toThrow(`journal ${db}.journal line 5 is corrupt: ${problem}`)
    await expect(opening).rejects.toThrow(/The db was not loaded and no file was changed\. Repair or delete that line/)
    expect(readFileSync(db)).toEqual(before.db)
    expect(readFileSync(`${db}.journal`)).toEqual(before.journal)
  })
})
