import { constants, existsSync, readFileSync, unlinkSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { StoreError } from '../../../src/contract/errors.js'
import { nodeJournalIO } from '../../../src/emulator/store/journal.js'
import { Store } from '../../../src/emulator/store/store.js'
import { testEmulator } from '../../helpers/emulator.js'
import { DEAD_PID, FaultyIO, account, journalLines, openAsCrashingProcess, tmpDb } from './store-helpers.js'
const PRODUCT = { name: 'Durable', price: 3, type: 'Digital', status: 'Live' } as const

describe('Store: persistence', () => {
  it('keeps every write across close and reopen, and leaves only the db file behind', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.tx((tx) => {
      tx.put('accounts', account(1))
      tx.put('accounts', account(2))
    })
    await store.tx((tx) => tx.put('accounts', account(1, 'Renamed')))
    await store.tx((tx) => tx.delete('accounts', account(2).id))
    const before = store.snapshot()
    await store.close()
    expect([existsSync(`${db}.journal`), existsSync(`${db}.journal.old`), existsSync(`${db}.lock`)]).toEqual([
      false,
      false,
      false,
    ])
    expect(JSON.parse(readFileSync(db, 'utf8')).accounts).toEqual([account(1, 'Renamed')])

    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot()).toEqual(before)
    await reopened.close()
  })

  it('replays the journal when the process died without closing', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    await crashed.tx((tx) => tx.put('accounts', account(1)))
    await crashed.tx((tx) => tx.put('accounts', account(2)))
    await crashed.tx((tx) => tx.put('accounts', account(1, 'Second version')))
    const before = crashed.snapshot()
    // Acknowledged means on disk: the journal holds one line per transaction, the snapshot none of them.
    expect(journalLines(db)).toHaveLength(3)
    expect(JSON.parse(readFileSync(db, 'utf8')).accounts).toEqual([])
    expect(readFileSync(`${db}.lock`, 'utf8')).toBe(String(DEAD_PID))

    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot()).toEqual(before)
    expect(readFileSync(`${db}.lock`, 'utf8')).toBe(String(process.pid))
    await reopened.close()
  })

  it('replays a transaction that puts, deletes and puts one row again to the row it ended with', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    await crashed.tx((tx) => {
      tx.put('accounts', account(1))
      tx.put('accounts', account(2))
      tx.put('accounts', account(1, 'Second'))
      tx.delete('accounts', account(2).id)
      tx.put('accounts', account(1, 'Third'))
      tx.put('accounts', account(2, 'Back'))
    })
    const before = crashed.snapshot()
    expect(journalLines(db)).toHaveLength(1)
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot()).toEqual(before)
    expect(reopened.collections.accounts.get(account(1).id)?.name).toBe('Third')
    expect(reopened.collections.accounts.get(account(2).id)?.name).toBe('Back')
    await reopened.close()
  })

  it('runs init only when it creates the db file', async () => {
    const { db } = tmpDb()
    let runs = 0
    const init = (tx: import('../../../src/emulator/store/store.js').Tx) => {
      runs++
      tx.put('accounts', account(1))
    }
    const first = await Store.open({ path: db, init })
    await first.close()
    const second = await Store.open({ path: db, init })
    expect(runs).toBe(1)
    expect(second.collections.accounts.size).toBe(1)
    await second.close()
  })

  it('refuses writes after close with a 503 that says to retry elsewhere', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await store.close()
    await expect(store.tx((tx) => tx.put('accounts', account(1)))).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/shutting down; retry/),
    })
    await store.close() // a second close is harmless
  })
})

