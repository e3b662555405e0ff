import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { DataFile } from 'lowdb/node'
import type { RowsByCollection } from './account-rows.js'
import type { ShopRecord } from '../store/records.js'

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
  read(accountId: string, name: string): Promise<SavedState | undefined>
  write(accountId: string, state: SavedState): Promise<void>
  list(accountId: string): Promise<SavedStateInfo[]>
  /** Forgets every state of the account. */
  remove(accountId: string): Promise<void>
}

const json = {
  parse: (text: string) => JSON.parse(text) as SavedState,
  stringify: (s: SavedState) => JSON.stringify(s),
}

/**
 * One JSON file per state, `<db>.states/<account id>/<name>.json`, written whole through lowdb's
 * file adapter (a temporary file renamed over the old one), so a restart finds every state saved.
 */
export function savedStateFiles(dir: string): SavedStates {
  const fileOf = (accountId: string, name: string) => join(dir, accountId, `${name}.json`)
  return {
    read: async (accountId, name) =>
      (await new DataFile<SavedState>(fileOf(accountId, name), json).read()) ?? undefined,
    write: async (accountId, state) => {
      await mkdir(join(dir, accountId), { recursive: true })
      await new DataFile<SavedState>(fileOf(accountId, state.name), json).write(state)
    },
    list: async (accountId) => {
      const names = await readdir(join(dir, accountId)).catch(() => [] as string[])
      const out: SavedStateInfo[] = []
      for (const file of names.filter((n) => n.endsWith('.json')).sort()) {
        const info = await stat(join(dir, accountId, file)).catch(() => undefined)
        if (info)
          out.push({ name: file.slice(0, -'.json'.length), savedAt: info.mtime.toISOString(), bytes: info.size })
      }
      return out
    },
    remove: (accountId) => rm(join(dir, accountId), { recursive: true, force: true }),
  }
}

/** States of a `:memory:` db: gone with the process, as its data is. */
export function savedStatesInMemory(): SavedStates {
  const byAccount = new Map<string, Map<string, { state: SavedState; bytes: number }>>()
  return {
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
  }
}
