#!/usr/bin/env node
// `npm run bench`: the emulator's throughput, latency, memory and start-up at 1,000, 10,000 and
// 100,000 products, through `store serve` with its file store and, in the same run and
// on the same data, against an independent floor (bench/floor-hono.js: hono + zod over Maps),
// json-server 1 and the emulator on `:memory:` (bench/memory-server.js); start-up from a seed
// file and from an existing db (bench/lib/startup.js); ratios to the floor (bench/lib/vs-floor.js).
// Servers run on one core and the load on the other (bench/lib/servers.js).
// Loopback only; about 8 minutes (BENCH_QUICK=1: about 2 minutes, 1,000 and 10,000 only).
// Prints every figure next to its target and writes bench/results.json, and beside it the chart
// of the peers, bench/results.svg (quick runs write bench/data/results.quick.json and .svg, so they
// never replace the full run's figures).
//
// Environment: BENCH_QUICK=1, BENCH_SIZES=1000,10000, BENCH_DURATION=6 (s measured per server
// and case), BENCH_SLICE=2 (s per alternating slice), BENCH_WARMUP=1 (s), BENCH_CONNECTIONS=10,
// BENCH_CLI_RUNS=15, BENCH_SERIAL_POOL=2500 (codes per Serial product), BENCH_REGEN=1 (rebuild datasets),
// BENCH_STARTUP_RUNS=3, BENCH_PIN=0 (no taskset), BENCH_OUT=path; for diagnosis:
// BENCH_CASES=list,get,orders,create,checkout,startup,library,accounts (a subset), BENCH_KINDS=file,floor (servers;
// `unrecorded`, store serve --no-request-log, runs only when named),
// BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=/tmp/prof' (node flags for the server children);
// BENCH_ONLY=library runs only the library and CLI start-up figures (import, bundle size, commands);
// BENCH_ONLY=accounts only the account creation and saved-state restore figures.
// BENCH_ONLY=clock the clock-advance curve (BENCH_CLOCK_SIZES=100,1000 for some of it),
// BENCH_ONLY=streams the event-stream fan-out figure, BENCH_ONLY=drift the `store drift` figure.
import autocannon from 'autocannon'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join, relative } from 'node:path'
import {
  BENCH_DIR,
  BENCH_KEY,
  DATA_DIR,
  ROOT,
  SHOP_SLUG,
  datasetName,
  generatorHash,
  median,
  percentile,
} from './lib/common.js'
import { accountsTargets, benchAccounts } from './lib/accounts.js'
import { chartSvg } from './lib/chart.js'
import { benchClock, clockTargets } from './lib/clock.js'
import { benchDrift, driftTargets } from './lib/drift.js'
import { benchEventStreams, eventStreamTargets } from './lib/event-streams.js'
import { benchLibrary, libraryTargets } from './lib/library.js'
import {
  KINDS,
  mb,
  pauseServer,
  pinCores,
  readCpuMs,
  readStatus,
  resumeServer,
  startServer,
  stopServer,
} from './lib/servers.js'
import { benchStartup } from './lib/startup.js'
import { VS_FLOOR, evaluateVsFloor, hasP99Target, reportVsFloor } from './lib/vs-floor.js'

const env = process.env
const QUICK = env.BENCH_QUICK === '1'
const numberEnv = (name, fallback) => (env[name] === undefined || env[name] === '' ? fallback : Number(env[name]))
const CONFIG = {
  quick: QUICK,
  sizes: env.BENCH_SIZES ? env.BENCH_SIZES.split(',').map(Number) : QUICK ? [1_000, 10_000] : [1_000, 10_000, 100_000],
  durationSeconds: numberEnv('BENCH_DURATION', QUICK ? 2 : 6),
  sliceSeconds: numberEnv('BENCH_SLICE', QUICK ? 1 : 2),
  warmupSeconds: numberEnv('BENCH_WARMUP', QUICK ? 0.5 : 1),
  connections: numberEnv('BENCH_CONNECTIONS', 10),
  cliRuns: numberEnv('BENCH_CLI_RUNS', QUICK ? 5 : 15),
  serialPoolPerProduct: numberEnv('BENCH_SERIAL_POOL', 2_500),
  startupRuns: numberEnv('BENCH_STARTUP_RUNS', QUICK ? 2 : 3),
  kinds: env.BENCH_KINDS ? env.BENCH_KINDS.split(',') : Object.keys(KINDS).filter((kind) => !KINDS[kind].isOptional),
}
const OUT = env.BENCH_OUT ?? (QUICK ? join(DATA_DIR, 'results.quick.json') : join(BENCH_DIR, 'results.json'))

/** The envelope's target for every CLI command's start, against `node -e 0`. */
const TARGET = { cliVsNode: 2 }

