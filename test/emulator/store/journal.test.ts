import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Store } from '../../../src/emulator/store/store.js'
import { account, journalLines, openAsCrashingProcess, tmpDb } from './store-helpers.js'

/** A db whose process "crashed" after three acknowledged transactions: snapshot empty, journal of three lines. */
async function crashedDb() {
  const { db } = tmpDb()
  const store = await openAsCrashingProcess({ path: db })
  for (let i = 1; i <= 3; i++) await store.tx((tx) => tx.put('accounts', account(i)))
  const expected = store.snapshot()
  return { db, journal: `${db}.journal`, expected }
}

const line = (ops: unknown[]) => `${JSON.stringify({ ops })}\n`
const header = (generation: number, after: number) => `${JSON.stringify({ journal: 1, generation, after })}\n`
const entry = (seq: number, ops: unknown[]) => `${JSON.stringify({ seq, ops })}\n`

describe('Store: journal recovery', () => {
  it('ignores a torn last line (a crash mid-append), cuts it off and says so', async () => {
    const { db, journal, expected } = await crashedDb()
    const goodSize = statSync(journal).size
    appendFileSync(journal, '{"ops":[{"c":"accounts","put":{"id":"acct_torn","na')
    const logs: string[] = []
    const store = await Store.open({ path: db, log: (l) => logs.push(l) })
    expect(store.snapshot()).toEqual(expected)
    expect(statSync(journal).size).toBe(goodSize)
    expect(logs).toEqual([`journal ${journal}: ignored a torn last line (51 bytes) left by an interrupted write`])
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
    ['not JSON', 'garbage{{{\n', /line 2 is corrupt: not valid JSON \(/],
    ['JSON but not an entry', '{"rows":[]}\n', /line 2 is corrupt: not a journal entry/],
    [
      'an unknown collection',
      line([{ c: 'widgets', put: { id: 'w' } }]),
      /line 2 is corrupt: ops\[0\]: unknown collection "widgets"/,
    ],
    [
      'a row missing a field',
      line([{ c: 'accounts', put: { id: 'acct_x', createdAt: '2026-01-01T00:00:00.000Z' } }]),
      /line 2 is corrupt: ops\[0\]: accounts row name: /,
    ],
    [
      'an op that is neither put nor delete',
      line([{ c: 'accounts', nothing: true }]),
      /line 2 is corrupt: ops\[0\]: neither a put, a changed row nor a delete/,
    ],
    [
      'a changed row without its fields',
      line([{ c: 'accounts', set: 'acct_000001', unset: ['name'] }]),
      /line 2 is corrupt: ops\[0\]: a changed row needs "set" \(its key\), a "fields" object and, optionally, "unset"/,
    ],
    [
      'a changed row whose unset is not a list of names',
      line([{ c: 'accounts', set: 'acct_000001', fields: {}, unset: [1] }]),
      /line 2 is corrupt: ops\[0\]: a changed row needs "set"/,
    ],
  ])('refuses a corrupt complete line (%s) naming file and line, changing no file', async (_case, corrupt, problem) => {
    const { db, journal } = await crashedDb()
    const lines = readFileSync(journal, 'utf8').split('\n')
    lines[1] = corrupt.replace(/\n$/, '')
    writeFileSync(journal, lines.join('\n'))
    const before = { db: readFileSync(db), journal: readFileSync(journal) }
    const opening = Store.open({ path: db })
    await expect(opening).rejects.toMatchObject({ status: 500, message: expect.stringMatching(problem) })
    await expect(opening).rejects.toThrow(`journal ${journal} line 2 is corrupt`)
    await expect(opening).rejects.toThrow(
      /The db was not loaded and no file was changed\. Repair or delete that line, or move the journal aside/,
    )
    expect(readFileSync(db)).toEqual(before.db)
    expect(readFileSync(journal)).toEqual(before.journal)
    expect(existsSync(`${db}.lock`)).toBe(false)
  })

  it('replays .journal.old before .journal (a fold interrupted by a crash), then folds it', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.close()
    // A new db file is generation 1 at transaction 0; the rotated journal continues it, the next generation follows.
    writeFileSync(
      `${db}.journal.old`,
      header(1, 0) +
        entry(1, [{ c: 'accounts', put: account(1, 'old') }]) +
        entry(2, [{ c: 'accounts', put: account(2) }]),
    )
    writeFileSync(
      `${db}.journal`,
      header(2, 2) +
        entry(3, [{ c: 'accounts', put: account(1, 'new') }]) +
        entry(4, [{ c: 'accounts', del: account(2).id }]),
    )
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1, 'new')])
    await reopened.settle()
    expect(existsSync(`${db}.journal.old`)).toBe(false)
    // The fold took in .journal.old only; .journal still holds the later lines.
    expect(JSON.parse(readFileSync(db, 'utf8')).accounts).toEqual([account(1, 'old'), account(2)])
    await reopened.close()
    expect(JSON.parse(readFileSync(db, 'utf8')).accounts).toEqual([account(1, 'new')])
  })

  it.each(['journal', 'journal.old'])(
    'refuses a missing db file whose .%s exists, rather than starting empty',
    async (suffix) => {
      const { db } = tmpDb()
      writeFileSync(`${db}.${suffix}`, line([{ c: 'accounts', put: account(1) }]))
      await expect(Store.open({ path: db })).rejects.toThrow(
        `db file ${db} is missing but its journal ${db}.${suffix} exists. Restore the db file, or move the journal aside to start anew.`,
      )
      expect(existsSync(db)).toBe(false)
    },
  )

  it('removes temporary files a crash left behind while writing the db file', async () => {
    const { dir, db } = tmpDb()
    const leftovers = [`${dir}/.store.json.4242.1.tmp`, `${dir}/.store.json.fold.tmp`]
    const store = await Store.open({ path: db })
    await store.close()
    for (const file of leftovers) writeFileSync(file, '{"half":')
    writeFileSync(`${dir}/.other.json.1.1.tmp`, 'not ours')
    const reopened = await Store.open({ path: db })
    expect(leftovers.map((file) => existsSync(file))).toEqual([false, false])
    expect(existsSync(`${dir}/.other.json.1.1.tmp`)).toBe(true)
    await reopened.close()
  })
})

