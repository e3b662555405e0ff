// The library and CLI figures of the bench: import time of the package root against zod alone,
// the minified size of a browser bundle of an app that uses StoreClient, and the start-up of
// every command against `node -e 0`, timed with hyperfine (Debian's package, installed with apt
// when absent and possible) or, failing that, with a timing loop of our own.
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { ROOT, median } from './common.js'

export const LIBRARY_TARGET = {
  /** `import('online-store-cli')` (the client and every schema) against `import('zod')` alone. */
  importVsZod: 2.5,
  /** A browser app that calls StoreClient, minified. */
  bundleKb: 20,
  /** Every command, and `store products list` against a running emulator, against `node -e 0`. */
  commandVsNode: 1.5,
}

const STORE_BIN = join(ROOT, 'bin/store.js')
const KEY = 'sk_live_bench_library_key_0000000000000'
const COMMANDS = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { COMMANDS } = await import(${JSON.stringify(join(ROOT, 'dist/cli/commands-index.js'))}); console.log(JSON.stringify(COMMANDS.map((c) => c.name)))`,
    ],
    { encoding: 'utf8' },
  ),
)

/** Median ms of `await import(specifier)` in fresh processes, each import timed inside the process. */
function importMs(specifier, runs) {
  const times = []
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const t = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - t)`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    )
    times.push(Number(out.trim()))
  }
  return median(times)
}

export function benchImport(runs) {
  // Interleaved pairs would need twice the processes; a warm-up of each fills the file cache.
  importMs('zod', 1)
  importMs(join(ROOT, 'dist/index.js'), 1)
  const zodMs = importMs('zod', runs)
  const rootMs = importMs(join(ROOT, 'dist/index.js'), runs)
  return { zodMs, rootMs, ratio: rootMs / zodMs, runs }
}

async function bundleSize(contents) {
  const result = await build({
    stdin: { contents, resolveDir: ROOT },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0].contents
  return { minifiedBytes: code.length, gzipBytes: gzipSync(code).length }
}

export async function benchBundle() {
  const client = await bundleSize(
    `import { StoreClient } from './dist/index.js'
     const client = new StoreClient({ baseUrl: 'https://shop.example/api/v1', apiKey: 'sk_live_x' })
     client.products.list().then((page) => console.log(page.products.length))`,
  )
  const withDrift = await bundleSize(
    `import { StoreClient, OPERATIONS } from './dist/index.js'
     const client = new StoreClient({ drift: { operations: OPERATIONS, report: console.warn } })
     client.products.list().then((page) => console.log(page.products.length))`,
  )
  return { client, withDrift }
}

/** hyperfine on PATH, installed from Debian when missing and this user may; undefined otherwise. */
function findHyperfine(log) {
  const has = () => spawnSync('hyperfine', ['--version'], { stdio: 'ignore' }).status === 0
  if (has()) return 'hyperfine'
  if (process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0) {
    log('bench: hyperfine is missing; installing Debian’s package…')
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore' })
    spawnSync('apt-get', ['install', '-y', '-qq', 'hyperfine'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    })
    if (has()) return 'hyperfine'
  }
  return undefined
}

/** A `store serve` on a free port for the commands that talk to an API; resolves with its base URL. */
function startServe() {
  const child = spawn(
    process.execPath,
    [STORE_BIN, 'serve', '--port', '0', '--db', ':memory:', '--api-key', KEY, '--quiet'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const api = /API\s+(http:\/\/\S+)/.exec(out)
      if (api) resolve({ child, baseUrl: api[1] })
    })
    child.once('exit', (code) => reject(new Error(`store serve exited ${code}: ${out}`)))
  })
}

export async function benchStartup({ runs, log }) {
  const server = await startServe()
  const env = { ...process.env, NO_COLOR: '1', STORE_BASE_URL: server.baseUrl, STORE_API_KEY: KEY }
  const cases = [
    { id: 'node', label: 'node -e 0', args: ['-e', '0'] },
    { id: 'version', label: 'store --version', args: [STORE_BIN, '--version'] },
    { id: 'help', label: 'store --help', args: [STORE_BIN, '--help'] },
    ...COMMANDS.map((name) => ({
      id: `help:${name}`,
      label: `store ${name} --help`,
      args: [STORE_BIN, name, '--help'],
    })),
    { id: 'help-topic', label: 'store help coupons', args: [STORE_BIN, 'help', 'coupons'] },
    { id: 'products-list', label: 'store products list (running emulator)', args: [STORE_BIN, 'products', 'list'] },
    { id: 'coupons-list', label: 'store coupons list (running emulator)', args: [STORE_BIN, 'coupons', 'list'] },
  ]
  try {
    const hyperfine = findHyperfine(log)
    const measured = hyperfine ? withHyperfine(cases, runs, env) : withLoop(cases, runs, env)
    return { tool: hyperfine ? 'hyperfine' : 'own timing loop (hyperfine not found)', runs, cases: measured }
  } finally {
    server.child.kill('SIGTERM')
  }
}

