import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { Store } from '../../../src/emulator/store/store.js'
import { account, journalLines, journalText, openAsCrashingProcess, tmpDb } from './store-helpers.js'

/** A db whose process crashed after `count` acknowledged transactions: db file empty, one journal line each. */
async function crashedAfter(count: number) {
  const { db, dir } = tmpDb()
  const store = await openAsCrashingProcess({ path: db })
  for (let i = 1; i <= count; i++) await store.tx((tx) => tx.put('accounts', account(i)))
  return { db, dir, journal: `${db}.journal`, expected: store.snapshot() }
}

/** Writes `text` into the file at byte `position`. */
function writeAt(path: string, position: number, text: string) {
  const fd = openSync(path, 'r+')
  writeSync(fd, text, position)
  closeSync(fd)
}

const header = (after: number) => `${JSON.stringify({ journal: 2, after })}\n`
const entry = (seq: number, ops: unknown[]) => `${JSON.stringify({ seq, ops })}\n`

/** Opens `db`, expects the refusal `message`, and checks that no file changed and the lock was let go. */
async function expectRefused(db: string, message: string | RegExp) {
  const files = [db, `${db}.journal`]
  const digests = () =>
    files.map((file) => (existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : undefined))
  const before = digests()
  const opening = Store.open({ path: db })
  await expect(opening).rejects.toMatchObject({ status: 500 })
  await expect(opening).rejects.toThrow(message)
  expect(digests()).toEqual(before)
  expect(existsSync(`${db}.lock`)).toBe(false)
}

const MOVE_ASIDE =
  /The db was not loaded and no file was changed\. Restore the journal \(and the db file it belongs to\) from a backup, or move it aside to start from .+ alone, losing the changes it holds\.$/

describe('Store: journal recovery', () => {
  it('ignores a torn last line (a crash mid-append), cuts it off and says so', async () => {
    const { db, journal, expected } = await crashedAfter(3)
    const goodSize = Buffer.byteLength(journalText(db))
    writeAt(journal, goodSize, '{"seq":4,"ops":[{"c":"accounts","put":{"id":"acct_torn","na')
    const logs: string[] = []
    const store = await Store.open({ path: db, log: (l) => logs.push(l) })
    expect(store.snapshot()).toEqual(expected)
    expect(statSync(journal).size).toBe(goodSize)
    expect(logs).toEqual([`journal ${journal}: ignored a torn last line (59 bytes) left by an interrupted write`])
    // Writes after the cut start on a line of their own.
    await store.tx((tx) => tx.put('accounts', account(4)))
    await store.settle()
    expect(journalLines(db).map((l) => JSON.parse(l).ops[0].put.id)).toEqual([
      'acct_000001',
      'acct_000002',
      'acct_000003',
      'acct_000004',
    ])
    await store.close()
  })

  it.each([
    ['not JSON', 'garbage{{{', /line 2 is corrupt: not valid JSON \(/],
    ['JSON but not a transaction', '{"rows":[]}', /line 2 is corrupt: not a transaction/],
    ['an unknown collection', entry(1, [{ c: 'widgets', put: { id: 'w' } }]), /ops\[0\]: unknown collection "widgets"/],
    [
      'a row missing a field',
      entry(1, [{ c: 'accounts', put: { id: 'acct_x', createdAt: '2026-01-01T00:00:00.000Z' } }]),
      /line 2 is corrupt: ops\[0\]: accounts row name: /,
    ],
    [
      'an op that is neither put nor delete',
      entry(1, [{ c: 'accounts', nothing: true }]),
      /neither a put nor a delete/,
    ],
  ])('refuses a corrupt complete line (%s) naming file and line, changing no file', async (_case, corrupt, problem) => {
    const { db, journal } = await crashedAfter(3)
    const lines = journalText(db).split('\n')
    lines[1] = corrupt.trim()
    writeFileSync(journal, lines.join('\n'))
    await expectRefused(db, problem)
    await expectRefused(db, `journal ${journal} line 2 is corrupt`)
    await expectRefused(db, MOVE_ASIDE)
  })

  it('refuses a missing db file whose journal exists, rather than starting empty', async () => {
    const { db } = tmpDb()
    writeFileSync(`${db}.journal`, header(0) + entry(1, [{ c: 'accounts', put: account(1) }]))
    await expect(Store.open({ path: db })).rejects.toThrow(
      `db file ${db} is missing but its journal ${db}.journal exists. Restore the db file, or move the journal aside to start anew.`,
    )
    expect(existsSync(db)).toBe(false)
  })

  it('removes temporary files a crash left behind while writing the db file or the journal', async () => {
    const { dir, db } = await crashedAfter(1)
    const leftovers = [`${dir}/.store.json.4242.1.tmp`, `${dir}/.store.json.journal.4242.2.tmp`]
    for (const file of leftovers) writeFileSync(file, '{"half":')
    writeFileSync(`${dir}/.other.json.1.1.tmp`, 'not ours')
    const reopened = await Store.open({ path: db })
    expect(leftovers.map((file) => existsSync(file))).toEqual([false, false])
    expect(existsSync(`${dir}/.other.json.1.1.tmp`)).toBe(true)
    await reopened.close()
  })

  it('skips the lines a new db file holds when a crash came between writing it and rewriting the journal', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.close()
    // The db file holds transactions 1 and 2; the journal still has them, then 3 and 4.
    const file = JSON.parse(readFileSync(db, 'utf8'))
    writeFileSync(db, JSON.stringify({ ...file, seq: 2, accounts: [account(1, 'old'), account(2)] }))
    writeFileSync(
      `${db}.journal`,
      header(0) +
        entry(1, [{ c: 'accounts', put: account(1, 'old') }]) +
        entry(2, [{ c: 'accounts', put: account(2) }]) +
        entry(3, [{ c: 'accounts', put: account(1, 'new') }]) +
        entry(4, [{ c: 'accounts', del: account(2).id }]),
    )
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1, 'new')])
    await reopened.close()
    expect(JSON.parse(readFileSync(db, 'utf8')).accounts).toEqual([account(1, 'new')])
  })
})

