import { appendFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Store } from '../../../src/emulator/store/store.js'
import { account, openAsCrashingProcess, tmpDb } from './store-helpers.js'

/** A db whose process "crashed" after three acknowledged transactions: snapshot empty, journal of three lines. */
async function crashedDb() {
  const { db } = tmpDb()
  const store = await openAsCrashingProcess({ path: db })
  for (let i = 1; i <= 3; i++) await store.tx((tx) => tx.put('accounts', account(i)))
  const expected = store.snapshot()
  return { db, journal: `${db}.journal`, expected }
}

const line = (ops: unknown[]) => `${JSON.stringify({ ops })}\n`

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
    const reopenedLines = readFileSync(journal, 'utf8').split('\n').filter(Boolean)
    expect(reopenedLines.map((l) => JSON.parse(l).ops[0].put.id)).toEqual([
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
      /line 2 is corrupt: ops\[0\]: neither a put nor a delete/,
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
    writeFileSync(
      `${db}.journal.old`,
      line([{ c: 'accounts', put: account(1, 'old') }]) + line([{ c: 'accounts', put: account(2) }]),
    )
    writeFileSync(
      `${db}.journal`,
      line([{ c: 'accounts', put: account(1, 'new') }]) + line([{ c: 'accounts', del: account(2).id }]),
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
