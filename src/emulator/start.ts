import type { Hono } from 'hono'
import { createApp, emulatorOf } from './app.js'
import { createEmulator } from './context.js'
import type { EmulatorDeps, EmulatorOptions, Clock, Random, Sleep, Log } from './deps.js'
import { Store } from './store/store.js'
import { ensureKey, initialiseDb, parseSeed, type SeedInput } from './store/seed.js'
import { applySeedFulfilment } from './seed-fulfilment.js'

export interface StartOptions {
  db: string
  /** Records for a new db, checked as the API checks its bodies (a seed file's content, or an object). */
  seed?: SeedInput
  apiKey?: string
  clock: Clock
  random: Random
  fetch: typeof fetch
  sleep: Sleep
  log: Log
  options?: EmulatorOptions
  compactAtBytes?: number
  io?: import('./store/journal-io.js').JournalIO
}

export interface StartedEmulator {
  app: Hono
  store: Store
  deps: EmulatorDeps
  /** Set when the db was created now without --api-key: the key to print once. */
  generatedKey?: string
  /** Stops webhook delivery (before closing the store); unsettled deliveries resume at the next start. */
  stopEvents(): void
}

/**
 * Opens (or creates and seeds) the store and builds the app. Shared by `store serve`, the tests
 * and the MSW handlers, so all three run the same emulator.
 */
export async function startEmulator(options: StartOptions): Promise<StartedEmulator> {
  const seed = options.seed === undefined ? undefined : parseSeed(options.seed, 'seed')
  let generatedKey: string | undefined
  const store = await Store.open({
    path: options.db,
    io: options.io,
    compactAtBytes: options.compactAtBytes,
    log: options.log,
    init: (tx, opened) => {
      const emu = createEmulator(bindDeps(opened, options))
      generatedKey = initialiseDb(emu, tx, {
        apiKey: options.apiKey,
        seed,
        applyFulfilment: (t, shop, id, setup) => applySeedFulfilment(emu, t, shop, id, setup),
      }).generatedKey
    },
  })
  const deps = bindDeps(store, options)
  restoreClock(store, deps)
  const app = createApp(deps)
  if (options.apiKey) {
    const emu = createEmulator(deps)
    await store.tx((tx) => ensureKey(emu, tx, options.apiKey!))
  }
  return { app, store, deps, generatedKey, stopEvents: () => emulatorOf(app).events.stop() }
}

function bindDeps(store: Store, options: StartOptions): EmulatorDeps {
  return {
    store,
    clock: options.clock,
    random: options.random,
    fetch: options.fetch,
    sleep: options.sleep,
    log: options.log,
    options: options.options ?? {},
  }
}

function restoreClock(store: Store, deps: EmulatorDeps): void {
  const offset = store.c.meta.get('meta')?.clockOffsetMs ?? 0
  if (offset) deps.clock.advance(offset / 1000)
}