const STORE_BIN = join(ROOT, 'bin/store.js')
const MAKE_DATASET = join(BENCH_DIR, 'make-dataset.js')
const log = (line) => process.stderr.write(`${line}\n`)
const benchStarted = performance.now()
const elapsed = () => `${((performance.now() - benchStarted) / 1000).toFixed(0)}s`

// ---------------------------------------------------------------------------------------------
// Preconditions and datasets

function checkBuild() {
  const entry = join(ROOT, 'dist/emulator/start.js')
  if (!existsSync(entry) || !existsSync(join(ROOT, 'dist/cli/main.js'))) {
    log('bench: dist/ is missing; run `npm run build` first')
    process.exit(1)
  }
  const built = statSync(entry).mtimeMs
  const newer = listFiles(join(ROOT, 'src')).filter((file) => statSync(file).mtimeMs > built)
  if (newer.length)
    log(
      `bench: warning: ${newer.length} file(s) in src/ are newer than dist/ (e.g. ${relative(ROOT, newer[0])}); run \`npm run build\` to bench the current code`,
    )
}

function listFiles(folder) {
  const out = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(path))
    else out.push(path)
  }
  return out
}

function ensureDataset(products) {
  const file = join(DATA_DIR, `${datasetName(products)}.json`)
  const metaFile = join(DATA_DIR, `${datasetName(products)}.meta.json`)
  const hash = generatorHash()
  let meta
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'))
  } catch {
    /* generate below */
  }
  if (meta && meta.generator === hash && existsSync(file) && env.BENCH_REGEN !== '1')
    return { file, meta, generatedMs: 0 }
  log(`bench: generating ${relative(ROOT, file)} (${products} products, ${products} orders)…`)
  const started = performance.now()
  const result = spawnSync(process.execPath, [MAKE_DATASET, String(products), file, String(products)], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (result.status !== 0) throw new Error(`make-dataset failed for ${products} products (exit ${result.status})`)
  return { file, meta: JSON.parse(readFileSync(metaFile, 'utf8')), generatedMs: performance.now() - started }
}

/** Which code was measured: several people build into dist/ while the bench runs. */
function codeState() {
  const git = (...args) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim()
  return {
    commit: git('rev-parse', '--short', 'HEAD'),
    uncommittedFiles: (git('status', '--porcelain') ?? '').split('\n').filter(Boolean).length,
    distBuiltAt: new Date(statSync(join(ROOT, 'dist/emulator/app.js')).mtimeMs).toISOString(),
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP

async function call(origin, method, path, body, { auth = true } = {}) {
  const headers = {}
  if (auth) headers.authorization = `Bearer ${BENCH_KEY}`
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${origin}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  let json
  try {
    json = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: response.status, json, text }
}

/** The app's own answer for a path it has no route for (404 "no route …") or no such method (405). */
const isRouteMissing = (answer) =>
  (answer.status === 404 && /no route/i.test(answer.json?.error ?? '')) || answer.status === 405
const describe = (answer) => `${answer.status} ${answer.json?.error ?? answer.text.slice(0, 160)}`

/**
 * One autocannon run. Latencies are also collected here from the `response` event, at
 * sub-millisecond resolution (autocannon's own histogram keeps whole milliseconds).
 * Paths go in `requests` (autocannon has no top-level `path`: it would hit the url's `/`).
 */
function cannon(options, holder = {}) {
  return new Promise((resolve, reject) => {
    const latencies = []
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ ...result, latencyMs: latencies }),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
    holder.instance = instance
  })
}

// ---------------------------------------------------------------------------------------------
// Cases. `prepare` probes the route once (so a missing route is reported, not benchmarked) and
// returns a factory of autocannon options, built fresh for the warm-up and the measured run.

const AUTH = { authorization: `Bearer ${BENCH_KEY}` }
const NOT_SERVED = 'n/a (not served by this server)'
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' }

