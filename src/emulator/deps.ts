import type { Store } from './store/store.js'

/** The emulator's clock; `advance` moves it forward for renewals and trials (persisted by the store). */
export interface Clock {
  now(): Date
  advance(seconds: number): void
  offsetMs(): number
}

export interface Random {
  bytes(n: number): Uint8Array
}

export type Sleep = (ms: number) => Promise<void>
export type Log = (line: string) => void

/** Accounts an emulator holds at most, unless `--max-accounts` says otherwise (docs/emulator.md, "Limits"). */
export const DEFAULT_MAX_ACCOUNTS = 1_000

export interface EmulatorOptions {
  /** `--rate-limit N/SECONDS`: at most `requests` per key per `windowSeconds`. */
  rateLimit?: { requests: number; windowSeconds: number }
  /**
   * `--storefront-rate-limit N/SECONDS`: at most `requests` storefront writes (checkouts,
   * questions, feedback) per visitor per `windowSeconds`. Unset: no limit (`store serve` sets one).
   */
  storefrontRateLimit?: { requests: number; windowSeconds: number }
  /**
   * `--max-db-size BYTES`: once the db file and its journal take more, writes are refused (507)
   * and reads go on. Unset: no limit (`store serve` sets one).
   */
  maxDbBytes?: number
  /** `--max-accounts N`: accounts the emulator holds at most; creating one more is answered 507. */
  maxAccounts?: number
  /** `--latency MS`: added before answering /api/v1. */
  latencyMs?: number
  /** `--fail-rate P`: share of /api/v1 requests answered with an injected 500. */
  failRate?: number
  /** `--fail-seed N`: `failRate` draws from this seed, so the same requests fail on every run. */
  failSeed?: number
  /**
   * `--admin-key KEY`: only this key may create accounts (`POST /_emulator/accounts`) and it may
   * delete any; without it any valid key may create accounts and delete its own.
   */
  adminKey?: string
  /** Largest request body accepted, in bytes. */
  bodyLimitBytes?: number
  /**
   * `--allowed-host NAME` (and `--host`): `Host` names answered besides localhost and IP
   * addresses; any other name is refused (DNS rebinding) when the request came over the network.
   */
  allowedHosts?: string[]
  /**
   * The origin absolute URLs (`Location`, `invoiceUrl`) are built from: `store serve` sets the
   * address it listens on, the MSW handlers their origin. Unset (or bound to every address),
   * the request's own `Host`, once admitted, is used.
   */
  publicOrigin?: string
  /** Log one line per request. */
  logRequests?: boolean
  /**
   * `--no-request-log` (false): record no requests for the request inspector; its reads
   * (`/_emulator/requests`, the dashboard's Requests page) then answer 404 saying so. Unset: on.
   */
  recordRequests?: boolean
  /** Memory the request log of all accounts together may take; 64 MB by default (docs/emulator.md, "Limits"). */
  requestLogBytes?: number
  /**
   * Webhook delivery (docs/webhooks.md, "Webhooks"): per-attempt timeout, waits between attempts; the event
   * streams (SSE): heartbeat, streams per key and per account, unsent bytes per stream before its reader is dropped.
   */
  webhooks?: {
    timeoutMs?: number
    retryDelaysMs?: number[]
    heartbeatMs?: number
    concurrency?: number
    streamsPerKey?: number
    /** Open event streams one account may hold over all its keys (default 200). */
    streamsPerAccount?: number
    streamBufferBytes?: number
  }
}

/** Everything nondeterministic the emulator uses, passed in so tests are deterministic. */
export interface EmulatorDeps {
  store: Store
  clock: Clock
  random: Random
  fetch: typeof fetch
  sleep: Sleep
  log: Log
  options: EmulatorOptions
}

/** A clock at a fixed offset from the given time source. */
export function offsetClock(source: () => number, initialOffsetMs = 0): Clock {
  let offset = initialOffsetMs
  return {
    now: () => new Date(source() + offset),
    advance: (seconds) => {
      offset += seconds * 1000
    },
    offsetMs: () => offset,
  }
}
