#!/usr/bin/env node
// The emulator without its disk, for the bench: the same app (`startEmulator` with
// `db: ':memory:'`, so no journal, no fsync, no db file) holding the rows of a dataset, served by
// @hono/node-server exactly as `store serve` serves it. Beside `store serve` it tells what
// durability costs; beside the hono + zod floor (floor-hono.js), what the app itself costs.
// Prints the same `API` line as `store serve`, so the bench starts both alike.
//
//   node bench/memory-server.js <dataset.json> [--port 0] [--api-key KEY]
import { randomFillSync } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { BENCH_KEY, DIST } from './lib/common.js'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : fallback
}
const dataset = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--')))
if (!dataset) {
  process.stderr.write('usage: node bench/memory-server.js <dataset.json> [--port 0] [--api-key KEY]\n')
  process.exit(2)
}

const [{ startEmulator }, { offsetClock }] = await Promise.all([
  import(DIST('emulator/start.js')),
  import(DIST('emulator/deps.js')),
])
const apiKey = option('--api-key', BENCH_KEY)
const started = await startEmulator({
  db: ':memory:',
  seed: undefined,
  apiKey,
  clock: offsetClock(() => Date.now()),
  // The same randomness as store serve's.
  random: { bytes: (n) => randomFillSync(new Uint8Array(n)) },
  fetch: (...a) => fetch(...a),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  log: (line) => process.stderr.write(`${line}\n`),
  options: { logRequests: false },
})

// Replace what the in-memory init made (its own account, shop, key, theme) by the dataset's rows.
const { store } = started
for (const collection of Object.values(store.collections)) {
  for (const key of [...collection.values()].map((row) => collection.keyOf(row))) collection.delete(key)
}
const data = JSON.parse(readFileSync(dataset, 'utf8'))
for (const [name, rows] of Object.entries(data)) {
  // The db file's version and position (and the checksum earlier versions wrote) are not collections.
  if (!Array.isArray(rows)) continue
  const collection = store.collections[name]
  if (!collection) throw new Error(`${dataset}: unknown collection ${name}`)
  for (const row of rows) collection.set(row)
}

const server = serve(
  { fetch: started.app.fetch, port: Number(option('--port', '0')), hostname: '127.0.0.1' },
  (info) => {
    process.stdout.write(`bench: emulator on :memory:\n  API         http://127.0.0.1:${info.port}/api/v1\n`)
  },
)
const stop = () => {
  server.closeAllConnections?.()
  server.close(() => process.exit(0))
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