const CASES = [
  {
    id: 'list',
    label: 'GET /products?limit=100',
    read: true,
    async prepare(server, dataset) {
      const path = server.api.list
      const probe = await call(server.origin, 'GET', path)
      if (isRouteMissing(probe)) return { na: 'n/a (route missing)' }
      const want = Math.min(100, dataset.meta.products)
      if (probe.status !== 200 || server.api.listed(probe.json)?.length !== want)
        return { na: `n/a (probe answered ${describe(probe)}, expected ${want} products)` }
      return { options: () => ({ headers: AUTH, requests: [{ method: 'GET', path }] }) }
    },
  },
  {
    id: 'get',
    label: 'GET /products/:id',
    read: true,
    async prepare(server, dataset) {
      const ids = dataset.meta.sampleProductIds
      const probe = await call(server.origin, 'GET', server.api.get(ids[0]))
      if (isRouteMissing(probe)) return { na: 'n/a (route missing)' }
      if (probe.status !== 200 || probe.json?.id !== ids[0]) return { na: `n/a (probe answered ${describe(probe)})` }
      return {
        options: () => {
          let next = 0
          return {
            headers: AUTH,
            requests: [
              {
                method: 'GET',
                setupRequest: (request) => ({ ...request, path: server.api.get(ids[next++ % ids.length]) }),
              },
            ],
          }
        },
      }
    },
  },
  {
    id: 'orders',
    label: 'GET /orders',
    read: true,
    async prepare(server) {
      if (!server.api.orders) return { na: NOT_SERVED }
      const probe = await call(server.origin, 'GET', server.api.orders)
      if (isRouteMissing(probe)) return { na: 'n/a (route missing)' }
      if (probe.status !== 200 || !Array.isArray(probe.json?.orders))
        return { na: `n/a (probe answered ${describe(probe)})` }
      return {
        options: () => ({ headers: AUTH, requests: [{ method: 'GET', path: server.api.orders }] }),
        note: `${probe.json.orders.length} orders a page`,
      }
    },
  },
  {
    id: 'create',
    label: 'POST /products',
    async prepare(server) {
      const body = {
        name: 'Bench product',
        price: 9.99,
        type: 'Service',
        status: 'Live',
        description: 'Created by npm run bench.',
      }
      const probe = await call(server.origin, 'POST', server.api.create, body)
      if (isRouteMissing(probe)) return { na: 'n/a (route missing)' }
      if (probe.status !== 201) return { na: `n/a (probe answered ${describe(probe)})` }
      return {
        options: () => ({
          headers: JSON_AUTH,
          requests: [{ method: 'POST', path: server.api.create, body: JSON.stringify(body) }],
        }),
      }
    },
  },
  {
    id: 'checkout',
    label: 'checkout + pay (Serial)',
    unit: 'checkouts/s',
    async prepare(server, dataset) {
      if (!server.api.checkout) return { na: NOT_SERVED }
      const serialIds = dataset.meta.serialProductIds
      const pool = CONFIG.serialPoolPerProduct
      for (const [k, id] of serialIds.entries()) {
        const serials = Array.from(
          { length: pool },
          (_, i) => `BENCH-${server.kind}-${k}-${String(i).padStart(6, '0')}`,
        )
        const answer = await call(server.origin, 'PUT', `/_emulator/products/${id}/fulfilment`, { serials })
        if (isRouteMissing(answer)) return { na: 'n/a (route missing: PUT /_emulator/products/:id/fulfilment)' }
        if (answer.status >= 300) return { na: `n/a (code pool refused: ${describe(answer)})` }
      }
      const checkoutBody = (productId) =>
        JSON.stringify({ items: [{ productId, quantity: 1 }], email: 'bench.buyer@example.com' })
      const checkout = await call(
        server.origin,
        'POST',
        `/storefront/${SHOP_SLUG}/checkout`,
        JSON.parse(checkoutBody(serialIds[0])),
        { auth: false },
      )
      if (isRouteMissing(checkout)) return { na: 'n/a (route missing: POST /storefront/:shop/checkout)' }
      if (checkout.status !== 201 || typeof checkout.json?.order?.id !== 'string')
        return { na: `n/a (checkout answered ${describe(checkout)})` }
      const pay = await call(server.origin, 'POST', `/_emulator/orders/${checkout.json.order.id}/pay`, {})
      if (isRouteMissing(pay)) return { na: 'n/a (route missing: POST /_emulator/orders/:id/pay)' }
      if (pay.status >= 300) return { na: `n/a (pay answered ${describe(pay)})` }
      const delivered = JSON.stringify(pay.json ?? {}).includes(`BENCH-${server.kind}-0-`)
      // Each completed checkout takes one code; stop before the pools run dry.
      let used = 1
      const capacity = serialIds.length * pool
      return {
        note: delivered
          ? 'a code was delivered in the pay answer'
          : 'no code visible in the pay answer (checked loosely)',
        options: (holder) => {
          let next = 0
          const latencies = []
          holder.iterationLatencies = latencies
          return {
            requests: [
              {
                method: 'POST',
                path: `/storefront/${SHOP_SLUG}/checkout`,
                headers: { 'content-type': 'application/json' },
                setupRequest: (request, context) => {
                  context.started = performance.now()
                  context.orderId = undefined
                  return { ...request, body: checkoutBody(serialIds[next++ % serialIds.length]) }
                },
                onResponse: (status, body, context) => {
                  if (status === 201) {
                    try {
                      context.orderId = JSON.parse(body).order.id
                    } catch {
                      /* counted as a failed iteration */
                    }
                  }
                },
              },
              {
                method: 'POST',
                headers: JSON_AUTH,
                body: '{}',
                setupRequest: (request, context) =>
                  context.orderId ? { ...request, path: `/_emulator/orders/${context.orderId}/pay` } : null,
                onResponse: (status, _body, context) => {
                  if (status >= 200 && status < 300) latencies.push(performance.now() - context.started)
                  used++
                  if (used >= capacity - 2 * CONFIG.connections) {
                    holder.exhausted = true
                    holder.instance?.stop()
                  }
                },
              },
            ],
          }
        },
      }
    },
  },
]

