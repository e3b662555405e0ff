// The clock-advance curve: `store serve` on a db of N monthly subscriptions, advanced one year
// in one POST /_emulator/clock/advance. Figures: the time the answer took, the server's peak RSS
// (VmHWM over its whole life, loading included), and the longest wait of a probe that asks for
// GET /_emulator/clock over and over meanwhile (an upper bound of the longest event-loop pause).
// As in the floor cases, the server has a core of its own and the probe runs on the other.
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createHash } from 'node:crypto'
import { BENCH_DIR, BENCH_KEY, DATA_DIR, DIST } from './common.js'
import { memoryMb, request, startServe } from './serve.js'

export const CLOCK_TARGET = {
  /** 10,000 monthly subscriptions advanced one year. */
  at: 10_000,
  seconds: 20,
  peakMb: 500,
  pauseMs: 50,
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
    tx.put('meta', { eventSeq: 0, ...started.store.c.meta.get('meta'), id: 'meta', clockOffsetMs: offset })
  })
  await started.stop()
  return db
}

async function advanceOnce(count, log, pin) {
  const file = await ensureSubscriptions(count, log)
  const db = await copyAtSubscriptionTime(file, join(DATA_DIR, 'run', `clock-${count}`))
  const server = await startServe(db, ['--seed', 'empty'], pin)
  try {
    let done = false
    let longestProbeMs = 0
    let probes = 0
    const probe = (async () => {
      while (!done) {
        const started = performance.now()
        await request(server.origin, 'GET', '/_emulator/clock')
        longestProbeMs = Math.max(longestProbeMs, performance.now() - started)
        probes++
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    })()
    const started = performance.now()
    const answer = await request(server.origin, 'POST', '/_emulator/clock/advance', { seconds: YEAR_SECONDS })
    const seconds = (performance.now() - started) / 1000
    done = true
    await probe
    const memory = memoryMb(server.pid)
    if (answer.status !== 200) throw new Error(`advance answered ${answer.status}: ${answer.text.slice(0, 400)}`)
    return { subscriptions: count, seconds, peakMb: memory?.peak, longestProbeMs, probes, due: answer.json.due }
  } finally {
    await server.stop()
    rmSync(join(db, '..'), { recursive: true, force: true })
  }
}

/** The curve at each size (100, 1,000, 10,000; quick runs stop at 1,000). */
export async function benchClock({ quick, log, pin }) {
  const sizes = process.env.BENCH_CLOCK_SIZES
    ? process.env.BENCH_CLOCK_SIZES.split(',').map(Number)
    : quick
      ? [100, 1_000]
      : [100, 1_000, 10_000]
  const curve = []
  for (const count of sizes) {
    log(`bench: clock advance, ${count} monthly subscriptions, one year…`)
    curve.push(await advanceOnce(count, log, pin))
  }
  return { curve }
}

/** Rows of [name, figure, target, pass] for the report. */
export function clockTargets(clock) {
  return clock.curve.flatMap((point) => {
    const at = `clock advance 1 year, ${point.subscriptions} monthly subscriptions`
    const rows = [
      [
        `${at}: longest probe wait`,
        `${point.longestProbeMs.toFixed(0)} ms`,
        `≤ ${CLOCK_TARGET.pauseMs} ms`,
        point.longestProbeMs <= CLOCK_TARGET.pauseMs,
      ],
    ]
    const timed = point.subscriptions === CLOCK_TARGET.at
    rows.unshift(
      [
        `${at}: time`,
        `${point.seconds.toFixed(1)} s`,
        timed ? `≤ ${CLOCK_TARGET.seconds} s` : '(curve)',
        timed ? point.seconds <= CLOCK_TARGET.seconds : undefined,
      ],
      [
        `${at}: peak RSS`,
        `${point.peakMb?.toFixed(0)} MB`,
        timed ? `≤ ${CLOCK_TARGET.peakMb} MB` : '(curve)',
        timed ? point.peakMb <= CLOCK_TARGET.peakMb : undefined,
      ],
    )
    return rows
  })
}
