import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { nodeJournalIO, type JournalFile, type JournalIO } from '../../../src/emulator/store/journal.js'
import { Store, type StoreOptions } from '../../../src/emulator/store/store.js'
import type { AccountRecord } from '../../../src/contract/rows.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** A fresh folder for one test (removed after it) and a db path inside it. */
export function tmpDb(name = 'store.json'): { dir: string; db: string } {
  const dir = mkdtempSync(join(tmpdir(), 'store-test-'))
  folders.push(dir)
  return { dir, db: join(dir, name) }
}

/** The pid of a process that has already exited: a lock holding it is stale. */
export const DEAD_PID = (() => {
  const child = spawnSync(process.execPath, ['-e', '0'])
  return child.pid!
})()

/**
 * Opens a store as a process that will "crash": its lock carries a dead pid, so the next open
 * (with the real pid) takes it over, as after a SIGKILL. Drop the instance to "crash".
 */
export function openAsCrashingProcess(options: StoreOptions): Promise<Store> {
  return Store.open({ ...options, pid: DEAD_PID })
}

export const account = (n: number, name = `Account ${n}`): AccountRecord => ({
  id: `acct_${String(n).padStart(6, '0')}`,
  name,
  createdAt: '2026-01-01T00:00:00.000Z',
})

export function errno(code: string, message = code): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code })
}

/**
 * The real journal file operations, counted, with faults injected on demand:
 * `failAppend` writes half of the text then throws (a disk filling up mid-write),
 * `failSync` and `failTruncate` throw, `appendDelayMs` holds each append (to let writes pile up).
 */
export class FaultyIO implements JournalIO {
  appends: number[] = []
  syncs = 0
  failAppend?: string
  failSync?: string
  failTruncate?: string
  appendDelayMs = 0
  /** Files say their appends are durable when they return, so the writer calls no fsync. */
  isDurableOnAppend = false

  heal(): void {
    this.failAppend = this.failSync = this.failTruncate = undefined
  }

  async openForAppend(path: string): Promise<JournalFile> {
    const file = await nodeJournalIO.openForAppend(path)
    return {
      isDurableOnAppend: this.isDurableOnAppend,
      append: async (bytes) => {
        if (this.appendDelayMs) await new Promise((resolve) => setTimeout(resolve, this.appendDelayMs))
        if (this.failAppend) {
          await file.append(bytes.subarray(0, Math.floor(bytes.length / 2)))
          throw errno(this.failAppend, 'no space left on device')
        }
        await file.append(bytes)
        this.appends.push(bytes.length)
      },
      sync: async () => {
        if (this.failSync) throw errno(this.failSync, 'i/o error')
        this.syncs++
        await file.sync()
      },
      truncate: async (size) => {
        if (this.failTruncate) throw errno(this.failTruncate, 'i/o error')
        await file.truncate(size)
      },
      close: () => file.close(),
    }
  }
}

export const readText = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)

/** Bytes of a db's journal. */
export const journalBytes = (db: string): number => statSync(`${db}.journal`).size

/** A db's journal as text. */
export const journalText = (db: string) => readText(`${db}.journal`) ?? ''

/** The transactions in a db's journal, one line each (without the journal's header line). */
export const journalLines = (db: string) => journalText(db).split('\n').filter(Boolean).slice(1)
