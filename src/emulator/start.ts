import type { Hono } from 'hono'
import { createApp } from './app.js'
import type { EmulatorDeps, EmulatorOptions } from './deps.js'
import { createServices, type Services } from './services/index.js'
import { Store } from './store/store.js'
import { parseSeed, type SeedInput } from '../contract/seed-file.js'

export interface StartOptions extends Omit<EmulatorDeps, 'store' | 'options'> {
  db: string
  /** Records for a new db, checked as the API checks its bodies (a seed file's content, or an object). */
  seed?: SeedInput
  /** A new db's key; on a db made earlier it must be one of its keys (refused with 409 otherwise). */
  apiKey?: string
  options?: EmulatorOptions
  foldAtBytes?: number
  io?: import('./store/journal.js').JournalIO
}

export interface StartedEmulator {
  app: Hono
  /** What the app's routes call: every resource's rules and transactions. */
  services: Services
  store: Store
  deps: EmulatorDeps
  /** Set when the db was created now without --api-key: the key to print once. */
  generatedKey?: string
  /** Stops webhook delivery, then flushes and closes the store; unsettled deliveries resume at the next start. */
  stop(): Promise<void>
}

/**
 * The composition root of the emulator, shared by `store serve`, the tests and the MSW handlers so
 * all three run the same emulator: opens (or creates and seeds) the store, builds the services
 * over it once, connects the event bus to the store's commits, builds the app, then resumes the
 * webhook deliveries a previous run left unsettled.
 */
export async function startEmulator(options: StartOptions): Promise<StartedEmulator> {
  const seed = options.seed === undefined ? undefined : parseSeed(options.seed, 'seed')
  let made: EmulatorDeps | undefined
  let services: Services | undefined
  let generatedKey: string | undefined
  let isNew = false
  const store = await Store.open({
    path: options.db,
    io: options.io,
    foldAtBytes: options.foldAtBytes,
    log: options.log,
    init: (tx, opened) => {
      isNew = true
      made = depsOf(opened, options)
      services = createServices(made)
      generatedKey = services.seeding.fillNewDb(tx, { apiKey: options.apiKey, seed })
    },
  })
  const deps = made ?? depsOf(store, options)
  const built = services ?? createServices(deps)
  if (options.apiKey && !isNew) {
    try {
      built.seeding.checkKey(options.apiKey)
    } catch (error) {
      await store.close()
      throw error
    }
  }
  await built.clock.adoptEmulatorWideOffset()
  await built.states.open()
  if (isNew) for (const account of built.accounts.all()) await built.states.saveSeedState(account)
  store.onCommit = (tx) => built.events.committed(tx)
  const app = createApp(built, deps)
  built.events.resume()
  return {
    app,
    services: built,
    store,
    deps,
    generatedKey,
    stop: async () => {
      built.events.stop()
      await store.close()
    },
  }
}

function depsOf(store: Store, { clock, random, fetch, sleep, log, options }: StartOptions): EmulatorDeps {
  return { store, clock, random, fetch, sleep, log, options: options ?? {} }
}