/**
 * Damage that loses or reorders acknowledged transactions without breaking a line: each journal
 * line carries its transaction's number, and the journal's header the generation and transaction
 * of the db file it continues, so the store sees it and refuses to start, changing no file.
 */
describe('Store: journals that lost or reordered transactions', () => {
  /** A db whose process crashed after `count` acknowledged writes, all in its journal. */
  async function crashedAfter(count: number) {
    const { db } = tmpDb()
    const store = await openAsCrashingProcess({ path: db })
    for (let i = 1; i <= count; i++) await store.tx((tx) => tx.put('accounts', account(i)))
    return { db, journal: `${db}.journal` }
  }

  async function expectRefused(db: string, message: string | RegExp) {
    const files = [db, `${db}.journal`, `${db}.journal.old`]
    const before = files.map((file) => (existsSync(file) ? readFileSync(file) : undefined))
    const opening = Store.open({ path: db })
    await expect(opening).rejects.toMatchObject({ status: 500 })
    await expect(opening).rejects.toThrow(message)
    await expect(opening).rejects.toThrow(
      /The db was not loaded and no file was changed\. Restore the journal \(and the db file it belongs to\) from a backup, or move it aside to start from .+ alone, losing the changes it holds\.$/,
    )
    expect(files.map((file) => (existsSync(file) ? readFileSync(file) : undefined))).toEqual(before)
    expect(existsSync(`${db}.lock`)).toBe(false)
  }

  it('refuses a journal truncated to 0 bytes (20 acknowledged writes gone)', async () => {
    const { db, journal } = await crashedAfter(20)
    writeFileSync(journal, '')
    await expectRefused(
      db,
      `journal ${journal} is empty, but every journal this store writes starts with one: it was truncated or overwritten, and the changes it held are lost.`,
    )
  })

  it('refuses a journal whose header line was overwritten', async () => {
    const { db, journal } = await crashedAfter(3)
    writeFileSync(journal, readFileSync(journal, 'utf8').split('\n').slice(1).join('\n'))
    await expectRefused(db, `journal ${journal} does not begin with its header line`)
  })

  it.each([
    [
      'two lines swapped',
      (lines: string[]) => [lines[0], lines[2], lines[1], ...lines.slice(3)],
      'line 2 holds transaction 2 where transaction 1 was expected: transaction 1 is missing or out of order',
    ],
    [
      'a line duplicated',
      (lines: string[]) => [...lines.slice(0, 3), lines[2], ...lines.slice(3)],
      'line 4 holds transaction 2 where transaction 3 was expected: lines were duplicated or reordered',
    ],
    [
      'lines lost in the middle',
      (lines: string[]) => [...lines.slice(0, 2), ...lines.slice(5)],
      'line 3 holds transaction 5 where transaction 2 was expected: transactions 2 to 4 are missing or out of order',
    ],
  ])('refuses a journal with %s, naming the line', async (_case, damage, problem) => {
    const { db, journal } = await crashedAfter(6)
    const lines = readFileSync(journal, 'utf8').split('\n').filter(Boolean)
    writeFileSync(journal, `${damage(lines).join('\n')}\n`)
    await expectRefused(db, `journal ${journal} ${problem}.`)
  })

  it('refuses a journal that ends before the transactions the db file already holds', async () => {
    const { db } = tmpDb()
    const store = await openAsCrashingProcess({ path: db })
    for (let i = 1; i <= 5; i++) await store.tx((tx) => tx.put('accounts', account(i)))
    // A clean close folds transactions 1-5 into the db file; a journal of only 1-3 put back beside it lost its end.
    const lines = readFileSync(`${db}.journal`, 'utf8').split('\n').filter(Boolean)
    const reopened = await Store.open({ path: db })
    await reopened.close()
    writeFileSync(`${db}.journal`, `${lines.slice(0, 4).join('\n')}\n`)
    await expectRefused(
      db,
      `journal ${db}.journal ends at transaction 3, but ${db} already holds transactions up to 5: lines at its end are missing.`,
    )
  })

  it('refuses a db file older than its journal (restored from a backup after a fold)', async () => {
    const { db } = tmpDb()
    const store = await openAsCrashingProcess({ path: db, compactAtBytes: 1024 })
    const backup = readFileSync(db)
    for (let i = 1; i <= 40; i++) await store.tx((tx) => tx.put('accounts', account(i)))
    await store.settle()
    expect(JSON.parse(readFileSync(db, 'utf8')).generation).toBeGreaterThan(1)
    writeFileSync(db, backup)
    await expectRefused(
      db,
      /^journal .+\.journal is generation \d+, but what continues .+ is generation 1: they are not a pair/,
    )
  })

  it('refuses a journal that starts after the transactions the db file holds', async () => {
    const { db, journal } = await crashedAfter(2)
    const lines = readFileSync(journal, 'utf8').split('\n').filter(Boolean)
    writeFileSync(journal, [header(1, 7), ...lines.slice(1)].join('\n'))
    await expectRefused(
      db,
      `journal ${journal} continues from transaction 7, but ${db} holds transactions only up to 0: transactions 1 to 7 are missing (is ${db} an older copy?).`,
    )
  })
})