/**
 * hyperfine in rounds: each round times every command a few times, so load that comes and goes
 * on a shared machine lands on all commands alike rather than on whichever ran then.
 */
function withHyperfine(cases, runs, env) {
  const dir = mkdtempSync(join(os.tmpdir(), 'store-bench-'))
  const rounds = Math.max(1, Math.min(5, Math.floor(runs / 3)))
  const times = cases.map(() => [])
  const user = cases.map(() => [])
  const exits = cases.map(() => new Set())
  try {
    const file = join(dir, 'hyperfine.json')
    const quote = (s) => `'${s.replace(/'/g, `'\\''`)}'`
    const commands = cases.map((c) => [process.execPath, ...c.args].map(quote).join(' '))
    for (let round = 0; round < rounds; round++) {
      const perRound = Math.max(2, Math.round(runs / rounds))
      const result = spawnSync(
        'hyperfine',
        ['-N', '--warmup', '2', '--runs', String(perRound), '--export-json', file, '--style', 'none', ...commands],
        { env, stdio: ['ignore', 'ignore', 'inherit'] },
      )
      if (result.status !== 0) throw new Error(`hyperfine exited ${result.status}`)
      JSON.parse(readFileSync(file, 'utf8')).results.forEach((r, i) => {
        times[i].push(...r.times.map((t) => t * 1000))
        user[i].push(r.user * 1000)
        for (const code of r.exit_codes) exits[i].add(code)
      })
    }
    return cases.map((c, i) => ({
      id: c.id,
      label: c.label,
      medianMs: median(times[i]),
      userMs: median(user[i]),
      runs: times[i].length,
      exitCodes: [...exits[i]],
    }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function withLoop(cases, runs, env) {
  const times = Object.fromEntries(cases.map((c) => [c.id, []]))
  const exits = Object.fromEntries(cases.map((c) => [c.id, new Set()]))
  const once = (c) => {
    const started = performance.now()
    const result = spawnSync(process.execPath, c.args, { cwd: ROOT, stdio: 'ignore', env })
    exits[c.id].add(result.status)
    return performance.now() - started
  }
  for (const c of cases) once(c)
  // Interleaved, so a burst of load from elsewhere hits every command alike.
  for (let i = 0; i < runs; i++) for (const c of cases) times[c.id].push(once(c))
  return cases.map((c) => ({ id: c.id, label: c.label, medianMs: median(times[c.id]), exitCodes: [...exits[c.id]] }))
}

/** Target rows, in the shape of the bench's own: name, figure, target, pass (undefined: not measured). */
export function libraryTargets(library, fmt) {
  const rows = []
  const { imports, bundle, startup } = library
  rows.push([
    'import of the package root vs zod alone (median)',
    `${fmt.ratio(imports.ratio)} (${fmt.ms(imports.rootMs)} / ${fmt.ms(imports.zodMs)} ms)`,
    `≤ ${LIBRARY_TARGET.importVsZod}x`,
    imports.ratio <= LIBRARY_TARGET.importVsZod,
  ])
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
  rows.push([
    'browser bundle of an app using StoreClient (minified)',
    `${kb(bundle.client.minifiedBytes)} (${kb(bundle.client.gzipBytes)} gzip)`,
    `≤ ${LIBRARY_TARGET.bundleKb} KB`,
    bundle.client.minifiedBytes <= LIBRARY_TARGET.bundleKb * 1024,
  ])
  const node = startup.cases.find((c) => c.id === 'node')
  for (const c of startup.cases) {
    if (c.id === 'node') continue
    const ratio = c.medianMs / node.medianMs
    rows.push([
      `${c.label} vs node -e 0 (median, ${startup.tool === 'hyperfine' ? 'hyperfine' : 'own loop'})`,
      `${fmt.ratio(ratio)} (${fmt.ms(c.medianMs)} / ${fmt.ms(node.medianMs)} ms${c.userMs ? `; user CPU ${fmt.ratio(c.userMs / node.userMs)}` : ''})${c.exitCodes.every((x) => x === 0) ? '' : ` exit ${c.exitCodes.join(',')}`}`,
      `≤ ${LIBRARY_TARGET.commandVsNode}x`,
      c.exitCodes.every((x) => x === 0) && ratio <= LIBRARY_TARGET.commandVsNode,
    ])
  }
  return rows
}

export async function benchLibrary({ runs, log }) {
  log('bench: package root import vs zod…')
  const imports = benchImport(runs)
  log('bench: browser bundle of a StoreClient app…')
  const bundle = await benchBundle()
  log(`bench: start-up of every command (${runs} runs each)…`)
  const startup = await benchStartup({ runs, log })
  return { imports, bundle, startup }
}
