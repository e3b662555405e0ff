// The servers the bench runs side by side, how each is started and stopped, and what it serves
// where: `store serve` on a copy of the db file (and, when asked for, the same without its request
// log), the same emulator on `:memory:`, the hono + zod floor, and json-server 1 as a peer.
// Servers run pinned to one core and the load generator to another (taskset), so the two never
// compete for a core on a 2-core machine.
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import { join } from 'node:path'
import { BENCH_DIR, BENCH_KEY, DATA_DIR, ROOT } from './common.js'

const STORE_BIN = join(ROOT, 'bin/store.js')
const JSON_SERVER_BIN = join(ROOT, 'node_modules/json-server/lib/bin.js')
const RUN_DIR = join(DATA_DIR, 'run')
const API_BANNER = /API\s+(https?:\/\/\S+)\/api\/v1/

const api = {
  list: '/api/v1/products?limit=100',
  get: (id) => `/api/v1/products/${id}`,
  create: '/api/v1/products',
  orders: '/api/v1/orders',
  listed: (json) => json?.products,
}

/** Every kind of server: its label, its command line, and the paths of each case on it (absent: not served). */
export const KINDS = {
  file: {
    label: 'store serve',
    // A copy of the db file `file`; or a new db filled from `seed`; or the db file `db` itself.
    command: ({ file, folder, seed, db }) => [
      STORE_BIN,
      'serve',
      '--db',
      db ?? (seed ? join(folder, 'store.json') : copyInto(file, folder, 'store.json')),
      '--port',
      '0',
      '--api-key',
      BENCH_KEY,
      '--quiet',
      '--seed',
      seed ?? 'empty',
      // The checkout case buys thousands a second from one address: no per-visitor storefront limit.
      '--storefront-rate-limit',
      'off',
    ],
    api: { ...api, checkout: true },
  },
  // The same, recording no requests for the inspector: what recording costs. Run only when asked
  // for (BENCH_KINDS=file,unrecorded,floor): its slices alternate with the others'.
  unrecorded: {
    label: 'store serve --no-request-log',
    isOptional: true,
    command: (o) => [...KINDS.file.command(o), '--no-request-log'],
    api: { ...api, checkout: true },
  },
  memory: {
    label: 'emulator on :memory:',
    command: ({ file }) => [join(BENCH_DIR, 'memory-server.js'), file, '--port', '0', '--api-key', BENCH_KEY],
    api: { ...api, checkout: true },
  },
  floor: {
    label: 'hono+zod floor',
    command: ({ file, check }) => [
      join(BENCH_DIR, 'floor-hono.js'),
      file,
      '--port',
      '0',
      '--api-key',
      BENCH_KEY,
      ...(check ? ['--check'] : []),
    ],
    api: { list: api.list, get: api.get, create: api.create, listed: api.listed },
  },
  jsonServer: {
    label: 'json-server 1',
    command: ({ file, folder, port }) => [
      JSON_SERVER_BIN,
      copyInto(file, folder, 'db.json'),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    needsPort: true,
    stopsBySignal: true,
    banner: /JSON Server started on PORT :(\d+)/,
    origin: (match) => `http://127.0.0.1:${match[1]}`,
    // The same page as the others: Live products, newest first, 100 of them.
    api: {
      list: '/products?status=Live&_sort=-createdAt&_page=1&_per_page=100',
      get: (id) => `/products/${id}`,
      create: '/products',
      listed: (json) => json?.data,
    },
  },
}

function copyInto(file, folder, name) {
  const copy = join(folder, name)
  copyFileSync(file, copy)
  return copy
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Cores for the load (this process) and for the servers, when there are at least two and taskset
 * is there (BENCH_PIN=0 turns it off). Pins this process, all its threads, at once.
 */
export function pinCores(env) {
  const cpus = os.cpus().length
  const hasTaskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0
  if (env.BENCH_PIN === '0' || cpus < 2 || !hasTaskset) return { pinned: false, cpus }
  const load = 0
  const server = cpus - 1
  spawnSync('taskset', ['-a', '-p', '-c', String(load), String(process.pid)], { stdio: 'ignore' })
  return { pinned: true, cpus, load, server }
}

let runs = 0

/**
 * Starts one server and waits for its banner. `file` is the data it starts from (`store serve`
 * serves a copy; with `seed` it fills a new db from that seed file instead, with `db` it opens
 * that db file as it is); `check` makes the floor validate what it loads.
 */
export async function startServer(kind, { file, seed, db, check, flags = [], pin, name }) {
  const def = KINDS[kind]
  const folder = join(RUN_DIR, `${name ?? kind}-${process.pid}-${++runs}`)
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const args = def.command({ file, folder, seed, db, check, port: def.needsPort ? await freePort() : 0 })
  const command = pin?.pinned
    ? ['taskset', '-c', String(pin.server), process.execPath, ...flags, ...args]
    : [process.execPath, ...flags, ...args]
  const started = performance.now()
  const child = spawn(command[0], command.slice(1), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  })
  let stdout = ''
  let stderr = ''
  const banner = def.banner ?? API_BANNER
  const origin = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${def.label} did not print its banner within 300 s`)), 300_000)
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    // Keep draining both pipes for the whole run so the child never blocks on a full pipe.
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-8_000)
    })
    child.stdout.on('data', (chunk) => {
      stdout = (stdout + chunk).slice(-8_000)
      const match = banner.exec(stdout)
      if (match) {
        clearTimeout(timer)
        resolve(def.origin ? def.origin(match) : match[1])
      }
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${def.label} exited (${signal ?? code}) before its banner:\n${stderr || stdout}`))
    })
  })
  const startupMs = performance.now() - started
  // CPU time (every thread) up to the banner: far steadier than the wall time on a busy machine.
  const startupCpuMs = readCpuMs(child.pid)
  return {
    kind,
    label: def.label,
    api: def.api,
    child,
    pid: child.pid,
    origin,
    folder,
    startupMs,
    startupCpuMs,
    afterLoad: readStatus(child.pid),
    stderr: () => stderr,
  }
}

