import type { Command } from 'commander'
import { answerClientError } from './serve-client-errors.js'
import { existsSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { setTimeout as wait } from 'node:timers/promises'
import { subcommand } from '../examples.js'
import { type CliContext, untilStopped } from '../context.js'
import { isStoreError, UsageError } from '../exit-codes.js'
import { collect } from '../input.js'
import { DEMO_SEED_PATH } from '../shipped-files.js'
import { maskKey } from '../../contract/keys.js'
import { escapeControls } from '../terminal-text.js'
import type { EmulatorOptions } from '../../emulator/deps.js'
import type { SeedFile } from '../../contract/seed-file.js'
import { DEFAULT_MAX_ACCOUNTS, offsetClock } from '../../emulator/deps.js'
import { LOCAL_PROFILE, saveProfile, savedKey } from '../profiles.js'

export interface ServeOptions {
  port: string
  host: string
  db: string
  apiKey?: string
  adminKey?: string
  seed: string
  rateLimit?: string
  storefrontRateLimit?: string
  maxDbSize?: string
  maxAccounts?: string
  allowedHost?: string[]
  latency?: string
  failRate?: string
  failSeed?: string
  tlsCert?: string
  tlsKey?: string
  quiet?: boolean
  requestLog?: boolean
  /** `--seed` was on the command line, not the default. */
  isSeedGiven?: boolean
  /** The global `--profile` and `--json`. */
  profile?: string
  json?: boolean
}

export const DEFAULT_PORT = 4010

/**
 * The profile a start writes its URL and key to: the one `--profile` names; else `local`, on the
 * default port only and with a db that outlives the server. A throwaway server (`--db :memory:`,
 * another port) leaves every profile as it was: commands in other terminals keep their server.
 */
export function profileToSave(o: { port: number; db: string; profile?: string }): string | undefined {
  if (o.profile !== undefined) return o.profile
  return o.port === DEFAULT_PORT && o.db !== ':memory:' ? LOCAL_PROFILE : undefined
}

export function register(program: Command, ctx: CliContext): void {
  subcommand(program, 'serve', 'run the local emulator of /api/v1 on a JSON-file store', [
    'store serve',
    'store serve --port 0 --db :memory: --api-key sk_live_test_key_for_ci_000000000000 --quiet',
    'store serve --seed empty --db ./empty.json',
    'store serve --port 0 --db :memory: --json',
    'store serve --port 4011 --db ./staging.json --profile staging',
  ])
    .option('--port <port>', 'port to listen on (0 picks a free one)', String(DEFAULT_PORT))
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--db <file>', 'JSON db file (":memory:" keeps nothing)', './store.json')
    .option('--api-key <key>', 'make sure this exact key exists (env STORE_API_KEY)')
    .option('--admin-key <key>', 'only this key may create accounts (POST /_emulator/accounts); env STORE_ADMIN_KEY')
    .option('--seed <demo|empty|file>', 'data for a new db: the demo shop, nothing, or a JSON file', 'demo')
    .option('--rate-limit <N/SECONDS>', 'answer 429 past N requests per key per SECONDS')
    .option(
      '--storefront-rate-limit <N/SECONDS|off>',
      'answer 429 past N storefront writes (checkouts, questions, feedback) per visitor per SECONDS',
      DEFAULT_STOREFRONT_RATE_LIMIT,
    )
    .option(
      '--max-db-size <SIZE>',
      'refuse writes (507) once the db file and its journal pass SIZE (bytes, or with K, M, G)',
      DEFAULT_MAX_DB_SIZE,
    )
    .option('--max-accounts <N>', 'refuse to create accounts (507) past N accounts', String(DEFAULT_MAX_ACCOUNTS))
    .option(
      '--allowed-host <name>',
      'also answer requests for this Host name (repeatable); others than localhost and IP addresses are refused',
      collect,
      [],
    )
    .option('--latency <ms>', 'delay every /api/v1 answer by this many ms')
    .option('--fail-rate <p>', 'answer this share (0..1) of /api/v1 requests with a 500')
    .option('--fail-seed <n>', 'with --fail-rate: draw from this seed, so the same requests fail on every run')
    .option('--tls-cert <file>', 'serve HTTPS with this certificate (PEM)')
    .option('--tls-key <file>', 'private key for --tls-cert (PEM)')
    .option('--quiet', 'no log line per request')
    .option(
      '--no-request-log',
      'record no requests for the request inspector (store logs tail, GET /_emulator/requests): cheaper requests',
    )
    .action(async (options: ServeOptions, command: Command) => {
      const globals = command.optsWithGlobals() as { apiKey?: string; profile?: string; json?: boolean }
      // An empty STORE_API_KEY= counts as unset, as the other STORE_* variables do.
      await serve(
        {
          ...options,
          apiKey: options.apiKey ?? globals.apiKey ?? (ctx.env.STORE_API_KEY || undefined),
          adminKey: options.adminKey ?? (ctx.env.STORE_ADMIN_KEY || undefined),
          isSeedGiven: command.getOptionValueSource('seed') === 'cli',
          profile: globals.profile,
          json: globals.json,
        },
        ctx,
      )
    })
}

/** The flag's value as a number `isValid` accepts, or a usage error saying what it should be. */
function numberOf(flag: string, raw: string, isValid: (n: number) => boolean, what: string): number {
  const n = Number(raw)
  if (!isValid(n)) throw new UsageError(`${flag}: "${raw}" is not ${what}`)
  return n
}

export function parseServeOptions(o: ServeOptions): { port: number; emulator: EmulatorOptions } {
  const whole = (min: number, max: number) => (n: number) => Number.isInteger(n) && n >= min && n <= max
  const port = numberOf('--port', o.port, whole(0, 65535), 'a port (0-65535)')
  const emulator: EmulatorOptions = { logRequests: !o.quiet, recordRequests: o.requestLog !== false }
  if (o.rateLimit !== undefined) emulator.rateLimit = parseRate('--rate-limit', o.rateLimit)
  const storefrontRate = o.storefrontRateLimit ?? DEFAULT_STOREFRONT_RATE_LIMIT
  if (storefrontRate !== 'off') emulator.storefrontRateLimit = parseRate('--storefront-rate-limit', storefrontRate)
  emulator.maxDbBytes = parseSize('--max-db-size', o.maxDbSize ?? DEFAULT_MAX_DB_SIZE)
  emulator.maxAccounts = numberOf(
    '--max-accounts',
    o.maxAccounts ?? String(DEFAULT_MAX_ACCOUNTS),
    whole(1, 1_000_000),
    'a whole number from 1 to 1000000',
  )
  for (const name of o.allowedHost ?? [])
    if (!HOST_NAME.test(name))
      throw new UsageError(
        `--allowed-host: "${name}" is not a host name (letters, digits, dots and dashes, e.g. store.test)`,
      )
  emulator.allowedHosts = [o.host, ...(o.allowedHost ?? [])]
  const between = (min: number, max: number) => (n: number) => n >= min && n <= max
  if (o.latency !== undefined)
    emulator.latencyMs = numberOf('--latency', o.latency, between(0, 60_000), 'a number of ms between 0 and 60000')
  if (o.failRate !== undefined)
    emulator.failRate = numberOf('--fail-rate', o.failRate, between(0, 1), 'a share between 0 and 1')
  if (o.failSeed !== undefined) {
    if (o.failRate === undefined) throw new UsageError('--fail-seed goes with --fail-rate P; give both')
    if (!/^\d{1,15}$/.test(o.failSeed))
      throw new UsageError(`--fail-seed: "${o.failSeed}" is not a whole number (e.g. --fail-seed 42)`)
    emulator.failSeed = Number(o.failSeed)
  }
  if (Boolean(o.tlsCert) !== Boolean(o.tlsKey)) throw new UsageError('--tls-cert and --tls-key go together; give both')
  if (o.apiKey !== undefined && !/^\S{8,200}$/.test(o.apiKey))
    throw new UsageError('--api-key: must be 8 to 200 characters without spaces')
  if (o.adminKey !== undefined) {
    if (!/^\S{16,200}$/.test(o.adminKey))
      throw new UsageError('--admin-key: must be 16 to 200 characters without spaces')
    emulator.adminKey = o.adminKey
  }
  return { port, emulator }
}

const DEFAULT_STOREFRONT_RATE_LIMIT = '600/60'
const DEFAULT_MAX_DB_SIZE = '512M'
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i

function parseRate(flag: string, value: string): { requests: number; windowSeconds: number } {
  const match = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(value)
  if (!match || Number(match[1]) < 1 || Number(match[2]) <= 0)
    throw new UsageError(
      `${flag}: "${value}" is not N/SECONDS, e.g. 100/10${flag === '--rate-limit' ? '' : ', or off'}`,
    )
  return { requests: Number(match[1]), windowSeconds: Number(match[2]) }
}

const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }

/** `1048576`, `512K`, `256M`, `2G` (also `256MB`, `256MiB`): powers of 1024. */
function parseSize(flag: string, value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([kmg]?)(?:i?b)?$/i.exec(value.trim())
  const bytes = match ? Math.floor(Number(match[1]) * SIZE_UNITS[match[2].toLowerCase()]) : Number.NaN
  if (!Number.isSafeInteger(bytes) || bytes < 1024 * 1024)
    throw new UsageError(`${flag}: "${value}" is not a size of at least 1M, e.g. 512M or 2G`)
  return bytes
}

/**
 * `store serve` could not start with what it was given (db file locked, corrupt or unwritable,
 * seed file refused, port taken, TLS files unusable). Exit code 2, like any other usage problem:
 * each is fixed by changing a flag or the file it names, and the message says how.
 */
export class StartRefusedError extends UsageError {
  override name = 'StartRefusedError'
}

function readTls(o: ServeOptions): { cert: Buffer; key: Buffer } | undefined {
  if (!o.tlsCert || !o.tlsKey) return undefined
  const read = (flag: string, file: string) => {
    try {
      return readFileSync(file)
    } catch (error) {
      throw new StartRefusedError(
        `${flag} ${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Pass a PEM file that exists.`,
      )
    }
  }
  const tls = { cert: read('--tls-cert', o.tlsCert), key: read('--tls-key', o.tlsKey) }
  try {
    // Loaded here, as https below: node:tls and node:https stay out of every other command's start.
    process.getBuiltinModule('node:tls').createSecureContext(tls)
  } catch (error) {
    throw new StartRefusedError(
      `--tls-cert ${o.tlsCert} / --tls-key ${o.tlsKey}: not a usable PEM certificate and matching private key (${(error as Error).message})`,
    )
  }
  return tls
}