describe('Store: through the API', () => {
  it('keeps a product created over HTTP across a clean restart', async () => {
    const { db } = tmpDb()
    const emu = await testEmulator({ db, seed: 'empty' })
    const created = await (await emu.request('/api/v1/products', { method: 'POST', json: PRODUCT })).json()
    await emu.store.close()
    const again = await testEmulator({ db, seed: 'empty' })
    const res = await again.request(`/api/v1/products/${created.productId}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual(created)
    await again.store.close()
  })

  it('replays a product created over HTTP after a crash (instance dropped, its lock released by hand)', async () => {
    const { db } = tmpDb()
    const crashed = await testEmulator({ db, seed: 'empty' })
    const created = await (await crashed.request('/api/v1/products', { method: 'POST', json: PRODUCT })).json()
    await crashed.store.settle()
    unlinkSync(`${db}.lock`)
    const again = await testEmulator({ db, seed: 'empty' })
    expect(await (await again.request(`/api/v1/products/${created.id}`)).json()).toEqual(created)
    await again.store.close()
  })
})

describe('Store: transactions', () => {
  it('applies a change at once, visible before it is on disk, and rolls back a change that throws', async () => {
    const store = await Store.open({ path: ':memory:' })
    await store.tx((tx) => tx.put('accounts', account(1)))
    await expect(
      store.tx((tx) => {
        tx.put('accounts', account(1, 'Changed'))
        tx.put('accounts', account(1, 'Changed again'))
        tx.put('accounts', account(2))
        tx.delete('accounts', account(1).id)
        throw new StoreError(409, 'refused')
      }),
    ).rejects.toThrow('refused')
    expect(store.snapshot().accounts).toEqual([account(1)])
  })

  it('refuses an async change function and a change made after the transaction ended', async () => {
    const store = await Store.open({ path: ':memory:' })
    let late: (() => void) | undefined
    await expect(
      store.tx(async (tx) => {
        tx.put('accounts', account(1))
        late = () => tx.put('accounts', account(2))
      }),
    ).rejects.toMatchObject({ status: 500, message: expect.stringMatching(/async function/) })
    expect(() => late!()).toThrow(/after its store.tx ended/)
    expect(store.collections.accounts.size).toBe(0)
  })

  it('refuses a row changed in place and put back (it could not be rolled back)', async () => {
    const store = await Store.open({ path: ':memory:' })
    await store.tx((tx) => tx.put('accounts', account(1)))
    const stored = store.collections.accounts.get(account(1).id)!
    await expect(store.tx((tx) => tx.put('accounts', stored))).rejects.toThrow(/changed in place/)
  })

  it('refuses a row the db file could not load back, at write time', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    const bad = { id: 'acct_bad', createdAt: '2026-01-01T00:00:00.000Z' } as unknown as ReturnType<typeof account>
    await expect(store.tx((tx) => tx.put('accounts', bad))).rejects.toMatchObject({
      status: 500,
      message: expect.stringMatching(/accounts row acct_bad does not fit the db schema \(name: /),
    })
    expect(store.collections.accounts.size).toBe(0)
    expect(journalLines(db)).toEqual([])
    await store.close()
  })
})

describe('Store: group commit', () => {
  it('shares one append and one fsync among the transactions queued while a write is in flight', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    io.appendDelayMs = 20
    const store = await Store.open({ path: db, io })
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.tx((tx) => tx.put('accounts', account(i)))))
    // The first transaction goes out alone; the 49 that queued behind it share the second fsync.
    expect(io.syncs).toBe(2)
    expect(io.appends).toHaveLength(2)
    expect(journalLines(db)).toHaveLength(50)
    await store.close()
    const reopened = await Store.open({ path: db })
    expect(reopened.collections.accounts.size).toBe(50)
    await reopened.close()
  })

  it('calls no fsync after an append that is durable when it returns (a file opened with O_DSYNC)', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    io.isDurableOnAppend = true
    io.appendDelayMs = 20
    const store = await Store.open({ path: db, io })
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.tx((tx) => tx.put('accounts', account(i)))))
    expect(io.appends).toHaveLength(2)
    expect(io.syncs).toBe(0)
    const before = store.snapshot()
    await store.close()
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot()).toEqual(before)
    await reopened.close()
  })

  it('opens the journal for durable appends where the system has O_DSYNC', async () => {
    const { db } = tmpDb()
    const file = await nodeJournalIO.openForAppend(db)
    expect(file.isDurableOnAppend).toBe(constants.O_DSYNC !== undefined)
    await file.close()
  })

  it('answers 20 concurrent API creates after fewer fsyncs than requests, each only once durable', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const emu = await testEmulator({ db, io, seed: 'empty' })
    io.appendDelayMs = 10
    const syncsBefore = io.syncs
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        emu.request('/api/v1/products', { method: 'POST', json: { ...PRODUCT, name: `P${i}` } }),
      ),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201))
    expect(io.syncs - syncsBefore).toBeLessThan(20)
    expect(journalLines(db).filter((line) => line.includes('"c":"products"'))).toHaveLength(20)
    await emu.store.close()
  })
})

describe('Store: disk errors', () => {
  it('answers 500 JSON when the disk refuses a write, leaves the store unchanged, and recovers once it works', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const emu = await testEmulator({ db, io, seed: 'empty' })
    const before = emu.store.snapshot()
    io.failAppend = 'ENOSPC'
    const failed = await emu.request('/api/v1/products', { method: 'POST', json: { ...PRODUCT, name: 'Lost' } })
    expect(failed.status).toBe(500)
    expect(failed.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await failed.json()).toEqual({
      error: `storage: the change could not be written to ${db}.journal (ENOSPC) and was not saved. Check disk space and permissions, then retry.`,
    })
    expect(emu.store.snapshot()).toEqual(before)
    expect((await (await emu.request('/api/v1/products')).json()).products).toEqual([])
    expect(emu.logs.some((line) => line.includes('rolled back and answered 500'))).toBe(true)

    io.heal()
    const ok = await emu.request('/api/v1/products', { method: 'POST', json: { ...PRODUCT, name: 'Kept' } })
    expect(ok.status).toBe(201)
    const kept = await ok.json()
    // The half line the failed append left was cut: the journal is whole and replays.
    expect(journalLines(db).every((line) => JSON.parse(line))).toBeTruthy()
    unlinkSync(`${db}.lock`)
    const again = await testEmulator({ db, seed: 'empty' })
    expect(
      (await (await again.request('/api/v1/products')).json()).products.map((p: { name: string }) => p.name),
    ).toEqual(['Kept'])
    expect(kept.name).toBe('Kept')
    await again.store.close()
  })

  it.each([
    ['the append fails midway', (io: FaultyIO) => (io.failAppend = 'ENOSPC')],
    ['the fsync fails', (io: FaultyIO) => (io.failSync = 'EIO')],
  ])('rolls back, newest first, every later transaction not yet on disk when %s', async (_case, breakDisk) => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const store = await Store.open({ path: db, io })
    await store.tx((tx) => tx.put('accounts', account(1, 'v1')))
    const before = store.snapshot()
    io.appendDelayMs = 20
    breakDisk(io)
    const id = account(1).id
    const first = store.tx((tx) => tx.put('accounts', account(1, 'v2')))
    const second = store.tx((tx) =>
      tx.put('accounts', {
        ...store.collections.accounts.get(id)!,
        name: `${store.collections.accounts.get(id)!.name}+v3`,
      }),
    )
    const third = store.tx((tx) => tx.put('accounts', account(2)))
    expect(store.collections.accounts.get(id)!.name).toBe('v2+v3')
    const results = await Promise.allSettled([first, second, third])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected'])
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ status: 500 })
    expect(store.snapshot()).toEqual(before)

    io.heal()
    await store.tx((tx) => tx.put('accounts', account(3)))
    await store.close()
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1, 'v1'), account(3)])
    await reopened.close()
  })

  it('keeps refusing writes while the journal cannot be repaired, and never leaves a half line before a good one', async () => {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const store = await openAsCrashingProcess({ path: db, io })
    await store.tx((tx) => tx.put('accounts', account(1)))
    io.failAppend = 'ENOSPC'
    io.failTruncate = 'EIO'
    await expect(store.tx((tx) => tx.put('accounts', account(2)))).rejects.toMatchObject({ status: 500 })
    io.failAppend = undefined
    // The append would work now, but the half line cannot be cut yet: refused rather than written after garbage.
    await expect(store.tx((tx) => tx.put('accounts', account(3)))).rejects.toMatchObject({
      status: 500,
      message: expect.stringMatching(/EIO/),
    })
    io.heal()
    await store.tx((tx) => tx.put('accounts', account(4)))
    expect(journalLines(db).map((line) => JSON.parse(line).ops[0].put.id)).toEqual([account(1).id, account(4).id])
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot().accounts).toEqual([account(1), account(4)])
    await reopened.close()
  })
})

describe('Store: commit-wait', () => {
  /** A store whose appends take a while, so a write stays in memory and off disk long enough to look at. */
  async function slowDisk() {
    const { db } = tmpDb()
    const io = new FaultyIO()
    const store = await Store.open({ path: db, io })
    await store.tx((tx) => tx.put('accounts', account(1)))
    io.appendDelayMs = 20
    return { db, io, store }
  }

  it('lets a transaction that writes nothing resolve only once every change applied before it is on disk', async () => {
    const { db, store } = await slowDisk()
    const write = store.tx((tx) => tx.put('accounts', account(2)))
    const readsIt = store.tx(() => store.collections.accounts.get(account(2).id)?.name)
    const onDisk = () => journalLines(db).some((line) => line.includes(account(2).id))
    expect(onDisk()).toBe(false)
    expect(await readsIt).toBe('Account 2')
    expect(onDisk()).toBe(true)
    await write
    // At rest, a read resolves without waiting for the disk.
    expect(store.isVisible(store.mark())).toBe(true)
    await store.close()
  })

  it('rejects a transaction that writes nothing with the storage error when the change it read is rolled back', async () => {
    const { io, store } = await slowDisk()
    io.failAppend = 'ENOSPC'
    const write = store.tx((tx) => tx.put('accounts', account(2)))
    const read = store.tx(() => store.collections.accounts.get(account(2).id))
    const results = await Promise.allSettled([write, read])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      status: 500,
      message: expect.stringMatching(/^storage: the change could not be written to .+ \(ENOSPC\) and was not saved/),
    })
    io.heal()
    await store.close()
  })

  it('says a read can be shown at rest, and waits while a change applied to memory is not on disk', async () => {
    const { db, store } = await slowDisk()
    expect(store.isVisible(store.mark())).toBe(true)
    const write = store.tx((tx) => tx.put('accounts', account(2)))
    const mark = store.mark()
    expect(store.collections.accounts.get(account(2).id)).toBeDefined()
    expect(store.isVisible(mark)).toBe(false)
    await store.whenVisible(mark)
    expect(journalLines(db).at(-1)).toContain(account(2).id)
    expect(store.isVisible(mark)).toBe(true)
    await write
    await store.close()
  })

  it('rejects whenVisible with the storage error once a write the reader may have seen was rolled back', async () => {
    const { io, store } = await slowDisk()
    io.failAppend = 'EIO'
    const write = store.tx((tx) => tx.put('accounts', account(2)))
    const mark = store.mark()
    expect(store.collections.accounts.size).toBe(2)
    await expect(write).rejects.toMatchObject({ status: 500 })
    expect(store.isVisible(mark)).toBe(false)
    await expect(store.whenVisible(mark)).rejects.toMatchObject({
      status: 500,
      message: expect.stringMatching(/^storage: .+ \(EIO\)/),
    })
    // A reader that starts after the rollback sees only durable rows.
    expect(store.isVisible(store.mark())).toBe(true)
    io.heal()
    await store.close()
  })
})