describe('Store: a crash during a fold', () => {
  it('refuses a next journal an earlier version left while folding, saying how to carry it over', async () => {
    const { db } = await crashedAfter(2)
    writeFileSync(`${db}.journal.next`, header(2) + entry(3, [{ c: 'accounts', put: account(3) }]))
    await expectRefused(
      db,
      `journal ${db}.journal.next was left by an earlier version of store while it folded the journal. Start that version once on this db and stop it with Ctrl+C, then start this one.`,
    )
  })
})

/**
 * Damage that loses or reorders acknowledged transactions without breaking a line: each line
 * carries its transaction's number and the header the transaction the journal follows, so the
 * store sees it and refuses to start, changing no file.
 */
describe('Store: journals that lost or reordered transactions', () => {
  it('refuses a journal truncated to 0 bytes (20 acknowledged writes gone)', async () => {
    const { db, journal } = await crashedAfter(20)
    writeFileSync(journal, '')
    await expectRefused(db, `journal ${journal} is empty, but every journal starts with a header line`)
  })

  it('refuses a journal whose header line was overwritten', async () => {
    const { db, journal } = await crashedAfter(3)
    writeFileSync(journal, journalText(db).split('\n').slice(1).join('\n'))
    await expectRefused(db, `journal ${journal} does not begin with its header line`)
  })

  it.each([
    [
      'two lines swapped',
      (lines: string[]) => [lines[0], lines[2], lines[1], ...lines.slice(3)],
      'line 2 holds transaction 2 where transaction 1 was expected: lines are missing',
    ],
    [
      'a line duplicated',
      (lines: string[]) => [...lines.slice(0, 3), lines[2], ...lines.slice(3)],
      'line 4 holds transaction 2 where transaction 3 was expected: lines were repeated or reordered',
    ],
    [
      'lines lost in the middle',
      (lines: string[]) => [...lines.slice(0, 2), ...lines.slice(5)],
      'line 3 holds transaction 5 where transaction 2 was expected: lines are missing',
    ],
  ])('refuses a journal with %s, naming the line', async (_case, damage, problem) => {
    const { db, journal } = await crashedAfter(6)
    const lines = journalText(db).split('\n').filter(Boolean)
    writeFileSync(journal, `${damage(lines).join('\n')}\n`)
    await expectRefused(db, `journal ${journal} ${problem}.`)
    await expectRefused(db, MOVE_ASIDE)
  })

  it('refuses a journal that ends before the transactions the db file already holds', async () => {
    const { db, journal } = await crashedAfter(5)
    const lines = journalText(db).split('\n').filter(Boolean)
    const reopened = await Store.open({ path: db })
    await reopened.close()
    writeFileSync(journal, `${lines.slice(0, 4).join('\n')}\n`)
    await expectRefused(
      db,
      `journal ${journal} ends at transaction 3, but ${db} already holds transactions up to 5: they are not a pair`,
    )
  })

  it('refuses a db file older than its journal (restored from a backup after a fold)', async () => {
    const { db } = tmpDb()
    const store = await openAsCrashingProcess({ path: db, foldAtBytes: 1024 })
    const backup = readFileSync(db)
    for (let i = 1; i <= 40; i++) await store.tx((tx) => tx.put('accounts', account(i)))
    await store.settle()
    await store.tx((tx) => tx.put('accounts', account(41)))
    expect(JSON.parse(readFileSync(db, 'utf8')).seq).toBeGreaterThan(0)
    writeFileSync(db, backup)
    await expectRefused(
      db,
      /^journal .+\.journal continues from transaction \d+, but .+ holds transactions only up to 0/,
    )
  })

  it('refuses a journal written by the earlier version, saying how to carry it over', async () => {
    const { db, journal } = await crashedAfter(1)
    writeFileSync(journal, '{"journal":1,"generation":1,"after":0}\n')
    await expectRefused(
      db,
      /was written by an earlier version of store\. Start that version once on this db and stop it/,
    )
  })
})
