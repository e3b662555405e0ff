import { readFileSync, statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Store } from '../../../src/emulator/store/store.js'
import { FaultyIO, account, errno, journalBytes, journalLines, openAsCrashingProcess, tmpDb } from './store-helpers.js'

const FOLD_AT = 2048
const dbAccounts = (db: string) => JSON.parse(readFileSync(db, 'utf8')).accounts as unknown[]

describe('Store: folding the journal into the db file', () => {
  it('folds the journal into the db file while serving once it grows, and loses nothing', async () => {
    const { db } = tmpDb()
    const store = await openAsCrashingProcess({ path: db, foldAtBytes: FOLD_AT })
    for (let i = 0; i < 300; i++) {
      await store.tx((tx) => tx.put('accounts', account(i % 120, `Account ${i}`)))
      if (i % 50 === 0) await store.tx((tx) => tx.delete('accounts', account(i % 7).id))
    }
    await store.settle()
    // The journal holds only what came after the last fold: far fewer lines than transactions.
    expect(journalLines(db).length).toBeLessThan(60)
    expect(JSON.parse(readFileSync(db, 'utf8')).seq).toBeGreaterThan(250)
    const expected = store.snapshot()

    // Crash (no close): the folded db file plus the journal give back everything.
    const reopened = await Store.open({ path: db, foldAtBytes: FOLD_AT })
    expect(reopened.snapshot()).toEqual(expected)
    await reopened.close()
    const closedAndReopened = await Store.open({ path: db })
    expect(closedAndReopened.snapshot()).toEqual(expected)
    expect(dbAccounts(db)).toHaveLength(closedAndReopened.collections.accounts.size)
    await closedAndReopened.close()
  })

  it("without a threshold, folds once the journal passes twice the db file's size", async () => {
    const { db } = tmpDb()
    const longName = (n: number) => `Account ${n} ${'x'.repeat(64 * 1024)}`
    const first = await Store.open({ path: db })
    // A db file of about 10 MB: twice its size is past the 16 MB every journal may reach.
    for (let i = 0; i < 150; i++) await first.tx((tx) => tx.put('accounts', account(i, longName(i))))
    await first.close()
    const dbBytes = statSync(db).size
    expect(dbBytes).toBeGreaterThan(9 * 2 ** 20)

    const store = await Store.open({ path: db })
    let journalSize = journalBytes(db)
    let foldedAt: number | undefined
    for (let i = 0; foldedAt === undefined && i < 1000; i++) {
      await store.tx((tx) => tx.put('accounts', account(i % 150, longName(1000 + i))))
      await store.settle()
      const now = journalBytes(db)
      if (now < journalSize) foldedAt = journalSize
      journalSize = now
    }
    // The journal as last seen before the write whose line (about 65 KB) crossed the threshold.
    expect(foldedAt).toBeGreaterThan(2 * dbBytes - 70 * 1024)
    expect(foldedAt).toBeLessThan(2 * dbBytes + 70 * 1024)
    await store.close()
  })

  it('keeps the whole journal when a fold fails, says so, folds again later, and close still saves everything', async () => {
    const { db } = tmpDb()
    const logs: string[] = []
    const io = new FaultyIO()
    const store = await Store.open({ path: db, io, foldAtBytes: FOLD_AT, log: (line) => logs.push(line) })
    // The journal cannot be rewritten: the db file is written, the journal stays whole.
    const openForAppend = io.openForAppend
    io.openForAppend = async () => {
      throw errno('ENOSPC', 'no space left on device')
    }
    for (let i = 0; i < 60; i++) await store.tx((tx) => tx.put('accounts', account(i)))
    await store.settle()
    expect(
      logs.some((line) => /^folding .+\.journal into .+ failed \(ENOSPC\); it is tried again later$/.test(line)),
    ).toBe(true)
    expect(journalLines(db)).toHaveLength(60)
    io.openForAppend = openForAppend
    for (let i = 60; i < 120; i++) await store.tx((tx) => tx.put('accounts', account(i)))
    await store.settle()
    expect(journalLines(db).length).toBeLessThan(60)
    const expected = store.snapshot()
    await store.close()
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot()).toEqual(expected)
    expect(reopened.collections.accounts.size).toBe(120)
    await reopened.close()
  })

  it('folds only what is on disk: a change still queued stays out of the db file, and is gone when its write fails', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    // The first line takes the journal past the threshold: the fold starts between the next two appends.
    const store = await Store.open({ path: db, io, foldAtBytes: 30 })
    io.appendDelayMs = 20
    const first = store.tx((tx) => tx.put('accounts', account(1)))
    const second = store.tx((tx) => tx.put('accounts', account(2)))
    await first
    // Applied to memory and queued while the second write is on its way: in memory when the fold takes the rows.
    const third = store.tx((tx) => tx.put('accounts', account(3)))
    await second
    io.failAppend = 'ENOSPC'
    await expect(third).rejects.toMatchObject({ status: 500 })
    await store.settle()
    expect(dbAccounts(db)).toEqual([account(1), account(2)])
    expect(store.snapshot().accounts).toEqual([account(1), account(2)])
    io.heal()
    await store.close()
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1), account(2)])
    await reopened.close()
  })
})