describe('Store: files written before journals were numbered', () => {
  /** The db file as the earlier version wrote it: no generation, no sequence number. */
  function withoutPosition(db: string) {
    const file = JSON.parse(readFileSync(db, 'utf8'))
    delete file.generation
    delete file.seq
    delete file.checksum
    writeFileSync(db, JSON.stringify(file))
  }

  it('loads a db file without its position and numbers the journal it starts', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.tx((tx) => tx.put('accounts', account(1)))
    await store.close()
    withoutPosition(db)
    const crashed = await openAsCrashingProcess({ path: db })
    expect(crashed.c.accounts.size).toBe(1)
    await crashed.tx((tx) => tx.put('accounts', account(2)))
    // Generation 0 at transaction 0: what a db file of the earlier version counts as.
    expect(readFileSync(`${db}.journal`, 'utf8').split('\n')[0]).toBe(header(0, 0).trim())
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1), account(2)])
    await reopened.close()
  })

  it('replays the unnumbered journal of the earlier version and folds it into the db file at once', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.close()
    withoutPosition(db)
    writeFileSync(
      `${db}.journal`,
      line([{ c: 'accounts', put: account(1) }]) + line([{ c: 'accounts', put: account(2) }]),
    )
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1), account(2)])
    expect(JSON.parse(readFileSync(db, 'utf8'))).toMatchObject({ generation: 1, seq: 0 })
    expect(readFileSync(`${db}.journal`, 'utf8')).toBe(header(1, 0))
    await reopened.close()
  })

  it('refuses an unnumbered journal beside a db file that records its position', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.close()
    writeFileSync(`${db}.journal`, line([{ c: 'accounts', put: account(1) }]))
    await expect(Store.open({ path: db })).rejects.toThrow(`journal ${db}.journal does not begin with its header line`)
  })
})