/** Probes the route on one server and warms it up; `{ na }` when the case cannot run there. */
async function prepareCase(server, caseDef, dataset) {
  let prepared
  try {
    prepared = await caseDef.prepare(server, dataset)
  } catch (error) {
    prepared = { na: `n/a (probe failed: ${error.message})` }
  }
  if (prepared.na) return prepared
  await cannon({
    url: server.origin,
    connections: CONFIG.connections,
    timeout: 30,
    ...prepared.options({}),
    duration: CONFIG.warmupSeconds,
  })
  return { ...prepared, slices: [] }
}

/** The longest wait for a server to finish what its slice sent it. */
const SETTLE_LIMIT_MS = 60_000

/**
 * Waits until the server has finished the requests its slice left in flight (its CPU time stops
 * growing), so that work never lands in the next server's slice: json-server at 100,000 products
 * goes on rewriting its 142 MB file for seconds after a create slice, on the core and the disk the
 * next server's slice measures.
 */
async function settle(server) {
  const started = performance.now()
  for (let last = readCpuMs(server.pid); performance.now() - started < SETTLE_LIMIT_MS; ) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = readCpuMs(server.pid)
    if (now - last < 5) return
    last = now
  }
  log(`bench: ${server.label} was still busy ${SETTLE_LIMIT_MS / 1000} s after its slice`)
}

/** Runs `work` with `server` the only one of the bench's servers let run; then waits for it to settle. */
async function alone(server, work) {
  resumeServer(server)
  try {
    return await work()
  } finally {
    await settle(server)
    pauseServer(server)
  }
}

/** One measured slice of a case on one server; slices of all servers alternate (see main). */
async function runSlice(server, prepared, seconds) {
  const holder = {}
  const cpuBefore = readCpuMs(server.pid)
  const result = await cannon(
    {
      url: server.origin,
      connections: CONFIG.connections,
      timeout: 30,
      ...prepared.options(holder),
      duration: seconds,
    },
    holder,
  )
  const cpuMs = readCpuMs(server.pid) - cpuBefore
  prepared.slices.push({ result, cpuMs, iterationLatencies: holder.iterationLatencies, exhausted: holder.exhausted })
}

function summarise(prepared) {
  if (prepared.na) return { na: prepared.na }
  const codes = {}
  let seconds = 0
  let errors = 0
  let non2xx = 0
  let requests = 0
  const latencies = []
  const iterations = []
  let exhausted = false
  let cpuMs = 0
  for (const slice of prepared.slices) {
    cpuMs += slice.cpuMs
    const r = slice.result
    for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {}))
      codes[code] = (codes[code] ?? 0) + Number(count)
    seconds += r.duration
    errors += r.errors + r.timeouts
    non2xx += r.non2xx
    requests += r.requests.total
    for (const ms of r.latencyMs) latencies.push(ms)
    if (slice.iterationLatencies) for (const ms of slice.iterationLatencies) iterations.push(ms)
    exhausted ||= Boolean(slice.exhausted)
  }
  const ok = Object.entries(codes)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0)
  const summary = {
    requestsPerSecond: ok / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.reduce((a, b) => Math.max(a, b), 0),
    errors,
    non2xx,
    requests,
    statusCodes: codes,
    seconds,
    // Server CPU (all threads) per answered request: far less sensitive than req/s to other load on the machine.
    cpuMsPerRequest: ok ? cpuMs / ok : undefined,
    slices: prepared.slices.map((slice) => ({
      seconds: slice.result.duration,
      ok: Object.entries(slice.result.statusCodeStats ?? {})
        .filter(([c]) => c.startsWith('2'))
        .reduce((sum, [, v]) => sum + Number(v.count), 0),
    })),
    note: prepared.note,
  }
  if (prepared.slices.some((slice) => slice.iterationLatencies)) {
    // A checkout + pay is two requests: report whole iterations (the per-request figures stay in `perRequest`).
    summary.perRequest = { requestsPerSecond: summary.requestsPerSecond, p50Ms: summary.p50Ms, p99Ms: summary.p99Ms }
    summary.requestsPerSecond = iterations.length / seconds
    summary.p50Ms = percentile(iterations, 50)
    summary.p99Ms = percentile(iterations, 99)
    summary.maxMs = iterations.reduce((a, b) => Math.max(a, b), 0)
    summary.iterations = iterations.length
    summary.cpuMsPerRequest = iterations.length ? cpuMs / iterations.length : undefined
    if (exhausted) summary.note = `${summary.note ?? ''}; stopped early: code pools nearly used up`.replace(/^; /, '')
  }
  return summary
}

