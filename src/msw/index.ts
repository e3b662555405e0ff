// MSW request handlers that run the whole emulator in-process (STYLE.md, "MSW"): users' tests get
// the stateful API (/api/v1, /_emulator, /storefront) without a server or a port. The handler is
// made with the `http` of the user's own msw, so its type is that msw's, whatever its version
// and whether the project is typed as ES modules or CommonJS.
import { startEmulator, type StartedEmulator } from '../emulator/start.js'
import { offsetClock, type Clock, type EmulatorOptions, type Log, type Random, type Sleep } from '../emulator/deps.js'
import { parseSeed, type SeedInput } from '../contract/seed-file.js'
import { demoSeed } from '../emulator/demo-seed.js'
import { DEFAULT_BASE_URL } from '../client/http.js'

/** The key the handlers accept unless told otherwise (known in advance, like `store serve --api-key`). */
export const MSW_API_KEY = 'sk_live_mswtestkey0000000000000000000'
/** Where the handlers listen unless told otherwise: the CLI's and StoreClient's default base URL's origin. */
export const DEFAULT_ORIGIN = new URL(DEFAULT_BASE_URL).origin

/** A seed as a user writes it: the records of a seed file (`store serve --seed FILE`), checked when the handlers are made. */
export type { SeedInput }

/** What the handlers need of msw: its `http` namespace (`import { http } from 'msw'`). */
export interface MswHttp<Handler> {
  all(path: string, resolver: (info: { request: Request }) => Promise<Response>): Handler
}

export interface StoreHandlersOptions {
  /** Origin to intercept; the API is `${origin}/api/v1`. Default {@link DEFAULT_ORIGIN}. */
  origin?: string
  /** The API key that is accepted. Default {@link MSW_API_KEY}. */
  apiKey?: string
  /**
   * The data of the fresh emulator: the demo shop (default), nothing, or a seed file's content,
   * checked here as the API checks its bodies (a bad record throws, naming record and field).
   */
  seed?: 'demo' | 'empty' | SeedInput
  /**
   * What the emulator would otherwise take from the world. `fetch` (webhooks, Dynamic products)
   * defaults to the global fetch at call time, so MSW itself can answer those calls too.
   */
  deps?: { clock?: Clock; random?: Random; fetch?: typeof fetch; sleep?: Sleep; log?: Log }
  /** Rate limit, latency, failure rate, webhook retry delays… as `store serve` flags set them. */
  options?: EmulatorOptions
}

/** The handlers (spread them into `setupServer`) plus access to the emulator behind them. */
export type StoreHandlers<Handler> = Handler[] & {
  /** `${origin}/api/v1`: pass it to StoreClient as `baseUrl`. */
  readonly baseUrl: string
  readonly apiKey: string
  /** The running emulator (started on first use): its app, services, store and deps. */
  emulator(): Promise<StartedEmulator>
  /**
   * Resolves once no webhook delivery of any shop is pending or retrying: every delivery the
   * requests so far caused has been delivered or has failed for good. Rejects after `timeoutMs`
   * (default 30 s); shorten the waits between attempts with `options.webhooks.retryDelaysMs`.
   */
  settled(options?: { timeoutMs?: number }): Promise<void>
  /** Drops all state: the next request meets a freshly seeded emulator. Call it in `afterEach`. */
  reset(): Promise<void>
}

/**
 * MSW request handlers for the Online Store API, backed by the real emulator with an in-memory
 * store: one `http.all` handler for `${origin}/*` that hands each request to the emulator app.
 * @example const server = setupServer(...createStoreHandlers(http)) // docs/library.md, "MSW"
 */
export function createStoreHandlers<Handler>(
  http: MswHttp<Handler>,
  o: StoreHandlersOptions = {},
): StoreHandlers<Handler> {
  const origin = (o.origin ?? DEFAULT_ORIGIN).replace(/\/+$/, '')
  const apiKey = o.apiKey ?? MSW_API_KEY
  // Checked now: a bad record is refused when the handlers are made, naming it.
  const seed =
    o.seed === 'empty'
      ? undefined
      : typeof o.seed === 'object'
        ? parseSeed(o.seed, 'createStoreHandlers: seed')
        : demoSeed()
  let running: Promise<StartedEmulator> | undefined

  const start = () =>
    startEmulator({
      db: ':memory:',
      seed,
      apiKey,
      clock: o.deps?.clock ?? offsetClock(() => Date.now()),
      random: o.deps?.random ?? { bytes: (n) => crypto.getRandomValues(new Uint8Array(n)) },
      fetch: o.deps?.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      sleep: o.deps?.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      log: o.deps?.log ?? (() => undefined),
      // Absolute URLs (invoiceUrl, Location) are built on the intercepted origin.
      options: { publicOrigin: origin, ...o.options },
    })
  const emulator = () => (running ??= start())

  const handler = http.all(`${origin}/*`, async ({ request }) => (await emulator()).app.fetch(request))
  return Object.assign([handler], {
    baseUrl: `${origin}/api/v1`,
    apiKey,
    emulator,
    async settled({ timeoutMs = 30_000 }: { timeoutMs?: number } = {}) {
      const { services } = await emulator()
      const pending = `webhook deliveries still pending after ${timeoutMs / 1000} s; shorten the waits between attempts with options.webhooks.retryDelaysMs`
      const timeout = AbortSignal.timeout(timeoutMs)
      const timedOut = new Promise<never>((_, reject) =>
        timeout.addEventListener('abort', () => reject(new Error(pending))),
      )
      await Promise.race([services.events.worker.idle(), timedOut])
    },
    async reset() {
      const previous = running
      running = undefined
      if (previous) await (await previous).stop()
    },
  })
}
