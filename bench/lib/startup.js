// Start-up from a seed file and from an existing db, for `store serve` and for the floor and
// json-server on the same data: each started, timed from spawn to its banner, and stopped, one
// at a time, a few times over (the median counts; every run is kept in the results).
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DATA_DIR, datasetName, median, seededRandom } from './common.js'
import { startServer, stopServer } from './servers.js'

/**
 * The products of a dataset as a seed file (`{ "products": [...] }`, records in the API's shape),
 * written beside the dataset once and again whenever the dataset is newer. `shuffled`: the same
 * rows in no particular order of their `createdAt`, as `store pull` and exports write them.
 */
export function ensureSeedFile(dataset, products, { shuffled = false } = {}) {
  const seed = join(DATA_DIR, `${datasetName(products)}${shuffled ? '.shuffled' : ''}.seed.json`)
  if (existsSync(seed) && statSync(seed).mtimeMs >= statSync(dataset.file).mtimeMs) return seed
  const db = JSON.parse(readFileSync(dataset.file, 'utf8'))
  const rows = db.products.map(({ shopId: _shopId, ...product }) => product)
  if (shuffled) {
    const random = seededRandom(`store-bench:shuffled:${products}`)
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random.next() * (i + 1))
      ;[rows[i], rows[j]] = [rows[j], rows[i]]
    }
  }
  writeFileSync(seed, `${JSON.stringify({ products: rows })}\n`)
  return seed
}

/** What is started, from what: `store serve` on a new db from the seed, then again on the db that made. */
const WAYS = [
  { id: 'storeSeed', kind: 'file', label: 'store serve --seed FILE (new db)' },
  { id: 'storeSeedShuffled', kind: 'file', label: 'store serve --seed FILE, rows in no order of createdAt' },
  { id: 'storeDb', kind: 'file', label: 'store serve --db (existing db)' },
  { id: 'floorSeed', kind: 'floor', label: 'floor, seed checked', check: true },
  { id: 'floorTrusted', kind: 'floor', label: 'floor, file trusted' },
  { id: 'jsonServer', kind: 'jsonServer', label: 'json-server 1' },
]

export async function benchStartup({ datasets, runs, pin, flags, log }) {
  const out = []
  for (const dataset of datasets) {
    const seed = ensureSeedFile(dataset, dataset.size)
    const shuffledSeed = ensureSeedFile(dataset, dataset.size, { shuffled: true })
    const times = Object.fromEntries(WAYS.map((way) => [way.id, []]))
    const cpu = Object.fromEntries(WAYS.map((way) => [way.id, []]))
    const notes = []
    for (let run = 0; run < runs; run++) {
      log(`bench:   start-up at ${dataset.size} products, run ${run + 1} of ${runs}`)
      let made
      for (const way of WAYS) {
        const options =
          way.id === 'storeSeed'
            ? { seed }
            : way.id === 'storeSeedShuffled'
              ? { seed: shuffledSeed }
              : way.id === 'storeDb'
                ? { db: join(made, 'store.json') }
                : { file: seed, check: way.check }
        const server = await startServer(way.kind, { ...options, pin, flags, name: `startup-${way.id}` })
        times[way.id].push(server.startupMs)
        cpu[way.id].push(server.startupCpuMs)
        const stopped = await stopServer(server, { keepFolder: way.id === 'storeSeed' })
        if (stopped.exit.code !== 0) notes.push(`${way.label}: exited ${stopped.exit.signal ?? stopped.exit.code}`)
        if (way.id === 'storeSeed') made = server.folder
      }
      if (made) rmSync(made, { recursive: true, force: true })
    }
    out.push({
      products: dataset.size,
      seedBytes: statSync(seed).size,
      ways: WAYS.map((way) => ({
        id: way.id,
        label: way.label,
        medianMs: median(times[way.id]),
        runsMs: times[way.id],
        cpuMedianMs: median(cpu[way.id]),
      })),
      notes,
    })
  }
  return out
}