// ---------------------------------------------------------------------------------------------
// CLI start-up

function benchCli() {
  const commands = [
    { id: 'node', label: 'node -e 0', args: ['-e', '0'] },
    { id: 'help', label: 'store --help', args: [STORE_BIN, '--help'] },
    { id: 'version', label: 'store --version', args: [STORE_BIN, '--version'] },
  ]
  const times = Object.fromEntries(commands.map((c) => [c.id, []]))
  const exits = {}
  const runOnce = (command) => {
    const started = performance.now()
    const result = spawnSync(process.execPath, command.args, {
      cwd: ROOT,
      stdio: 'ignore',
      env: { ...env, NO_COLOR: '1' },
    })
    exits[command.id] = result.status
    return performance.now() - started
  }
  for (const command of commands) runOnce(command) // warm the file cache; not counted
  // Interleaved, so a burst of load from elsewhere hits all three alike.
  for (let i = 0; i < CONFIG.cliRuns; i++) for (const command of commands) times[command.id].push(runOnce(command))
  return Object.fromEntries(
    commands.map((c) => [
      c.id,
      { label: c.label, medianMs: median(times[c.id]), runs: times[c.id], exitCode: exits[c.id] },
    ]),
  )
}

// ---------------------------------------------------------------------------------------------
// Report

const fmt = {
  rate: (v) => (v === undefined ? '—' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1)),
  ms: (v) => (v === undefined || v === null ? '—' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)),
  na: (text) => text.replace(/:.*\)$/, ')'),
  ratio: (v) => (v === undefined || !Number.isFinite(v) ? '—' : `${v.toFixed(2)}x`),
  mb: (v) => (v === undefined ? '—' : `${Math.round(v)} MB`),
  size: (n) => (n >= 1000 ? `${n / 1000}k` : String(n)),
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
  const line = (cells) =>
    cells
      .map((cell, i) => (i === 0 || i === 1 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i])))
      .join('  ')
      .trimEnd()
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

/** The envelope's own targets (the floor's, the clock's and the streams' are evaluated beside them). */
function evaluate(results) {
  const targets = []
  const add = (name, figure, target, pass, detail) =>
    targets.push({ name, figure, target, result: pass === undefined ? 'N/A' : pass ? 'PASS' : 'MISS', detail })
  const cli = results.cli
  if (!cli) return targets
  for (const [what, figure] of [
    ['store --help', cli.help],
    ['store --version', cli.version],
  ]) {
    const ratio = figure.medianMs / cli.node.medianMs
    add(
      `${what} vs node -e 0 (median)`,
      `${fmt.ratio(ratio)} (${fmt.ms(figure.medianMs)} / ${fmt.ms(cli.node.medianMs)} ms)`,
      `≤ ${TARGET.cliVsNode}x`,
      ratio <= TARGET.cliVsNode,
    )
  }
  return targets
}

