// MSW handlers that run the whole emulator in-process (STYLE.md, "MSW"): users' tests get the
// stateful API (/api/v1, /_emulator, /storefront) without a server or a port.
import { http, type HttpHandler } from 'msw'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { startEmulator, type StartedEmulator } from '../emulator/start.js'
import { offsetClock, type Clock, type EmulatorOptions, type Log, type Random, type Sleep } from '../emulator/deps.js'
import { loadSeedFile, type SeedFile } from '../emulator/store/seed.js'

/** The key the handlers accept unless told otherwise (known in advance, like `store serve --api-key`). */
export const MSW_API_KEY = 'sk_live_mswtestkey0000000000000000000'
/** Where the handlers listen unless told otherwise: the CLI's and StoreClient's default base URL's origin. */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:4010'

const DEMO_SEED = fileURLToPath(new URL('../../fixtures/demo-shop.json', import.meta.url))

export interface StoreHandlersOptions {
  /** Origin to intercept; the API is `${origin}/api/v1`. Default {@link DEFAULT_ORIGIN}. */
  origin?: string
  /** The API key that is accepted. Default {@link MSW_API_KEY}. */
  apiKey?: string
  /** The data of the fresh emulator: the demo shop (default), nothing, or a seed file's content. */
  seed?: 'demo' | 'empty' | SeedFile
  /**
   * What the emulator would otherwise take from the world. `fetch` (webhooks, Dynamic products)
   * defaults to the global fetch at call time, so MSW itself can answer those calls too.
   */
  deps?: { clock?: Clock; random?: Random; fetch?: typeof fetch; sleep?: Sleep; log?: Log }
  /** Rate limit, latency, failure rate… as `store serve` flags set them. */
  options?: EmulatorOptions
}

/** The handlers (spread them into `setupServer`) plus access to the emulator behind them. */
export type StoreHandlers = HttpHandler[] & {
  /** `${origin}/api/v1`: pass it to StoreClient as `baseUrl`. */
  readonly baseUrl: string
  readonly apiKey: string
  /** The running emulator (started on first use): its app, services, store and deps. */
  emulator(): Promise<StartedEmulator>
  /** Drops all state: the next request meets a freshly seeded emulator. Call it in `afterEach`. */
  reset(): Promise<void>
}

/**
 * MSW request handlers for the Online Store API, backed by the real emulator with an in-memory
 * store: one `http.all` handler for `${origin}/*` that hands each request to the emulator app.
 * @example
 * import { setupServer } from 'msw/node'
 * import { createStoreHandlers } from 'online-store-cli/msw'
 * import { StoreClient } from 'online-store-cli'
 *
 * const handlers = createStoreHandlers()
 * const server = setupServer(...handlers)
 * beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
 * afterEach(async () => { server.resetHandlers(); await handlers.reset() })
 * afterAll(() => server.close())
 *
 * it('creates a coupon', async () => {
 *   const client = new StoreClient({ baseUrl: handlers.baseUrl, apiKey: handlers.apiKey })
 *   const coupon = await client.coupons.create({ code: 'spring', type: 'percentage', value: 10 })
 *   expect(coupon.code).toBe('SPRING')
 * })
 */
export function createStoreHandlers(o: StoreHandlersOptions = {}): StoreHandlers {
  const origin = (o.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '')
  const apiKey = o.apiKey ?? MSW_API_KEY
  let running: Promise<StartedEmulator> | undefined

  const start = () =>
    startEmulator({
      db: ':memory:',
      seed:
        o.seed === 'empty' ? undefined : o.seed === undefined || o.seed === 'demo' ? loadSeedFile(DEMO_SEED) : o.seed,
      apiKey,
      clock: o.deps?.clock ?? offsetClock(() => Date.now()),
      random: o.deps?.random ?? { bytes: (n) => new Uint8Array(randomBytes(n)) },
      fetch: o.deps?.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      sleep: o.deps?.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      log: o.deps?.log ?? (() => undefined),
      options: o.options ?? {},
    })
  const emulator = () => (running ??= start())

  const handler = http.all(`${origin}/*`, async ({ request }) => (await emulator()).app.fetch(request))
  return Object.assign([handler], {
    baseUrl: `${origin}/api/v1`,
    apiKey,
    emulator,
    async reset() {
      const previous = running
      running = undefined
      if (previous) await (await previous).stop()
    },
  })
}
