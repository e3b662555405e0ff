// The event-stream fan-out figure: creates per second against `store serve` with no reader of
// GET /_emulator/events, then with READERS readers (spread over keys, each key under its cap)
// that read and discard everything, in alternating rounds; the median round's share is the
// figure. Target: creates keep at least half their rate. The readers live in a child process
// (stream-readers.js) on the load's core, the server on its own core when pinning is on, and the
// server's CPU time per create is reported beside the rates (it moves less with a busy machine).
import { fork } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { BENCH_DIR, BENCH_KEY, DATA_DIR } from './common.js'
import { nextMessage, request, startServe } from './serve.js'
import { readCpuMs } from './servers.js'

// One account holds at most 200 event streams (README, "Limits"): the fan-out is measured at that cap.
export const STREAMS_TARGET = { readers: 200, keepShare: 0.5 }
const READERS_PER_KEY = 100

const PRODUCT = { name: 'Bench product', price: 9.99, type: 'Service', status: 'Live' }

function createRate(origin, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${origin}/api/v1/products`,
        connections: 10,
        duration: seconds,
        method: 'POST',
        headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(PRODUCT),
      },
      (error, result) =>
        error ? reject(error) : resolve({ perSecond: result.requests.average, non2xx: result.non2xx }),
    )
  })
}

/** Creates for `seconds`, with the server's CPU time per create in µs. */
async function measureCreates(server, seconds) {
  const cpuBefore = readCpuMs(server.pid)
  const started = performance.now()
  const rate = await createRate(server.origin, seconds)
  const cpuMs = readCpuMs(server.pid) - cpuBefore
  const creates = (rate.perSecond * (performance.now() - started)) / 1000
  return { ...rate, cpuUsPerCreate: (cpuMs * 1000) / Math.max(1, creates) }
}

/** Opens READERS readers in a child process, with fresh keys; resolves once all are open. */
async function openReaders(origin, round) {
  const secrets = []
  for (let k = 0; k < STREAMS_TARGET.readers / READERS_PER_KEY; k++) {
    const key = await request(origin, 'POST', '/_emulator/keys', { name: `bench readers ${round}.${k}` })
    if (key.status !== 201) throw new Error(`creating a key answered ${key.status}: ${key.text}`)
    secrets.push(key.json.secret)
  }
  const child = fork(join(BENCH_DIR, 'lib', 'stream-readers.js'), [origin, String(READERS_PER_KEY), ...secrets], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const opened = await nextMessage(child, 'the stream readers')
  if (opened.error) throw new Error(`opening the readers: ${opened.error}`)
  return {
    count: opened.open,
    bytes: async () => {
      child.send('bytes')
      return (await nextMessage(child, 'the stream readers')).bytes
    },
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', resolve)
        child.kill()
      }),
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export async function benchEventStreams({ quick, log, pin }) {
  const seconds = quick ? 3 : 5
  const rounds = quick ? 1 : 3
  const folder = join(DATA_DIR, 'run', 'event-streams')
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const server = await startServe(join(folder, 'store.json'), ['--seed', 'demo'], pin)
  let readers
  try {
    await createRate(server.origin, 1)
    const results = []
    for (let round = 1; round <= rounds; round++) {
      log(`bench: event streams, round ${round}/${rounds}: creates for ${seconds} s with no reader…`)
      const alone = await measureCreates(server, seconds)
      readers = await openReaders(server.origin, round)
      log(`bench: event streams, round ${round}/${rounds}: creates for ${seconds} s with ${readers.count} readers…`)
      const before = await readers.bytes()
      const shared = await measureCreates(server, seconds)
      const streamedMb = ((await readers.bytes()) - before) / 2 ** 20
      await readers.close()
      readers = undefined
      results.push({ alone, shared, streamedMb, share: shared.perSecond / alone.perSecond })
    }
    const middle = results.find((r) => r.share === median(results.map((each) => each.share)))
    return {
      readers: STREAMS_TARGET.readers,
      seconds,
      rounds,
      pinned: Boolean(pin?.pinned),
      shares: results.map((r) => r.share),
      alonePerSecond: middle.alone.perSecond,
      withReadersPerSecond: middle.shared.perSecond,
      share: middle.share,
      cpuUsAlone: median(results.map((r) => r.alone.cpuUsPerCreate)),
      cpuUsWithReaders: median(results.map((r) => r.shared.cpuUsPerCreate)),
      non2xx: results.reduce((n, r) => n + r.alone.non2xx + r.shared.non2xx, 0),
      streamedMb: middle.streamedMb,
    }
  } finally {
    await readers?.close()
    await server.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}

export function eventStreamTargets(streams) {
  return [
    [
      `creates with ${streams.readers} event-stream readers vs none`,
      `${streams.withReadersPerSecond.toFixed(0)}/s vs ${streams.alonePerSecond.toFixed(0)}/s (${(streams.share * 100).toFixed(0)}%, median of ${streams.shares.map((s) => `${(s * 100).toFixed(0)}%`).join(' ')}; ${streams.streamedMb.toFixed(0)} MB streamed; server CPU per create ${streams.cpuUsWithReaders.toFixed(0)} µs vs ${streams.cpuUsAlone.toFixed(0)} µs${streams.pinned ? '; server pinned' : ''})`,
      `≥ ${STREAMS_TARGET.keepShare * 100}%`,
      streams.share >= STREAMS_TARGET.keepShare,
    ],
  ]
}