function report(results) {
  const out = []
  const m = results.machine
  out.push(
    `store bench — ${m.cpuModel} × ${m.cpus}, ${Math.round(m.totalMemoryMb / 1024)} GB RAM, ${m.os}, node ${m.node}${results.config.quick ? '  [BENCH_QUICK]' : ''}`,
  )
  out.push(
    `${results.config.connections} connections; per server and case ${results.config.warmupSeconds} s warm-up, then ${results.config.durationSeconds} s measured in ${results.config.sliceSeconds} s slices alternating between servers; loadavg at start ${m.loadavgStart.map((l) => l.toFixed(2)).join(' ')}, at end ${results.loadavgEnd.map((l) => l.toFixed(2)).join(' ')}`,
  )
  out.push('')
  out.push(
    table(
      [
        'products',
        'case',
        'file req/s',
        'p50 ms',
        'p99 ms',
        `p99≤${VS_FLOOR.readP99Ms}`,
        'err/non2xx',
        'CPU ms/req',
        ':memory: req/s',
        ':memory: p99',
        ':memory: CPU',
        'file/:memory:',
      ],
      results.cases.map((row) => {
        const { file, memory } = row
        if (file.na)
          return [
            fmt.size(row.products),
            row.label,
            'n/a',
            '',
            '',
            hasP99Target(row) ? 'N/A' : '',
            '',
            '',
            memory.na ? 'n/a' : fmt.rate(memory.requestsPerSecond),
            memory.na ? '' : fmt.ms(memory.p99Ms),
            memory.na ? '' : fmt.ms(memory.cpuMsPerRequest),
            '',
          ]
        return [
          fmt.size(row.products),
          row.label,
          fmt.rate(file.requestsPerSecond),
          fmt.ms(file.p50Ms),
          fmt.ms(file.p99Ms),
          hasP99Target(row) ? (file.p99Ms <= VS_FLOOR.readP99Ms ? 'PASS' : 'MISS') : '',
          `${file.errors}/${file.non2xx}`,
          fmt.ms(file.cpuMsPerRequest),
          memory.na ? 'n/a' : fmt.rate(memory.requestsPerSecond),
          memory.na ? '' : fmt.ms(memory.p99Ms),
          memory.na ? '' : fmt.ms(memory.cpuMsPerRequest),
          memory.na ? '' : fmt.ratio(file.requestsPerSecond / memory.requestsPerSecond),
        ]
      }),
    ),
  )
  out.push(
    '(checkout + pay: whole iterations per second, their latency and CPU, two requests each; CPU ms/req: server CPU time, all threads, per answered request)',
  )
  const reasons = new Set(
    results.cases.flatMap((row) => [row.file.na, row.memory.na].filter(Boolean).map((na) => `${row.label}: ${na}`)),
  )
  for (const reason of reasons) out.push(`  ${reason}`)
  out.push('')
  out.push(
    table(
      [
        'products',
        'db file',
        'start-up',
        ':memory: start-up',
        'RSS after load',
        'peak serving',
        'peak incl. shutdown',
        'shutdown flush',
      ],
      results.datasets.map((d) => [
        fmt.size(d.products),
        `${(d.bytes / 1e6).toFixed(1)} MB`,
        `${fmt.ms(d.file.startupMs)} ms`,
        `${fmt.ms(d.memory?.startupMs)} ms`,
        fmt.mb(d.file.afterLoadRssMb),
        fmt.mb(d.file.servingPeakMb),
        fmt.mb(d.file.peakMb),
        `${fmt.ms(d.file.shutdownMs)} ms`,
      ]),
    ),
  )
  if (results.cli) {
    out.push('')
    out.push(
      table(
        ['command', '', 'median ms', 'exit'],
        Object.values(results.cli).map((c) => [c.label, '', fmt.ms(c.medianMs), c.exitCode]),
      ),
    )
  }
  out.push('')
  out.push(
    table(
      ['target (file store)', 'figure', 'target', 'result'],
      results.targets.map((t) => [t.name, t.result === 'N/A' ? fmt.na(t.figure) : t.figure, t.target, t.result]),
    ),
  )
  const create = results.cases.find(
    (c) => c.case === 'create' && c.products === Math.max(...results.datasets.map((d) => d.products)),
  )?.file
  if (create?.cpuMsPerRequest) {
    out.push('')
    out.push(
      `server CPU per create at ${fmt.size(Math.max(...results.datasets.map((d) => d.products)))}: ${fmt.ms(create.cpuMsPerRequest)} ms, so ≈ ${fmt.rate(1000 / create.cpuMsPerRequest)} creates/s is about the most one core gives at that cost, whatever else runs`,
    )
  }
  const misses = results.targets.filter((t) => t.result === 'MISS').length
  const nas = results.targets.filter((t) => t.result === 'N/A').length
  out.push('')
  out.push(
    `${results.targets.length - misses - nas} PASS, ${misses} MISS, ${nas} N/A — in ${results.totalSeconds.toFixed(0)} s; written to ${relative(ROOT, OUT)}`,
  )
  return out.join('\n')
}

// ---------------------------------------------------------------------------------------------

/** `BENCH_ONLY=accounts`: the account and saved-state targets alone, printed and not written. */
function reportAccountsOnly(accounts) {
  const rows = accountsTargets(accounts, fmt).map(([name, figure, target, pass]) => [
    name,
    figure,
    target,
    pass ? 'PASS' : 'MISS',
  ])
  process.stdout.write(
    `store bench (accounts only) — node ${process.version}; loadavg ${accounts.loadavg.map((l) => l.toFixed(2)).join(' ')}\n\n${table(['target', 'figure', 'goal', 'result'], rows)}\n`,
  )
}

/** `BENCH_ONLY=drift`: the drift target alone, printed and not written. */
function reportDriftOnly(drift) {
  const rows = driftTargets(drift, fmt).map(([name, figure, target, pass]) => [
    name,
    figure,
    target,
    pass ? 'PASS' : 'MISS',
  ])
  process.stdout.write(
    `store bench (drift only) — node ${process.version}; loadavg ${drift.loadavg.map((l) => l.toFixed(2)).join(' ')}\n\n${table(['target', 'figure', 'goal', 'result'], rows)}\n`,
  )
}

