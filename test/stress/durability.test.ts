import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { E2E_KEY, call, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'

/**
 * Durability: `store serve` is killed with SIGKILL at random moments while it takes
 * concurrent writes, then restarted on the same db. Every write it acknowledged (2xx) must be
 * there, every acknowledged delete must stay done, and the store must load every time. A small
 * fold threshold makes journal rotations and worker folds happen all the time, so kills
 * also land in the middle of them.
 */

const ROUNDS = 15
const WORKERS = 12
const FOLD_AT_BYTES = '16384'

interface Product {
  id: string
  name: string
  price: number
}

/** Reproducible randomness for the kill moments: the seed is printed with any failure. */
function lcg(seed: number) {
  let state = seed >>> 0
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32
}

async function allProducts(server: ServeProcess): Promise<Map<string, Product>> {
  const found = new Map<string, Product>()
  let cursor: string | null = null
  do {
    const res = await call(server.api, `/products?limit=250${cursor ? `&cursor=${cursor}` : ''}`)
    expect(res.status).toBe(200)
    const page = (await res.json()) as { products: Product[]; nextCursor: string | null }
    for (const product of page.products) {
      expect(found.has(product.id), `product ${product.id} listed twice`).toBe(false)
      found.set(product.id, product)
    }
    cursor = page.nextCursor
  } while (cursor)
  return found
}

const { dir, remove } = tmpFolder('store-stress-')
let live: ServeProcess | undefined

beforeAll(() => ensureBuilt(), 120_000)
afterAll(async () => {
  await live?.stop('SIGKILL')
  remove()
})

describe('store serve under SIGKILL', () => {
  it(`keeps every acknowledged write across ${ROUNDS} kills at random moments`, async () => {
    const seed = Number(process.env.STRESS_SEED ?? Date.now() % 2 ** 31)
    const random = lcg(seed)
    const context = `(STRESS_SEED=${seed})`
    const db = join(dir, 'db.json')
    const start = async () => {
      live = await startServe(['--port', '0', '--db', db, '--api-key', E2E_KEY, '--seed', 'empty', '--quiet'], {
        env: { STORE_FOLD_AT_BYTES: FOLD_AT_BYTES },
      })
      return live
    }
    const created = new Map<string, Product>()
    const deleted = new Set<string>()
    /** Deletes that were sent but got no answer: either outcome is right. */
    const uncertain = new Set<string>()
    const deletable: string[] = []
    const check = async (server: ServeProcess) => {
      const present = await allProducts(server)
      for (const [id, product] of created) {
        if (uncertain.has(id)) continue
        if (deleted.has(id)) expect(present.has(id), `acknowledged delete of ${id} undone ${context}`).toBe(false)
        else expect(present.get(id), `acknowledged create of ${id} lost ${context}`).toEqual(product)
      }
      return present.size
    }

    const timeline: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const server = await start()
      await check(server)
      let isKilled = false
      const worker = async (w: number) => {
        for (let n = 0; !isKilled; n++) {
          // Every fourth write deletes a product acknowledged earlier (each claimed by one worker only).
          const deleting = n % 4 === 3 ? deletable.shift() : undefined
          try {
            if (deleting) {
              uncertain.add(deleting)
              const res = await call(server.api, `/products/${deleting}`, { method: 'DELETE' })
              if (res.status === 200) {
                deleted.add(deleting)
                uncertain.delete(deleting)
              }
            } else {
              const res = await call(server.api, '/products', {
                method: 'POST',
                json: {
                  name: `r${round} w${w} n${n} ${'x'.repeat(n % 40)}`,
                  price: n,
                  type: 'Digital',
                  status: 'Live',
                },
              })
              if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`)
              const product = (await res.json()) as Product
              created.set(product.id, product)
              deletable.push(product.id)
            }
          } catch (error) {
            if (isKilled) return
            throw error
          }
        }
      }
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w))
      const killAfterMs = 100 + Math.floor(random() * 600)
      await new Promise((resolve) => setTimeout(resolve, killAfterMs))
      isKilled = true
      server.child.kill('SIGKILL')
      const exit = await server.exited
      await Promise.all(workers)
      expect(exit.signal).toBe('SIGKILL')
      timeline.push(
        `round ${round}: killed after ${killAfterMs} ms, ${created.size} created, ${deleted.size} deleted so far`,
      )
    }

    // One more start must load it all; then a clean stop and start must too.
    const last = await start()
    const count = await check(last)
    // No clean stop so far: whatever the db file holds, the store folded in between kills.
    const folded = (JSON.parse(readFileSync(db, 'utf8')).products as unknown[]).length
    expect(folded, `no fold happened ${context}`).toBeGreaterThan(0)
    expect(await last.stop('SIGTERM'), context).toEqual({ code: 0, signal: null })
    const final = await start()
    expect(await check(final)).toBe(count)
    await final.stop('SIGTERM')
    console.log(
      `durability ${context}: ${ROUNDS} kills, ${created.size} acknowledged creates, ${deleted.size} acknowledged deletes, ${count} products at the end (${folded} folded into the db file before the clean stop)\n  ${timeline.join('\n  ')}`,
    )
    expect(created.size).toBeGreaterThan(ROUNDS * 10)
  })
})
