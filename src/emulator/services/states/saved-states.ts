import { mkdir, readdir, rm, stat, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { StoreError } from '../../../contract/errors.js'
import { writeAll, writeFileDurably } from '../../files.js'
import { type SavedState, readStateFile, writeStateFile } from './state-file.js'

export interface SavedStateInfo {
  name: string
  savedAt: string
  bytes: number
}

/** Where saved states are kept: files beside the db, or memory for a `:memory:` db. */
export type SavedStates = ReturnType<typeof savedStateFiles>

/** One file per state, `<db>.states/<account id>/<name>.json`, written durably; only their sizes stay in memory. */
export function savedStateFiles(dir: string) {
  const sizes = new Map<string, number>()
  let total = 0
  const setSize = (file: string, bytes: number) => {
    total += bytes - (sizes.get(file) ?? 0)
    if (bytes) sizes.set(file, bytes)
    else sizes.delete(file)
  }
  const fileOf = (accountId: string, name: string) => join(dir, accountId, `${name}.json`)
  return {
    /** Finds what earlier runs saved (and removes what a crash left half written). */
    async open() {
      for (const account of await readdir(dir).catch(() => [] as string[])) {
        for (const name of await readdir(join(dir, account)).catch(() => [] as string[])) {
          const file = join(dir, account, name)
          if (name.endsWith('.tmp')) await unlink(file).catch(() => undefined)
          else if (name.endsWith('.json')) setSize(file, (await stat(file)).size)
        }
      }
    },
    async read(accountId: string, name: string): Promise<SavedState | undefined> {
      const file = fileOf(accountId, name)
      let state: SavedState | string
      try {
        state = await readStateFile(file)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
      if (typeof state !== 'string') return state
      throw new StoreError(
        409,
        `saved state "${name}" cannot be read (${state}): its file ${file} is damaged. Save the state again (POST /_emulator/state/save), or delete the file.`,
      )
    },
    async write(accountId: string, state: SavedState) {
      await mkdir(join(dir, accountId), { recursive: true })
      const file = fileOf(accountId, state.name)
      const bytes = await writeFileDurably(file, (handle) => writeStateFile(state, (chunk) => writeAll(handle, chunk)))
      setSize(file, bytes)
      return bytes
    },
    async list(accountId: string) {
      const names = await readdir(join(dir, accountId)).catch(() => [] as string[])
      const out: SavedStateInfo[] = []
      for (const file of names.filter((n) => n.endsWith('.json')).sort()) {
        const info = await stat(join(dir, accountId, file)).catch(() => undefined)
        if (info)
          out.push({ name: file.slice(0, -'.json'.length), savedAt: info.mtime.toISOString(), bytes: info.size })
      }
      return out
    },
    async remove(accountId: string) {
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
    async write(accountId: string, state: SavedState) {
      let states = byAccount.get(accountId)
      if (!states) byAccount.set(accountId, (states = new Map()))
      const bytes = await writeStateFile(state, async () => undefined)
      states.set(state.name, { state, bytes })
      return bytes
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