/** What to do about a port or address the server could not listen on, by the error's code. */
const LISTEN_REFUSALS: Record<string, (port: number, host: string) => string> = {
  EADDRINUSE: (port, host) =>
    `--port ${port}: the port is in use on ${host}. Stop what uses it, or pass --port 0 for a free one.`,
  EACCES: (port, host) =>
    `--port ${port}: not allowed to listen on ${host}:${port} (ports below 1024 need privileges). Pass a port above 1023, or --port 0.`,
  EADDRNOTAVAIL: (_port, host) =>
    `--host ${host}: this machine has no such address. Pass 127.0.0.1, 0.0.0.0 or one of its own addresses.`,
  ENOTFOUND: (_port, host) => `--host ${host}: the name does not resolve. Pass an IP address such as 127.0.0.1.`,
}
LISTEN_REFUSALS.EAI_AGAIN = LISTEN_REFUSALS.ENOTFOUND

function listenError(error: NodeJS.ErrnoException, port: number, host: string): Error {
  const refusal = LISTEN_REFUSALS[error.code ?? '']
  return refusal ? new StartRefusedError(refusal(port, host)) : error
}

type Handle = (request: Request, env: unknown) => Response | Promise<Response>

/** How long a request that comes while the db loads waits for it. */
const STARTUP_WAIT_MS = 60_000

/**
 * The server's handler while the db loads: each request waits for the loaded app (at most
 * `waitMs`) and gets its real answer; past the wait, a 503 that says the db is still loading, and
 * a 503 naming why when the start fails (the server then closes).
 */
export function waitForLoad(loaded: Promise<Handle>, waitMs: number): Handle {
  return async (request, env) => {
    const late = new AbortController()
    const app = await Promise.race([loaded, wait(waitMs, undefined, { ref: false, signal: late.signal })])
      .catch((error: Error) => error)
      .finally(() => late.abort())
    if (app instanceof Error)
      return Response.json(
        { error: `the emulator did not start: ${app.message}` },
        { status: 503, headers: { connection: 'close' } },
      )
    if (app) return app(request, env)
    return Response.json(
      { error: `the emulator is still loading its db after ${waitMs / 1000} s; try again in a moment` },
      { status: 503, headers: { 'retry-after': '5' } },
    )
  }
}

