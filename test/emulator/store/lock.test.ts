import { spawn } from 'node:child_process'
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Store } from '../../../src/emulator/store/store.js'
import { DEAD_PID, account, tmpDb } from './store-helpers.js'

describe('Store: lock', () => {
  it('writes <db>.lock with its pid and removes it on close', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    expect(readFileSync(`${db}.lock`, 'utf8')).toBe(String(process.pid))
    await store.close()
    expect(existsSync(`${db}.lock`)).toBe(false)
  })

  it('refuses a second open in the same process', async () => {
    const { db } = tmpDb()
    const store = await Store.open({ path: db })
    await expect(Store.open({ path: db })).rejects.toThrow(
      `db file ${db} is already open in this process (pid ${process.pid}); close the other store first.`,
    )
    await store.close()
  })

  it('refuses a db held by another running process, naming its pid and what to do', async () => {
    const { db } = tmpDb()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' })
    try {
      writeFileSync(`${db}.lock`, String(other.pid))
      const opening = Store.open({ path: db })
      await expect(opening).rejects.toMatchObject({ status: 409 })
      await expect(opening).rejects.toThrow(
        `db file ${db} is in use by another store serve (pid ${other.pid}). Stop that process first, or pass another --db. If no store serve is running (the pid was reused), delete ${db}.lock.`,
      )
      expect(readFileSync(`${db}.lock`, 'utf8')).toBe(String(other.pid))
      expect(existsSync(db)).toBe(false)
    } finally {
      other.kill()
    }
  })

  it('refuses a store of another (simulated) process holding the lock', async () => {
    const { db } = tmpDb()
    const first = await Store.open({ path: db })
    await expect(Store.open({ path: db, pid: DEAD_PID })).rejects.toThrow(`(pid ${process.pid})`)
    await first.close()
  })

  it.each([
    ['a process that exited', () => String(DEAD_PID)],
    ['an empty lock file', () => ''],
    ['garbage', () => 'not a pid'],
  ])('takes over a stale lock left by %s', async (_case, content) => {
    const { db } = tmpDb()
    const seeded = await Store.open({ path: db })
    await seeded.tx((tx) => tx.put('accounts', account(1)))
    await seeded.close()
    writeFileSync(`${db}.lock`, content())
    // Left by a crash a while ago: a lock without a pid just created is one being written.
    const anHourAgo = new Date(Date.now() - 3_600_000)
    utimesSync(`${db}.lock`, anHourAgo, anHourAgo)
    const store = await Store.open({ path: db })
    expect(readFileSync(`${db}.lock`, 'utf8')).toBe(String(process.pid))
    expect(store.collections.accounts.size).toBe(1)
    await store.close()
    expect(existsSync(`${db}.lock`)).toBe(false)
  })

  it('refuses a lock without a pid that was just created: another start is writing it', async () => {
    const { db } = tmpDb()
    writeFileSync(`${db}.lock`, '')
    await expect(Store.open({ path: db })).rejects.toThrow(
      `db file ${db} is being opened by another store serve (its lock ${db}.lock was just created). Stop that process first, or pass another --db.`,
    )
    expect(readFileSync(`${db}.lock`, 'utf8')).toBe('')
  })

  it('releases the lock when the open is refused', async () => {
    const { db } = tmpDb()
    writeFileSync(db, 'corrupt')
    await expect(Store.open({ path: db })).rejects.toThrow(/was refused/)
    expect(existsSync(`${db}.lock`)).toBe(false)
  })
})
