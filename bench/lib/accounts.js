// The test-infrastructure figures of the bench: creating an account and making its first request
// (the cost a test pays for its own account), and restoring a saved state of 10,000 records.
// Both against the emulator on a file store, over loopback HTTP, in this process.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { ROOT, median, percentile } from './common.js'

export const ACCOUNTS_TARGET = {
  /** `POST /_emulator/accounts` and the new key's first `GET /api/v1/products`, median. */
  createAndFirstRequestMs: 20,
  /** `POST /_emulator/state/restore` of an account holding 10,000 records, median. */
  restoreMs: 200,
}
const ADMIN = `sk_admin_${'b'.repeat(24)}`
const RECORDS = 10_000

/** A seed of `count` records: products, coupons and customers in equal parts. */
function bigSeed(count) {
  const third = Math.floor(count / 3)
  return {
    products: Array.from({ length: count - 2 * third }, (_, i) => ({
      name: `Bench product ${i}`,
      type: 'Service',
      price: 1 + (i % 50),
      status: 'Live',
    })),
    coupons: Array.from({ length: third }, (_, i) => ({ code: `BENCH${i}`, type: 'percentage', value: 5 })),
    customers: Array.from({ length: third }, (_, i) => ({ email: `bench${i}@example.com`, name: `Buyer ${i}` })),
  }
}

export async function benchAccounts({ runs = 40, log = () => undefined } = {}) {
  const { startEmulator } = await import(join(ROOT, 'dist/emulator/start.js'))
  const { offsetClock } = await import(join(ROOT, 'dist/emulator/deps.js'))
  const dir = mkdtempSync(join(os.tmpdir(), 'store-bench-accounts-'))
  const emulator = await startEmulator({
    db: join(dir, 'store.json'),
    clock: offsetClock(() => Date.now()),
    random: { bytes: (n) => new Uint8Array(randomBytes(n)) },
    fetch,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    log: () => undefined,
    options: { adminKey: ADMIN },
  })
  const server = await new Promise((resolve) => {
    const s = serve({ fetch: emulator.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s))
  })
  const origin = `http://127.0.0.1:${server.address().port}`
  const call = async (method, path, key, body) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const json = await res.json()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${json.error}`)
    return json
  }
  try {
    log(`bench: accounts: ${runs} account creations with a first request…`)
    const times = []
    for (let i = 0; i < runs + 5; i++) {
      const started = performance.now()
      const created = await call('POST', '/_emulator/accounts', ADMIN, {})
      await call('GET', '/api/v1/products', created.key.secret)
      if (i >= 5) times.push(performance.now() - started)
    }
    log(`bench: accounts: restore of ${RECORDS.toLocaleString('en')} records…`)
    const { account, shop } = await emulator.services.states.createAccount({})
    await emulator.services.states.import(shop, bigSeed(RECORDS))
    const saved = await emulator.services.states.save(account, 'big')
    const restores = []
    for (let i = 0; i < 7; i++) {
      await emulator.services.catalogue
        .create(shop, { name: 'Changed', type: 'Service', price: 1 })
        .catch(() => undefined)
      const started = performance.now()
      await emulator.services.states.restore(account, 'big')
      restores.push(performance.now() - started)
    }
    return {
      create: { runs, medianMs: median(times), p95Ms: percentile(times, 95) },
      restore: {
        records: saved.records,
        runs: restores.length,
        medianMs: median(restores),
        maxMs: Math.max(...restores),
      },
      loadavg: os.loadavg(),
    }
  } finally {
    server.closeAllConnections?.()
    await new Promise((resolve) => server.close(() => resolve()))
    await emulator.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

export function accountsTargets(accounts, fmt) {
  const { create, restore } = accounts
  return [
    [
      'account creation + its first request (median over loopback)',
      `${fmt.ms(create.medianMs)} ms (p95 ${fmt.ms(create.p95Ms)} ms)`,
      `≤ ${ACCOUNTS_TARGET.createAndFirstRequestMs} ms`,
      create.medianMs <= ACCOUNTS_TARGET.createAndFirstRequestMs,
    ],
    [
      `restore of a saved state of ${restore.records.toLocaleString('en')} records (median)`,
      `${fmt.ms(restore.medianMs)} ms (max ${fmt.ms(restore.maxMs)} ms)`,
      `≤ ${ACCOUNTS_TARGET.restoreMs} ms`,
      restore.medianMs <= ACCOUNTS_TARGET.restoreMs,
    ],
  ]
}