/** The composition root of the emulator: real clock, randomness, network and files. */
export async function serve(o: ServeOptions, ctx: CliContext): Promise<void> {
  const { port, emulator } = parseServeOptions(o)
  const foldAt = ctx.env.STORE_FOLD_AT_BYTES === undefined ? undefined : Number(ctx.env.STORE_FOLD_AT_BYTES)
  if (foldAt !== undefined && !(Number.isInteger(foldAt) && foldAt > 0))
    throw new UsageError(`STORE_FOLD_AT_BYTES: "${ctx.env.STORE_FOLD_AT_BYTES}" is not a positive number of bytes`)
  const tls = readTls(o)
  const [{ startEmulator }, { loadSeedFile }, { serve: listen }] = await Promise.all([
    import('../../emulator/start.js'),
    import('../../contract/seed-file.js'),
    import('@hono/node-server'),
  ])
  let seed: SeedFile | undefined
  try {
    seed = o.seed === 'empty' ? undefined : loadSeedFile(o.seed === 'demo' ? DEMO_SEED_PATH : o.seed)
  } catch (error) {
    throw new StartRefusedError(
      `${(error as Error).message.replace(/\.$/, '')}. Fix the file, or pass --seed demo or --seed empty.`,
    )
  }
  // A logged path is anyone's text: shown with its control characters escaped.
  // With --json, stdout holds the one line of JSON only: the banner and the log go to stderr.
  const human = o.json ? ctx.stderr : ctx.stdout
  const log = (line: string) => human.write(`${escapeControls(line)}\n`)
  // The port is bound before the db is opened: a start refused for the port creates no db file
  // (and so no key that was never shown). A request that comes while the db loads waits for it.
  // The node server's bindings (`incoming`) go with each request: the Host check and the
  // per-visitor limits read the socket from them.
  let handle: Handle | undefined
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = listen(
      {
        fetch: (request, env) => handle!(request, env),
        port,
        hostname: o.host,
        ...(tls ? { createServer: process.getBuiltinModule('node:https').createServer, serverOptions: tls } : {}),
      },
      () => resolve(s as import('node:http').Server),
    )
    s.once('error', reject)
    s.on('clientError', answerClientError)
  }).catch((error: NodeJS.ErrnoException) => {
    throw listenError(error, port, o.host)
  })
  const closeServer = () => {
    if ('closeAllConnections' in server) server.closeAllConnections()
    server.close(() => undefined)
  }
  const isExistingDb = o.db !== ':memory:' && existsSync(o.db)
  const starting = startEmulator({
    db: o.db,
    seed,
    apiKey: o.apiKey,
    clock: offsetClock(() => ctx.now().getTime()),
    random: { bytes: ctx.randomBytes },
    fetch: ctx.fetch,
    // Retry waits must not hold the process open after SIGTERM; the server itself keeps it alive.
    sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()),
    log,
    options: emulator,
    foldAtBytes: foldAt,
  })
  const loading = starting.then((s) => s.app.fetch)
  // Its refusal is the start's own error, thrown below; a waiting request's connection is closed with the server.
  loading.catch(() => undefined)
  handle = waitForLoad(loading, STARTUP_WAIT_MS)
  const started = await starting.catch((error: unknown) => {
    closeServer()
    // The store refuses a locked, unreadable or invalid db (and a seed it cannot store) with a message naming the file.
    // By shape: the emulator is loaded from outside the CLI's bundle, with its own StoreError class.
    throw isStoreError(error) ? new StartRefusedError(error.message) : error
  })
  handle = started.app.fetch
  if (isExistingDb && o.isSeedGiven)
    ctx.stderr.write(
      `warning: --seed ${o.seed} is ignored: ${o.db} exists, and a seed fills a new db only. Pass another --db (or move this one aside) to start from the seed.\n`,
    )
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const origin = `${tls ? 'https' : 'http'}://${host}:${address.port}`
  // Bound to every address, the server has no one name: absolute URLs follow the (admitted) Host asked for.
  if (!/^(?:0\.0\.0\.0|::)$/.test(address.address)) emulator.publicOrigin = origin
  const baseUrl = `${origin}/api/v1`
  const remembered = rememberKey(ctx, {
    baseUrl,
    profile: profileToSave({ port, db: o.db, profile: o.profile }),
    notSaved:
      o.db === ':memory:'
        ? 'a --db :memory: server is a throwaway one'
        : `a server on another port than ${DEFAULT_PORT}`,
    generated: started.generatedKey,
    given: o.apiKey,
    isKeyOfDb: (secret) => started.services.accounts.keyOf(secret) !== undefined,
  })
  // The handlers are in place before the banner: a SIGTERM right after it still flushes and unlocks.
  const stopped = untilStopped(ctx).then(async () => {
    closeServer()
    // Webhook deliveries stop first (in-flight ones aborted); unsettled ones resume at the next start.
    await started.stop().catch((error: Error) => {
      // Exit 1, not the 5xx mapping: the server did run, and the message says what was kept.
      throw new Error(`could not flush ${o.db} on exit: ${error.message}`)
    })
    human.write(
      o.db === ':memory:'
        ? 'Stopped. Nothing was kept (--db :memory:).\n'
        : `Stopped. Everything is in ${o.db}: store serve --db ${o.db} starts from it again.\n`,
    )
  })
  human.write(
    [
      'store serve: Online Store API emulator',
      `  API         ${baseUrl}`,
      ...remembered.lines,
      `  Accounts    ${o.adminKey ? `created with the admin key ${maskKey(o.adminKey)} only` : 'any valid key may create them (POST /_emulator/accounts)'}`,
      `  Dashboard   ${origin}/_dashboard`,
      `  Storefront  ${origin}/storefront/demo`,
      `  DB          ${o.db === ':memory:' ? ':memory: (nothing is kept after a stop)' : o.db}`,
      o.db === ':memory:' ? 'Press Ctrl+C to stop.' : `Press Ctrl+C to stop (everything is flushed to ${o.db} first).`,
      '',
    ].join('\n'),
  )
  if (o.json)
    ctx.stdout.write(
      `${JSON.stringify({
        url: baseUrl,
        ...(remembered.key ? { apiKey: remembered.key } : {}),
        dashboard: `${origin}/_dashboard`,
        db: o.db,
        pid: process.pid,
      })}\n`,
    )
  await stopped
}

