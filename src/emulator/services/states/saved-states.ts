import { mkdir, readFile, readdir, rm, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { StoreError } from '../../../spec/errors.js'
import { writeFileDurably } from '../../store/journal-io.js'
import { ROW_SCHEMAS, type ShopRecord } from '../../store/records.js'
import type { RowsByCollection } from './account-rows.js'

/** A saved state of one account: its shops and every row of them but the logs, and its clock. */
export interface SavedState {
  version: 1
  name: string
  savedAt: string
  clockOffsetMs: number
  shops: ShopRecord[]
  rows: RowsByCollection
}

export interface SavedStateInfo {
  name: string
  savedAt: string
  bytes: number
}

/** Where saved states are kept: files beside the db, or memory for a `:memory:` db. */
export interface SavedStates {
  /** Finds what earlier runs saved (and removes what a crash left half written). */
  open(): Promise<void>
  read(accountId: string, name: string): Promise<SavedState | undefined>
  write(accountId: string, state: SavedState): Promise<void>
  list(accountId: string): Promise<SavedStateInfo[]>
  /** Forgets every state of the account. */
  remove(accountId: string): Promise<void>
  /** Bytes every saved state takes. */
  readonly bytes: number
}

/** What is wrong with the shape of a state read from a file (a restore would trip on it); undefined when it has the shape a save writes. */
function problemOf(state: unknown): string | undefined {
  if (state === null || typeof state !== 'object' || Array.isArray(state)) return 'it does not hold a JSON object'
  const s = state as Record<string, unknown>
  if (s.version !== 1) return `"version" is ${JSON.stringify(s.version)}, expected 1`
  for (const field of ['name', 'savedAt'] as const)
    if (typeof s[field] !== 'string') return `"${field}" is not a string`
  if (typeof s.clockOffsetMs !== 'number') return '"clockOffsetMs" is not a number'
  if (!Array.isArray(s.shops) || !s.shops.every(isRow)) return '"shops" is not a list of records'
  if (s.rows === null || typeof s.rows !== 'object' || Array.isArray(s.rows)) return '"rows" is not an object'
  for (const [collection, rows] of Object.entries(s.rows)) {
    if (!SAVED_COLLECTIONS.has(collection)) return `"rows" holds "${collection}", which a saved state does not keep`
    if (!Array.isArray(rows) || !rows.every(isRow)) return `"rows.${collection}" is not a list of records`
  }
  return undefined
}

/** The collections a saved state keeps rows of: every one but the emulator's own, the accounts and their keys. */
const SAVED_COLLECTIONS = new Set(
  Object.keys(ROW_SCHEMAS).filter((name) => name !== 'meta' && name !== 'accounts' && name !== 'keys'),
)

const isRow = (row: unknown): boolean => row !== null && typeof row === 'object' && !Array.isArray(row)

/**
 * One JSON file per state, `<db>.states/<account id>/<name>.json`, written durably (a temporary
 * file, fsynced, renamed over the old one): a restart finds every state saved. Nothing of them is
 * kept in memory but their sizes, which count against `--max-db-size`.
 */
export function savedStateFiles(dir: string): SavedStates {
  const sizes = new Map<string, number>()
  let total = 0
  const setSize = (file: string, bytes: number) => {
    total += bytes - (sizes.get(file) ?? 0)
    if (bytes) sizes.set(file, bytes)
    else sizes.delete(file)
  }
  const fileOf = (accountId: string, name: string) => join(dir, accountId, `${name}.json`)
  return {
    async open() {
      for (const account of await readdir(dir).catch(() => [] as string[])) {
        for (const name of await readdir(join(dir, account)).catch(() => [] as string[])) {
          const file = join(dir, account, name)
          if (name.endsWith('.tmp')) await unlink(file).catch(() => undefined)
          else if (name.endsWith('.json')) setSize(file, (await stat(file)).size)
        }
      }
    },
    async read(accountId, name) {
      const file = fileOf(accountId, name)
      let text: string
      try {
        text = await readFile(file, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
      try {
        const state: unknown = JSON.parse(text)
        if (!problemOf(state)) return state as SavedState
      } catch {
        // Answered below.
      }
      throw new StoreError(
        409,
        `saved state "${name}" cannot be read: its file ${file} is damaged. Save the state again (POST /_emulator/state/save), or delete the file.`,
      )
    },
    async write(accountId, state) {
      await mkdir(join(dir, accountId), { recursive: true })
      const text = JSON.stringify(state)
      const file = fileOf(accountId, state.name)
      await writeFileDurably(file, text)
      setSize(file, Buffer.byteLength(text))
    },
    async list(accountId) {
      const names = await readdir(join(dir, accountId)).catch(() => [] as string[])
      const out: SavedStateInfo[] = []
      for (const file of names.filter((n) => n.endsWith('.json')).sort()) {
        const info = await stat(join(dir, accountId, file)).catch(() => undefined)
        if (info)
          out.push({ name: file.slice(0, -'.json'.length), savedAt: info.mtime.toISOString(), bytes: info.size })
      }
      return out
    },
    async remove(accountId) {
      await rm(join(dir, accountId), { recursive: true, force: true })
      for (const file of [...sizes.keys()]) if (file.startsWith(join(dir, accountId, '/'))) setSize(file, 0)
    },
    get bytes() {
      return total
    },
  }
}

/** States of a `:memory:` db: gone with the process, as its data is. */
export function savedStatesInMemory(): SavedStates {
  const byAccount = new Map<string, Map<string, { state: SavedState; bytes: number }>>()
  return {
    open: async () => undefined,
    read: async (accountId, name) => byAccount.get(accountId)?.get(name)?.state,
    write: async (accountId, state) => {
      let states = byAccount.get(accountId)
      if (!states) byAccount.set(accountId, (states = new Map()))
      states.set(state.name, { state, bytes: JSON.stringify(state).length })
    },
    list: async (accountId) =>
      [...(byAccount.get(accountId)?.values() ?? [])]
        .map(({ state, bytes }) => ({ name: state.name, savedAt: state.savedAt, bytes }))
        .sort((a, b) => (a.name < b.name ? -1 : 1)),
    remove: async (accountId) => {
      byAccount.delete(accountId)
    },
    bytes: 0,
  }
}