/**
 * Stops (SIGSTOP) a server between its slices, and lets it go on (SIGCONT) for its next. The idle
 * servers share the measured one's core: a server left running does its own collection (V8's
 * memory reducer, seconds after its last request), which took hundreds of ms of that core in the
 * middle of another server's slice and set every server's list p99 near 20 ms.
 */
export const pauseServer = (server) => server.child.kill('SIGSTOP')
export const resumeServer = (server) => server.child.kill('SIGCONT')

/** Stops a server (SIGTERM), watching its memory until it exits; removes its folder. */
export async function stopServer(server, { keepFolder = false } = {}) {
  resumeServer(server)
  const serving = readStatus(server.pid)
  let peakKb = serving?.hwmKb ?? Number.NaN
  const started = performance.now()
  const exited = new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      resolve({ code: server.child.exitCode, signal: server.child.signalCode })
    else server.child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  // The shutdown folds everything into the db file: its memory counts towards the peak too.
  const poll = setInterval(() => {
    const status = readStatus(server.pid)
    if (status && Number.isFinite(status.hwmKb)) peakKb = Math.max(peakKb, status.hwmKb)
  }, 20)
  server.child.kill('SIGTERM')
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 120_000)
  const exit = await exited
  clearTimeout(killer)
  clearInterval(poll)
  const shutdownMs = performance.now() - started
  let leftovers = []
  if (server.kind === 'file' || server.kind === 'unrecorded')
    leftovers = readdirSync(server.folder).filter((name) => name !== 'store.json')
  if (!keepFolder) rmSync(server.folder, { recursive: true, force: true })
  return {
    servingPeakMb: mb(serving?.hwmKb),
    servingRssMb: mb(serving?.rssKb),
    peakMb: mb(peakKb),
    shutdownMs,
    exit,
    leftovers,
  }
}

export function readStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN)
    return { hwmKb: kb('VmHWM'), rssKb: kb('VmRSS') }
  } catch {
    return undefined
  }
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100

/** CPU time (user + system, every thread) a process has used so far, in ms; from /proc/<pid>/stat. */
export function readCpuMs(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return Number.NaN
  }
}

export const mb = (kb) => (Number.isFinite(kb) ? kb / 1024 : undefined)
