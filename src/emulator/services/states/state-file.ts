import { readFile } from 'node:fs/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Row } from '../../store/collection.js'
import type { CollectionName } from '../../store/collections.js'
import { forEachLine } from '../../files.js'
import { ROW_SCHEMAS, type ShopRecord } from '../../../contract/rows.js'
import { checkRow } from '../../store/tx.js'
import { countRows, type RowsByCollection } from './account-rows.js'
import { eachInSteps } from './steps.js'

/**
 * A saved state file (docs/testing.md, "Saved states"): a header, then each collection as a line
 * naming it and how many rows follow, one row per line, and the count of all rows to close it. A
 * state of any size is written and read a step at a time, and a file cut short is found. Files of
 * version 1 (one JSON object, written by earlier versions) are still read, in one piece.
 */
export interface SavedState {
  name: string
  savedAt: string
  clockOffsetMs: number
  shops: ShopRecord[]
  rows: RowsByCollection
}

const VERSION = 2
const CHUNK_BYTES = 1024 * 1024

/** The collections a saved state keeps rows of: every one but the emulator's own, the accounts and their keys. */
const SAVED_COLLECTIONS = new Set(
  Object.keys(ROW_SCHEMAS).filter((name) => name !== 'meta' && name !== 'accounts' && name !== 'keys'),
)

/** Hands the state's lines to `write` about a megabyte at a time, a turn of the event loop after each. */
export async function writeStateFile(state: SavedState, write: (chunk: Buffer) => Promise<void>): Promise<number> {
  const { name, savedAt, clockOffsetMs } = state
  let chunk = `${JSON.stringify({ version: VERSION, name, savedAt, clockOffsetMs })}\n`
  let bytes = 0
  const flush = async () => {
    const buffer = Buffer.from(chunk)
    chunk = ''
    bytes += buffer.length
    await write(buffer)
    await nextTurn()
  }
  const collections: [string, readonly Row[]][] = [['shops', state.shops], ...Object.entries(state.rows)]
  for (const [collection, rows] of collections) {
    chunk += `${JSON.stringify({ collection, rows: rows.length })}\n`
    for (const row of rows) {
      chunk += `${JSON.stringify(row)}\n`
      if (chunk.length >= CHUNK_BYTES) await flush()
    }
  }
  chunk += `{"rows":${state.shops.length + countRows(state.rows)}}\n`
  await flush()
  return bytes
}

/** The state a file holds, read a line at a time, every row checked against the db schema; else what is wrong with it. */
export async function readStateFile(file: string): Promise<SavedState | string> {
  let state: SavedState | undefined
  let problem: string | undefined
  /** The collection whose rows come next, and how many of them are still to come. */
  let section: { collection: string; left: number } | undefined
  let closedWith: number | undefined
  let lines = 0
  const read = await forEachLine(file, (line) => {
    if (problem !== undefined) return
    lines++
    let entry: Record<string, unknown>
    try {
      entry = JSON.parse(line)
    } catch {
      problem = `line ${lines} is not JSON`
      return
    }
    if (!state) {
      problem = entry?.version === VERSION ? headerProblem(entry) : 'it does not begin with a header line'
      if (problem === undefined) state = emptyStateOf(entry)
    } else if (closedWith !== undefined) problem = `line ${lines} follows the closing line`
    else if (section && section.left > 0) {
      section.left--
      const wrong = addRow(state, section.collection, entry)
      if (wrong) problem = `line ${lines}: ${wrong}`
    } else if (typeof entry?.collection === 'string' && Number.isSafeInteger(entry.rows)) {
      section = { collection: entry.collection, left: entry.rows as number }
      if (!SAVED_COLLECTIONS.has(section.collection))
        problem = `line ${lines}: a saved state does not keep rows of ${JSON.stringify(section.collection)}`
    } else if (Number.isSafeInteger(entry?.rows)) closedWith = entry.rows as number
    else problem = `line ${lines} is neither a row, a collection nor the closing line`
  })
  if (!state && lines <= 1) return readVersion1(file)
  if (problem !== undefined) return problem
  if (!state || closedWith === undefined || read.torn > 0) return 'it was cut short'
  const count = state.shops.length + countRows(state.rows)
  if (closedWith !== count) return `it holds ${count} rows, not the ${closedWith} its last line says`
  return state
}

/** A state of the header's name, time and clock, its rows still to be added (`headerProblem` found none). */
function emptyStateOf(header: Record<string, unknown>): SavedState {
  const { name, savedAt, clockOffsetMs } = header as Pick<SavedState, 'name' | 'savedAt' | 'clockOffsetMs'>
  return { name, savedAt, clockOffsetMs, shops: [], rows: {} }
}

function headerProblem(header: Record<string, unknown>): string | undefined {
  for (const field of ['name', 'savedAt'] as const)
    if (typeof header[field] !== 'string') return `"${field}" is not a string`
  if (typeof header.clockOffsetMs !== 'number') return '"clockOffsetMs" is not a number'
  return undefined
}

/** Adds a row of `collection` to `state`; what is wrong with it otherwise. */
function addRow(state: SavedState, collection: string, row: unknown): string | undefined {
  if (!SAVED_COLLECTIONS.has(collection)) return `a saved state does not keep rows of ${JSON.stringify(collection)}`
  const problem = checkRow(collection as CollectionName, row)
  if (problem) return `${collection} row ${problem}`
  if (collection === 'shops') state.shops.push(row as ShopRecord)
  else (state.rows[collection as CollectionName] ??= []).push(row as Row)
  return undefined
}

/** A file of version 1: one JSON object, parsed whole, then its rows checked a step at a time. */
async function readVersion1(file: string): Promise<SavedState | string> {
  let s: Record<string, unknown>
  try {
    s = JSON.parse(await readFile(file, 'utf8'))
  } catch {
    return 'it is not JSON'
  }
  if (s?.version !== 1) return 'it does not begin with a header line'
  const problem = headerProblem(s)
  if (problem) return problem
  if (!Array.isArray(s.shops)) return '"shops" is not a list of records'
  if (s.rows === null || typeof s.rows !== 'object' || Array.isArray(s.rows)) return '"rows" is not an object'
  const state = emptyStateOf(s)
  const entries: [string, unknown][] = [
    ...s.shops.map((row): [string, unknown] => ['shops', row]),
    ...Object.entries(s.rows).flatMap(([c, rows]): [string, unknown][] =>
      Array.isArray(rows) ? rows.map((row) => [c, row]) : [[c, undefined]],
    ),
  ]
  let found: string | undefined
  await eachInSteps(entries, ([collection, row]) => {
    found ??= addRow(state, collection, row)
  })
  return found ?? state
}