/** `BENCH_ONLY=library`: the library and start-up targets alone, printed and not written. */
function reportLibraryOnly(results) {
  const rows = []
  const add = (name, figure, target, pass) => rows.push([name, figure, target, pass ? 'PASS' : 'MISS'])
  for (const row of libraryTargets(results.library, fmt)) add(...row)
  const m = results.machine
  process.stdout.write(
    `store bench (library only) — ${m.cpuModel} × ${m.cpus}, node ${m.node}; loadavg ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; start-up timed with ${results.library.startup.tool}\n\n${table(['target', 'figure', 'goal', 'result'], rows)}\n`,
  )
}

/** The clock-advance curve and the event-stream fan-out (the emulator under heavy use). */
async function benchHeavyUse(only, pin) {
  const out = {}
  if (!only || only === 'clock') out.clock = await benchClock({ quick: QUICK, log, pin })
  if (!only || only === 'streams') out.streams = await benchEventStreams({ quick: QUICK, log, pin })
  return out
}

function heavyUseTargets(heavy) {
  return [
    ...(heavy.clock ? clockTargets(heavy.clock) : []),
    ...(heavy.streams ? eventStreamTargets(heavy.streams) : []),
  ].map(([name, figure, target, pass]) => ({
    name,
    figure,
    target,
    result: pass === undefined ? '' : pass ? 'PASS' : 'MISS',
  }))
}

