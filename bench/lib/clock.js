// The clock-advance curve: `store serve` on a db of N monthly subscriptions, advanced one year
// in one POST /_emulator/clock/advance. Figures: the time the answer took, the server's peak RSS
// (VmHWM over its whole life, loading included), the server's longest event-loop pause during the
// advance (loop-monitor.cjs), and the longest wait of a probe that asks for GET /_emulator/clock
// over and over meanwhile from a process of its own (clock-probe.js: that pause, plus the request's
// way and the probe's own scheduling).
// The server runs as `store serve` does for a user, free to use every core (its garbage collector
// and file writes work beside the event loop); the probe runs on the bench's core. At the target's
// size the advance runs a second time with the server on one core of its own, for reference: its
// collector's and file threads then share the event loop's core.
import { fork } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { BENCH_DIR, BENCH_KEY, DATA_DIR, DIST } from './common.js'
import { memoryMb, nextMessage, request, startServe } from './serve.js'

/** The envelope: monthly subscriptions advanced one year, by count; no request waits longer than `waitMs` meanwhile. */
export const CLOCK_TARGET = {
  seconds: { 1000: 10, 10000: 60 },
  peakMb: { 10000: 1024 },
  waitMs: 500,
}

const YEAR_SECONDS = 365 * 86_400

function generatorHash() {
  const text = ['make-subscriptions.js', 'lib/common.js'].map((f) => readFileSync(join(BENCH_DIR, f), 'utf8')).join('')
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

async function ensureSubscriptions(count, log) {
  const file = join(DATA_DIR, `subscriptions-${count}.json`)
  const metaFile = join(DATA_DIR, `subscriptions-${count}.meta.json`)
  const hash = generatorHash()
  let meta
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'))
  } catch {
    /* generate below */
  }
  if (meta?.generator === hash && existsSync(file) && process.env.BENCH_REGEN !== '1') return file
  log(`bench: generating ${count} monthly subscriptions…`)
  const { makeSubscriptions } = await import('../make-subscriptions.js')
  await makeSubscriptions(count, file)
  writeFileSync(metaFile, `${JSON.stringify({ generator: hash, subscriptions: count }, null, 2)}\n`)
  return file
}

/**
 * A copy of the dataset whose clock stands where the subscriptions were made: its stored offset
 * set so that `store serve`, on the real time, starts at SUBSCRIBED_AT.
 */
async function copyAtSubscriptionTime(file, folder) {
  const [{ startEmulator }, { offsetClock }, { SUBSCRIBED_AT }] = await Promise.all([
    import(DIST('emulator/start.js')),
    import(DIST('emulator/deps.js')),
    import('../make-subscriptions.js'),
  ])
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const db = join(folder, 'store.json')
  copyFileSync(file, db)
  const started = await startEmulator({
    db,
    apiKey: BENCH_KEY,
    clock: offsetClock(() => Date.now()),
    random: { bytes: (n) => new Uint8Array(n) },
    fetch: () => Promise.reject(new Error('no network in the bench')),
    sleep: async () => undefined,
    log: () => undefined,
    options: {},
  })
  const offset = SUBSCRIBED_AT - Date.now()
  await started.store.tx((tx) => {
    tx.put('meta', { eventSeq: 0, ...started.store.collections.meta.get('meta'), id: 'meta', clockOffsetMs: offset })
  })
  await started.stop()
  return db
}

async function advanceOnce(count, log, setup, pin) {
  const file = await ensureSubscriptions(count, log)
  const db = await copyAtSubscriptionTime(file, join(DATA_DIR, 'run', `clock-${count}`))
  const loopFile = join(db, '..', 'loop-pause.txt')
  const server = await startServe(db, ['--seed', 'empty'], pin, {
    nodeFlags: [
      '-r',
      join(BENCH_DIR, 'lib', 'loop-monitor.cjs'),
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    env: { BENCH_LOOP_FILE: loopFile },
  })
  const probe = fork(join(BENCH_DIR, 'lib', 'clock-probe.js'), [server.origin], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  try {
    await nextMessage(probe, 'the clock probe')
    process.kill(server.pid, 'SIGUSR2')
    const started = performance.now()
    const answer = await request(server.origin, 'POST', '/_emulator/clock/advance', { seconds: YEAR_SECONDS })
    const seconds = (performance.now() - started) / 1000
    process.kill(server.pid, 'SIGUSR2')
    probe.send('stop')
    const { longestMs: longestProbeMs, probes } = await nextMessage(probe, 'the clock probe')
    const longestPauseMs = await readLoopPause(loopFile)
    const memory = memoryMb(server.pid)
    if (answer.status !== 200) throw new Error(`advance answered ${answer.status}: ${answer.text.slice(0, 400)}`)
    return {
      subscriptions: count,
      setup,
      seconds,
      peakMb: memory?.peak,
      longestPauseMs,
      longestProbeMs,
      probes,
      due: answer.json.due,
    }
  } finally {
    if (probe.exitCode === null) probe.kill()
    await server.stop()
    rmSync(join(db, '..'), { recursive: true, force: true })
  }
}

/** The longest pause the server wrote when its window closed (waits for the file, up to 10 s). */
async function readLoopPause(file) {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8')
      if (text.endsWith('\n')) return Number(text)
    }
    await sleep(20)
  }
  throw new Error(
    `the server wrote no event-loop pause to ${file} within 10 s: check that bench/lib/loop-monitor.cjs is preloaded (node -r) and that BENCH_LOOP_FILE reaches it`,
  )
}

/**
 * The curve at each size (100, 1,000, 10,000; quick runs stop at 1,000), and at 10,000 once more
 * on one core. The bench pins itself to its load core (servers.js pinCores), and a child inherits
 * that: the server is given every core back explicitly.
 */
export async function benchClock({ quick, log, pin }) {
  const sizes = process.env.BENCH_CLOCK_SIZES
    ? process.env.BENCH_CLOCK_SIZES.split(',').map(Number)
    : quick
      ? [100, 1_000]
      : [100, 1_000, 10_000]
  const everyCore = pin?.pinned ? { pinned: true, server: `0-${pin.cpus - 1}` } : undefined
  const curve = []
  for (const count of sizes) {
    log(`bench: clock advance, ${count} monthly subscriptions, one year…`)
    curve.push(await advanceOnce(count, log, 'every core', everyCore))
  }
  return { curve }
}

/** Rows of [name, figure, target, pass] for the report: the envelope where it sets one, the curve elsewhere. */
export function clockTargets(clock) {
  return clock.curve.flatMap((point) => {
    const at = `clock advance 1 year, ${point.subscriptions} monthly subscriptions`
    const row = (what, figure, unit, digits, limit) => {
      const shown = `${figure?.toFixed(digits)} ${unit}`
      return limit === undefined
        ? [`${at}: ${what}`, shown, '(curve)', undefined]
        : [`${at}: ${what}`, shown, `≤ ${limit} ${unit}`, figure <= limit]
    }
    return [
      row('time', point.seconds, 's', 1, CLOCK_TARGET.seconds[point.subscriptions]),
      row('peak RSS', point.peakMb, 'MB', 0, CLOCK_TARGET.peakMb[point.subscriptions]),
      row('longest event-loop pause', point.longestPauseMs, 'ms', 0, undefined),
      row('longest probe wait', point.longestProbeMs, 'ms', 0, CLOCK_TARGET.waitMs),
    ]
  })
}
