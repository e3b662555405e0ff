// `<package>/testing`: one emulator for a test run and an account of its own for each test or worker
// (docs/testing.md), so tests run in parallel without seeing each other's data.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Account } from '../contract/accounts.js'
import type { Shop } from '../contract/shops.js'
import { FixtureFileSchema } from '../contract/fixtures.js'
import { fixtureEnv } from '../fixtures/env.js'
import { runFixtures as run, type StepResult } from '../fixtures/run.js'
import { StoreClient } from '../client/index.js'
import { DEFAULT_BASE_URL } from '../client/http.js'
import { offsetClock } from '../emulator/deps.js'
import { startEmulator } from '../emulator/start.js'

export type { StepResult } from '../fixtures/run.js'
export { FixtureFileError, FixtureStepError, type UnmetExpectation } from '../fixtures/errors.js'

export interface TestEmulator {
  /** `http://127.0.0.1:<port>/api/v1` */
  baseUrl: string
  /** A key that may create accounts: the admin key. */
  key: string
  /** Stops the emulator and closes its connections. */
  stop(): Promise<void>
}

/**
 * Starts an emulator in this process on 127.0.0.1 (a free port), in memory unless `db` is given,
 * whose admin key alone may create accounts. Meant for a test runner's global setup.
 * @example const emulator = await startTestEmulator(); process.env.STORE_BASE_URL = emulator.baseUrl
 */
export async function startTestEmulator(o: { db?: string; port?: number } = {}): Promise<TestEmulator> {
  const key = `sk_test_${randomBytes(16).toString('hex')}`
  const emulator = await startEmulator({
    db: o.db ?? ':memory:',
    clock: offsetClock(() => Date.now()),
    random: { bytes: (n) => new Uint8Array(randomBytes(n)) },
    fetch: (input, init) => fetch(input, init),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log: () => undefined,
    options: { adminKey: key },
  })
  let server!: ReturnType<typeof serve>
  const { port } = await new Promise<AddressInfo>((resolve) => {
    server = serve({ fetch: emulator.app.fetch, hostname: '127.0.0.1', port: o.port ?? 0 }, resolve)
  })
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    key,
    stop: async () => {
      if ('closeAllConnections' in server) server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await emulator.stop()
    },
  }
}

export interface TestAccountOptions {
  /** The emulator's API (default: `STORE_BASE_URL`, else the local `store serve`). */
  baseUrl?: string
  /** A key that may create accounts (default: `STORE_ADMIN_KEY`, else `STORE_API_KEY`). */
  key?: string
  /** The first shop's records: the demo catalogue, none (default), or a seed file's content. */
  seed?: 'demo' | 'empty' | Record<string, unknown>
  name?: string
  fetch?: typeof fetch
}

export interface TestAccount {
  /** A client on the account's key and first shop. */
  client: StoreClient
  key: string
  shop: Shop
  account: Account
  /** Deletes the account with everything in it. */
  remove(): Promise<void>
}

/**
 * A new isolated account on a running emulator (`POST /_emulator/accounts`): its own key, first
 * shop and clock. A test or worker that uses its own sees none of the others' data or events.
 * @example const { client, key, shop } = await createTestAccount({ seed: 'demo' })
 */
export async function createTestAccount(o: TestAccountOptions = {}): Promise<TestAccount> {
  const env = process.env
  const baseUrl = o.baseUrl ?? env.STORE_BASE_URL ?? DEFAULT_BASE_URL
  const key = o.key ?? env.STORE_ADMIN_KEY ?? env.STORE_API_KEY
  if (!key)
    throw new Error(
      'createTestAccount: no key that may create accounts; pass { key } or set STORE_ADMIN_KEY (or STORE_API_KEY)',
    )
  const admin = new StoreClient({ baseUrl, apiKey: key, fetch: o.fetch })
  // The emulator takes "demo" and "empty" as POST /_emulator/accounts does, and so as the CLI does.
  const created = await admin.emulator.createAccount({ name: o.name, seed: o.seed })
  const client = new StoreClient({ baseUrl, apiKey: created.key.secret, shop: created.shop.id, fetch: o.fetch })
  return {
    client,
    key: created.key.secret,
    shop: created.shop,
    account: created.account,
    remove: () => client.emulator.deleteAccount(created.account.id).then(() => undefined),
  }
}

export interface RunFixturesOptions {
  /** Variables `${env:NAME}` may read besides the environment's `STORE_…` ones (the keys excepted). */
  env?: Record<string, string>
  /** Told of each step once it answered as expected. */
  onStep?: (result: StepResult) => void
}

/**
 * Runs a fixtures file (a path, relative to the working directory, or its content) with `client`
 * and resolves to each step's result (`name`, `method`, `path`, `status`, `answer`), in order.
 * Rejects at the first step whose answer its `expect` does not allow (`FixtureStepError`, naming
 * the step, the field, what was expected and what came), at a refusal the step does not expect
 * (`StoreError`), or before sending anything when the file is not one (`FixtureFileError`).
 * @example const steps = await runFixtures(client, 'session.fixtures.json')
 */
export async function runFixtures(
  client: StoreClient,
  fixtures: string | Record<string, unknown>,
  o: RunFixturesOptions = {},
): Promise<StepResult[]> {
  const from = typeof fixtures === 'string' ? fixtures : 'the fixtures given'
  let value: unknown = fixtures
  if (typeof fixtures === 'string') {
    try {
      value = JSON.parse(await readFile(resolve(fixtures), 'utf8'))
    } catch (error) {
      throw new Error(`runFixtures: cannot read ${from} as JSON (${(error as Error).message})`)
    }
  }
  const parsed = FixtureFileSchema.safeParse(value)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    throw new Error(
      `runFixtures: ${from} is not a fixtures file: ${issue.path.join('.') || '(file)'}: ${issue.message}`,
    )
  }
  const env = fixtureEnv({ ...process.env, ...o.env }, Object.keys(o.env ?? {}))
  return run(client, parsed.data, { env, onStep: o.onStep })
}
