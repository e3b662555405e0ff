import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import type { EmulatorOptions } from '../../src/emulator/deps.js'
import { startEmulator } from '../../src/emulator/start.js'
import { loadSeedFile } from '../../src/contract/seed-file.js'
import { DEMO_SEED_PATH, TEST_KEY, fixedClock, seededRandom } from './emulator.js'

export interface ServedOptions {
  options?: EmulatorOptions
  /** What waiting does; by default real time. */
  sleep?: (ms: number) => Promise<void>
}

/**
 * The emulator with the demo shop on 127.0.0.1, a free port, over real HTTP (answers are not
 * checked against the OpenAPI documents: chosen failures answer statuses no route lists).
 */
export async function servedEmulator(o: ServedOptions = {}) {
  const logs: string[] = []
  const clock = fixedClock()
  const started = await startEmulator({
    db: ':memory:',
    seed: loadSeedFile(DEMO_SEED_PATH),
    apiKey: TEST_KEY,
    clock,
    random: seededRandom('served'),
    fetch: globalThis.fetch,
    sleep: o.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    log: (line) => logs.push(line),
    options: o.options ?? {},
  })
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: started.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  /** A request with the test key (unless `key` says otherwise) and `json` as a JSON body. */
  const request = (path: string, init: RequestInit & { json?: unknown; key?: string } = {}) => {
    const headers = new Headers(init.headers)
    headers.set('authorization', `Bearer ${init.key ?? TEST_KEY}`)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    return fetch(`${origin}${path}`, { ...init, headers, body })
  }
  return {
    ...started,
    clock,
    logs,
    origin,
    baseUrl: `${origin}/api/v1`,
    request,
    close: async () => {
      ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await started.stop()
    },
  }
}
