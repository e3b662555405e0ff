// The event-stream fan-out figure: creates per second against `store serve` with no reader of
// GET /_emulator/events, then with READERS readers (spread over keys, each key under its cap)
// that read and discard everything. Target: creates keep at least half their rate.
import http from 'node:http'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { DATA_DIR } from './common.js'
import { request, startServe } from './serve.js'

export const STREAMS_TARGET = { readers: 1_000, keepShare: 0.5 }
const READERS_PER_KEY = 100

const PRODUCT = { name: 'Bench product', price: 9.99, type: 'Service', status: 'Live' }

function createRate(origin, seconds, authorization) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${origin}/api/v1/products`,
        connections: 10,
        duration: seconds,
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(PRODUCT),
      },
      (error, result) =>
        error ? reject(error) : resolve({ perSecond: result.requests.average, non2xx: result.non2xx }),
    )
  })
}

/** Opens a stream with `secret` and reads it to nothing; resolves once the answer's head arrived. */
function openReader(origin, secret, counts) {
  return new Promise((resolve, reject) => {
    const req = http.get(`${origin}/_emulator/events`, { headers: { authorization: `Bearer ${secret}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`a reader was answered ${res.statusCode}`))
      res.on('data', (chunk) => {
        counts.bytes += chunk.length
      })
      res.on('error', () => undefined)
      resolve(req)
    })
    req.on('error', reject)
  })
}

export async function benchEventStreams({ quick, log }) {
  const seconds = quick ? 3 : 8
  const folder = join(DATA_DIR, 'run', 'event-streams')
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const server = await startServe(join(folder, 'store.json'), ['--seed', 'demo'])
  const readers = []
  try {
    const { BENCH_KEY } = await import('./common.js')
    const authorization = `Bearer ${BENCH_KEY}`
    await createRate(server.origin, 1, authorization)
    log(`bench: event streams: creates for ${seconds} s with no reader…`)
    const alone = await createRate(server.origin, seconds, authorization)
    const counts = { bytes: 0 }
    log(`bench: event streams: opening ${STREAMS_TARGET.readers} readers…`)
    for (let k = 0; k < STREAMS_TARGET.readers / READERS_PER_KEY; k++) {
      const key = await request(server.origin, 'POST', '/_emulator/keys', { name: `bench readers ${k}` })
      if (key.status !== 201) throw new Error(`creating a key answered ${key.status}: ${key.text}`)
      for (let i = 0; i < READERS_PER_KEY; i++) readers.push(await openReader(server.origin, key.json.secret, counts))
    }
    log(`bench: event streams: creates for ${seconds} s with ${readers.length} readers…`)
    const before = counts.bytes
    const shared = await createRate(server.origin, seconds, authorization)
    return {
      readers: readers.length,
      seconds,
      alonePerSecond: alone.perSecond,
      withReadersPerSecond: shared.perSecond,
      share: shared.perSecond / alone.perSecond,
      non2xx: alone.non2xx + shared.non2xx,
      streamedMb: (counts.bytes - before) / 2 ** 20,
    }
  } finally {
    for (const req of readers) req.destroy()
    await server.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}

export function eventStreamTargets(streams) {
  return [
    [
      `creates with ${streams.readers} event-stream readers vs none`,
      `${streams.withReadersPerSecond.toFixed(0)}/s vs ${streams.alonePerSecond.toFixed(0)}/s (${(streams.share * 100).toFixed(0)}%; ${streams.streamedMb.toFixed(0)} MB streamed)`,
      `≥ ${STREAMS_TARGET.keepShare * 100}%`,
      streams.share >= STREAMS_TARGET.keepShare,
    ],
  ]
}