async function main() {
  checkBuild()
  mkdirSync(DATA_DIR, { recursive: true })
  if (env.BENCH_ONLY === 'clock' || env.BENCH_ONLY === 'streams') {
    const targets = heavyUseTargets(await benchHeavyUse(env.BENCH_ONLY, pinCores(env)))
    process.stdout.write(
      `store bench (${env.BENCH_ONLY} only); loadavg ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n\n${table(
        ['target', 'figure', 'goal', 'result'],
        targets.map((t) => [t.name, t.figure, t.target, t.result]),
      )}\n`,
    )
    return
  }
  const cpus = os.cpus()
  const results = {
    generatedAt: new Date().toISOString(),
    config: CONFIG,
    targets: [],
    machine: {
      cpuModel: cpus[0]?.model ?? 'unknown',
      cpus: cpus.length,
      totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      loadavgStart: os.loadavg(),
      pinning: undefined,
    },
    code: codeState(),
    datasets: [],
    cases: [],
    cli: undefined,
    notes: [
      'Loopback only; autocannon runs in the bench process, the server in its own child process.',
      'The machine may be shared: other work running at the same time makes these figures noisy (see loadavg).',
    ],
  }

  if (env.BENCH_ONLY === 'accounts') return reportAccountsOnly(await benchAccounts({ log }))
  if (env.BENCH_ONLY === 'drift') return reportDriftOnly(await benchDrift({ log }))
  const pin = pinCores(env)
  results.machine.pinning = pin.pinned
    ? `servers pinned to core ${pin.server}, load to core ${pin.load} (taskset)`
    : 'not pinned to cores'
  const flags = env.BENCH_SERVER_FLAGS ? env.BENCH_SERVER_FLAGS.split(/\s+/).filter(Boolean) : []
  const only = env.BENCH_CASES ? new Set(env.BENCH_CASES.split(',')) : undefined

  if (!only || only.has('library') || env.BENCH_ONLY === 'library') {
    log(`bench: [${elapsed()}] CLI start-up (${CONFIG.cliRuns} runs each)…`)
    results.cli = benchCli()
    results.library = await benchLibrary({ runs: CONFIG.cliRuns, log })
  }
  if (env.BENCH_ONLY === 'library') return reportLibraryOnly(results)
  if (!only || only.has('accounts')) results.accounts = await benchAccounts({ log })

  // Every server is started at once, but only the one measured runs (see pauseServer). The measured
  // time of each case is cut into slices that alternate between them, so a burst of load from
  // elsewhere on the machine, or a rebuild of dist/ mid-run, does not land on one dataset only: the
  // 100k-vs-1k and file/floor ratios compare like with like.
  const datasets = CONFIG.sizes.map((size) => ({ size, ...ensureDataset(size) }))
  const servers = []
  try {
    for (const dataset of datasets) {
      log(`bench: [${elapsed()}] ${fmt.size(dataset.size)} products: starting ${CONFIG.kinds.join(', ')}…`)
      const entry = {
        products: dataset.size,
        orders: dataset.meta.orders,
        bytes: statSync(dataset.file).size,
        generatedMs: dataset.generatedMs,
      }
      results.datasets.push(entry)
      for (const kind of CONFIG.kinds) {
        const server = await startServer(kind, { file: dataset.file, pin, flags, name: datasetName(dataset.size) })
        entry[kind] = {
          startupMs: server.startupMs,
          afterLoadRssMb: mb(server.afterLoad?.rssKb),
          afterLoadPeakMb: mb(server.afterLoad?.hwmKb),
        }
        servers.push({ ...server, dataset, entry: entry[kind] })
        pauseServer(server)
      }
    }
    const rounds = Math.max(1, Math.round(CONFIG.durationSeconds / CONFIG.sliceSeconds))
    for (const caseDef of CASES.filter((c) => !only || only.has(c.id))) {
      log(`bench: [${elapsed()}]   ${caseDef.label}`)
      const prepared = []
      for (const server of servers)
        prepared.push(await alone(server, () => prepareCase(server, caseDef, server.dataset)))
      for (let round = 0; round < rounds; round++) {
        // Alternate the order each round so a trend in background load evens out.
        const order = servers.map((_, i) => i)
        if (round % 2) order.reverse()
        for (const i of order) {
          if (prepared[i].na) continue
          await alone(servers[i], () => runSlice(servers[i], prepared[i], CONFIG.durationSeconds / rounds))
        }
      }
      for (const dataset of datasets) {
        const row = { products: dataset.size, case: caseDef.id, label: caseDef.label }
        for (const kind of Object.keys(KINDS)) {
          const i = servers.findIndex((s) => s.dataset === dataset && s.kind === kind)
          row[kind] = i < 0 ? { na: 'n/a (not run)' } : summarise(prepared[i])
          if (i < 0) continue
          // Memory after each case, to tell what the bench itself added (creates) from load-time peaks.
          const status = readStatus(servers[i].pid)
          if (!row[kind].na) Object.assign(row[kind], { rssAfterMb: mb(status?.rssKb), hwmAfterMb: mb(status?.hwmKb) })
        }
        results.cases.push(row)
      }
    }
  } finally {
    for (const server of servers) {
      const stopped = await stopServer(server)
      Object.assign(server.entry, stopped)
      const name = `${fmt.size(server.dataset.size)} ${server.kind}`
      if (stopped.exit.code !== 0 && !(KINDS[server.kind].stopsBySignal && stopped.exit.signal === 'SIGTERM'))
        results.notes.push(
          `${name}: exited with ${stopped.exit.signal ?? stopped.exit.code} after SIGTERM: ${server.stderr().slice(-400)}`,
        )
      if (stopped.leftovers.length)
        results.notes.push(`${name}: after a clean shutdown the db folder still held ${stopped.leftovers.join(', ')}`)
    }
  }
  // After the cases: run before them, the start-up runs (each writing and freeing a 142 MB db and a
  // server's memory) left every server's list p99 near 21 ms in the first case, the floor's too,
  // which was 3–4 ms without them.
  if (!only || only.has('startup')) {
    log(`bench: [${elapsed()}] start-up from a seed file and from an existing db (${CONFIG.startupRuns} runs each)…`)
    results.startup = await benchStartup({ datasets, runs: CONFIG.startupRuns, pin, flags, log })
  }
  const codeAtEnd = codeState()
  if (codeAtEnd.distBuiltAt !== results.code.distBuiltAt) {
    results.notes.push(
      `dist/ was rebuilt during the run (${results.code.distBuiltAt} → ${codeAtEnd.distBuiltAt}); every server had loaded its code at start, so all figures are of the first build`,
    )
  }

  if (!env.BENCH_CASES) results.heavyUse = await benchHeavyUse(undefined, pin)
  if (!env.BENCH_CASES) results.drift = await benchDrift({ log })
  results.loadavgEnd = os.loadavg()
  results.totalSeconds = (performance.now() - benchStarted) / 1000
  results.targets = [
    ...evaluate(results),
    ...(results.heavyUse ? heavyUseTargets(results.heavyUse) : []),
    ...(results.drift
      ? driftTargets(results.drift, fmt).map(([name, figure, target, pass]) => ({
          name,
          figure,
          target,
          result: pass ? 'PASS' : 'MISS',
        }))
      : []),
  ]
  results.vsFloorTargets = evaluateVsFloor(results, fmt)
  mkdirSync(join(OUT, '..'), { recursive: true })
  writeFileSync(OUT, `${JSON.stringify(results, null, 2)}\n`)
  const chart = chartSvg(results)
  if (chart) writeFileSync(OUT.replace(/\.json$/, '.svg'), chart)
  process.stdout.write(`\n${report(results)}\n\n${reportVsFloor(results, { fmt, table })}\n`)
}

main().catch((error) => {
  log(`bench: ${error.stack ?? error}`)
  process.exitCode = 1
})
