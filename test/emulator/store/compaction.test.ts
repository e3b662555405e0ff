import { existsSync, readFileSync, statSync, unlinkSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { nodeJournalIO } from '../../../src/emulator/store/journal-io.js'
import { Store } from '../../../src/emulator/store/store.js'
import { FaultyIO, account, journalLines, openAsCrashingProcess, tmpDb } from './store-helpers.js'

const COMPACT_AT = 2048

describe('Store: compaction', () => {
  it('folds the journal into the db file off the request path once it grows, and loses nothing', async () => {
    const { db } = tmpDb()
    const store = await openAsCrashingProcess({ path: db, compactAtBytes: COMPACT_AT })
    const snapshot = vi.spyOn(store, 'snapshot')
    let written = 0
    for (let i = 0; i < 300; i++) {
      await store.tx((tx) => tx.put('accounts', account(i % 120, `Account ${i}`)))
      written++
      if (i % 50 === 0) await store.tx((tx) => tx.delete('accounts', account(i % 7).id))
    }
    await store.settle()
    expect(written).toBe(300)
    // Never a whole-store serialisation on the main thread while serving writes.
    expect(snapshot).not.toHaveBeenCalled()
    expect(existsSync(`${db}.journal.old`)).toBe(false)
    // Folds run one at a time and the journal keeps growing meanwhile: write (one at a time, letting
    // each fold finish) until the write that crosses the threshold rotates the journal once more.
    let extra = 0
    do {
      await store.tx((tx) => tx.put('accounts', account(1000 + extra)))
      await store.settle()
    } while (journalLines(db).length > 0 && ++extra < 100)
    expect(extra).toBeLessThan(COMPACT_AT / 50)
    expect(existsSync(`${db}.journal.old`)).toBe(false)
    snapshot.mockRestore()
    // Everything is in the db file on disk now, folded by the worker.
    expect(JSON.parse(readFileSync(db, 'utf8')).accounts).toEqual(
      expect.arrayContaining(store.snapshot().accounts as unknown[]),
    )
    expect((JSON.parse(readFileSync(db, 'utf8')).accounts as unknown[]).length).toBe(store.c.accounts.size)
    const expected = store.snapshot()

    // Crash (no close): the folded db file plus the current journal give back everything.
    const reopened = await Store.open({ path: db, compactAtBytes: COMPACT_AT })
    expect(reopened.snapshot()).toEqual(expected)
    await reopened.close()
    const closedAndReopened = await Store.open({ path: db })
    expect(closedAndReopened.snapshot()).toEqual(expected)
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
    let journalBytes = statSync(`${db}.journal`).size
    let rotatedAt: number | undefined
    for (let i = 0; rotatedAt === undefined && i < 1000; i++) {
      await store.tx((tx) => tx.put('accounts', account(i % 150, longName(1000 + i))))
      await store.settle()
      const now = statSync(`${db}.journal`).size
      if (now < journalBytes) rotatedAt = journalBytes
      journalBytes = now
    }
    // The journal as last seen before the write whose line (about 65 KB) crossed the threshold.
    expect(rotatedAt).toBeGreaterThan(2 * dbBytes - 70 * 1024)
    expect(rotatedAt).toBeLessThan(2 * dbBytes)
    await store.close()
  })

  it('starts the next fold as soon as one ends when the journal passed its threshold meanwhile, with no write to wait for', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let isHolding = true
    // The first fold stays under way, its journal not yet removed, until `release`.
    io.unlink = async (path) => {
      if (isHolding && path.endsWith('.journal.old')) await held
      return nodeJournalIO.unlink(path)
    }
    const store = await Store.open({ path: db, compactAtBytes: COMPACT_AT, io })
    let n = 0
    while (!existsSync(`${db}.journal.old`)) await store.tx((tx) => tx.put('accounts', account(n++)))
    while (statSync(`${db}.journal`).size < COMPACT_AT) await store.tx((tx) => tx.put('accounts', account(n++)))
    expect(journalLines(db).length).toBeGreaterThan(0)
    isHolding = false
    release()
    await store.settle()
    // No write since: the journal that passed the threshold while the first fold ran was folded too.
    expect([existsSync(`${db}.journal.old`), journalLines(db)]).toEqual([false, []])
    expect((JSON.parse(readFileSync(db, 'utf8')).accounts as unknown[]).length).toBe(n)
    await store.close()
  })

  it('keeps the rotated journal when a fold fails, retries later, and close still saves everything', async () => {
    const { db } = tmpDb()
    const logs: string[] = []
    const store = await Store.open({ path: db, compactAtBytes: COMPACT_AT, log: (line) => logs.push(line) })
    // The worker cannot read the snapshot: every fold fails until close writes a new one.
    unlinkSync(db)
    for (let i = 0; i < 60; i++) await store.tx((tx) => tx.put('accounts', account(i)))
    await store.settle()
    expect(
      logs.some(
        (line) =>
          line.startsWith(`compaction of ${db}.journal.old failed (`) &&
          line.endsWith('it stays on disk and is replayed at the next start'),
      ),
    ).toBe(true)
    expect(existsSync(`${db}.journal.old`)).toBe(true)
    const failures = logs.length
    for (let i = 60; i < 120; i++) await store.tx((tx) => tx.put('accounts', account(i)))
    await store.settle()
    expect(logs.length).toBeGreaterThan(failures) // tried again, not given up
    const expected = store.snapshot()
    await store.close()
    expect([existsSync(`${db}.journal.old`), existsSync(`${db}.journal`)]).toEqual([false, false])
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot()).toEqual(expected)
    expect(reopened.c.accounts.size).toBe(120)
    await reopened.close()
  })

  it('folds exactly what the rotated journal holds: a change applied in memory but not yet on disk stays out, and is gone when its write fails', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    io.appendDelayMs = 20
    const rename = io.rename
    // The disk starts refusing writes the moment the journal is moved aside.
    io.rename = async (from, to) => {
      await rename(from, to)
      if (to.endsWith('.journal.old')) io.failAppend = 'ENOSPC'
    }
    const store = await Store.open({ path: db, io, compactAtBytes: 1 })
    const written = store.tx((tx) => tx.put('accounts', account(1)))
    // Applied at once, queued behind the first write: in memory when the rotation takes the rows.
    const refused = store.tx((tx) => tx.put('accounts', account(2)))
    expect(store.c.accounts.size).toBe(2)
    const results = await Promise.allSettled([written, refused])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected'])
    await store.settle()
    expect(existsSync(`${db}.journal.old`)).toBe(false)
    expect(JSON.parse(readFileSync(db, 'utf8')).accounts).toEqual([account(1)])
    expect(store.snapshot().accounts).toEqual([account(1)])
    io.heal()
    await store.close()
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1)])
    await reopened.close()
  })
})