/**
 * The banner's key lines. The key this server knows (generated now, `--api-key`, or the one the
 * profile holds, if this db still accepts it) is saved with the server's URL as the profile
 * `profileToSave` names, so other terminals' commands use it. Without one nothing is saved.
 */
function rememberKey(
  ctx: CliContext,
  o: {
    baseUrl: string
    profile?: string
    /** Why no profile is written, for the banner. */
    notSaved: string
    generated?: string
    given?: string
    isKeyOfDb: (secret: string) => boolean
  },
): { lines: string[]; key?: string } {
  const read = o.profile ?? LOCAL_PROFILE
  const saved = o.generated || o.given ? undefined : savedKey(ctx, read)
  const key = o.generated ?? o.given ?? (saved && o.isKeyOfDb(saved) ? saved : undefined)
  if (!key)
    return {
      lines: [
        `  API key     created earlier; the profile "${read}" holds none of this db's keys`,
        `              restart with --api-key KEY if you have one of them${o.profile ? ` (it is saved as profile "${o.profile}" then)` : ''}, or start a new db (--db FILE) for a new key`,
      ],
    }
  const origin = o.generated
    ? 'new'
    : o.given
      ? 'from --api-key'
      : `from profile "${read}"; store config get api-key --profile ${read} prints it`
  const keyLine = (once: string) => `  API key     ${o.generated ?? maskKey(key)}  (${origin}${once})`
  const once = o.generated ? '; shown once' : ''
  if (!o.profile)
    return {
      key,
      lines: [keyLine(once), `  Profile     none saved (${o.notSaved}); --profile local saves this server as "local"`],
    }
  try {
    const { path, otherProfile } = saveProfile(ctx, o.profile, o.baseUrl, key)
    const use =
      otherProfile === undefined
        ? 'store commands in other terminals use it'
        : otherProfile === null
          ? `pass --profile ${o.profile} (or run store config use ${o.profile}) to use this server`
          : `profile "${otherProfile}" is in force: pass --profile ${o.profile} to use this server`
    return { key, lines: [keyLine(''), `  Profile     "${o.profile}" in ${path}: ${use}`] }
  } catch (error) {
    ctx.stderr.write(`warning: the key was not saved as profile "${o.profile}": ${(error as Error).message}\n`)
    return { key, lines: [keyLine(once)] }
  }
}
