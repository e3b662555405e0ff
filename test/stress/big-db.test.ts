import { spawnSync } from 'node:child_process'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT, ensureBuilt, startServe, tmpFolder } from '../e2e/serve-process.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * A store that grew large still starts with the default heap: a db past the default
 * --max-db-size (512 MiB), generated with the bench's dataset maker, loads in `store serve` with
 * Node's default heap; reads are answered, writes refused with 507.
 */

/** The key the bench's datasets hold (bench/lib/common.js). */
const BENCH_KEY = 'sk_live_BenchKeyFixedForTheBench00000001'
const PRODUCTS = 100_000
const ORDERS = 600_000
const DEFAULT_MAX_DB_BYTES = 512 * 1024 * 1024

const { dir, remove } = tmpFolder('store-big-db-')
afterAll(() => remove())

/** Peak resident memory of a process so far (Linux), in MiB. */
function peakRssMiB(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) / 1024 : undefined
  } catch {
    return undefined
  }
}

describe('a db past the default --max-db-size', () => {
  it(
    'starts with the default heap, answers reads and refuses writes with 507',
    async () => {
      ensureBuilt()
      const db = join(dir, 'store.json')
      const made = spawnSync(process.execPath, ['bench/make-dataset.js', String(PRODUCTS), db, String(ORDERS)], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=8192' },
      })
      expect(made.status, made.stderr).toBe(0)
      const bytes = statSync(db).size
      expect(bytes).toBeGreaterThan(DEFAULT_MAX_DB_BYTES)

      const started = performance.now()
      // NODE_OPTIONS emptied: the heap is Node's default, whatever the test runner was given.
      const server = await startServe(['--port', '0', '--db', db, '--quiet', '--seed', 'empty'], {
        env: { NODE_OPTIONS: '' },
        timeoutMs: 600_000,
      })
      const startMs = performance.now() - started
      try {
        const auth = { authorization: `Bearer ${BENCH_KEY}` }
        const read = await fetch(`${server.api}/orders?limit=5`, { headers: auth })
        expect(read.status).toBe(200)
        const write = await fetch(`${server.api}/products`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'One more', price: 1, type: 'Digital' }),
        })
        expect(write.status).toBe(507)
        expect(((await write.json()) as { error: string }).error).toMatch(
          /^the store is full: .* take [\d.]+ MiB, past --max-db-size 512\.0 MiB\. Writes are refused, reads go on/,
        )
        console.log(
          `big db: ${(bytes / 1024 ** 2).toFixed(0)} MiB (${PRODUCTS} products, ${ORDERS} orders) started in ${(startMs / 1000).toFixed(1)} s with the default heap; peak RSS ${peakRssMiB(server.pid)?.toFixed(0) ?? '?'} MiB`,
        )
      } finally {
        await server.stop()
      }
    },
    scaled(1_200_000),
  )
})
