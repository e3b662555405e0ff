// The fidelity figure of the bench: `store drift` on a recording of 200 requests (reads, pages,
// writes, errors), made by `store proxy` in front of one emulator and replayed on another, both
// `store serve` on :memory:. Wall time of the whole command, median over a few runs.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { BENCH_KEY, ROOT, median } from './common.js'

export const DRIFT_TARGET = { requests: 200, seconds: 10 }
const BIN = join(ROOT, 'bin/store.js')

/** A `store` child that prints a base URL once it listens; resolves with the URL and the child. */
function startChild(args, pattern) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  return new Promise((resolve, reject) => {
    const look = (chunk) => {
      output += chunk
      const match = pattern.exec(output)
      if (match) resolve({ child, url: match[1] })
    }
    child.stdout.setEncoding('utf8').on('data', look)
    child.stderr.setEncoding('utf8').on('data', look)
    child.once('exit', (code) => reject(new Error(`store ${args[0]} exited (${code}): ${output}`)))
  })
}

function stop(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  return exited
}

const serve = () =>
  startChild(
    ['serve', '--port', '0', '--db', ':memory:', '--api-key', BENCH_KEY, '--quiet'],
    /API\s+(http\S+\/api\/v1)/,
  )

/** 200 requests through the proxy: the traffic of an app, a tenth of it writes and refusals. */
async function record(api) {
  const call = async (method, path, body) => {
    const res = await fetch(`${api}${path}`, {
      method,
      headers: { authorization: `Bearer ${BENCH_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    return { status: res.status, json: await res.json() }
  }
  let sent = 0
  while (sent < DRIFT_TARGET.requests) {
    const round = sent / 10
    const page = await call('GET', '/products?limit=3')
    await call('GET', `/products?limit=3&cursor=${encodeURIComponent(page.json.nextCursor)}`)
    await call('GET', `/products/${page.json.products[0].productId}`)
    const created = await call('POST', '/products', {
      name: `Bench ${round}`,
      type: 'Service',
      price: 2,
      status: 'Live',
    })
    await call('PUT', `/products/${created.json.id}`, { price: 3 })
    await call('GET', '/coupons')
    await call('GET', '/orders/ORD-1')
    await call('GET', '/categories')
    await call('GET', '/products/prod_missing')
    await call('POST', '/coupons', { code: 'WELCOME10', type: 'fixed', value: 1 })
    sent += 10
  }
}

export async function benchDrift({ runs = 5, log = () => undefined } = {}) {
  const dir = mkdtempSync(join(os.tmpdir(), 'store-bench-drift-'))
  const har = join(dir, 'bench.har')
  const hosted = await serve()
  const fresh = await serve()
  try {
    log(`bench: drift: recording ${DRIFT_TARGET.requests} requests through store proxy…`)
    const proxy = await startChild(
      ['proxy', '--upstream', hosted.url, '--record', har, '--port', '0'],
      /store proxy: (http\S+\/api\/v1)/,
    )
    await record(proxy.url)
    await stop(proxy.child)
    const entries = JSON.parse(readFileSync(har, 'utf8')).log.entries.length
    log(`bench: drift: ${runs} runs of store drift on ${entries} entries…`)
    const times = []
    let last
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      last = spawnSync(process.execPath, [BIN, 'drift', har, '--base-url', fresh.url, '--api-key', BENCH_KEY], {
        cwd: ROOT,
        encoding: 'utf8',
      })
      times.push(performance.now() - started)
      if (last.status !== 0) throw new Error(`store drift exited ${last.status}: ${last.stdout}${last.stderr}`)
    }
    return { entries, runs, medianMs: median(times), maxMs: Math.max(...times), loadavg: os.loadavg() }
  } finally {
    await stop(hosted.child)
    await stop(fresh.child)
    rmSync(dir, { recursive: true, force: true })
  }
}

export function driftTargets(drift, fmt) {
  return [
    [
      `store drift on a ${drift.entries}-request recording (whole command, median of ${drift.runs})`,
      `${fmt.ms(drift.medianMs)} ms (max ${fmt.ms(drift.maxMs)} ms)`,
      `< ${DRIFT_TARGET.seconds} s`,
      drift.medianMs < DRIFT_TARGET.seconds * 1000,
    ],
  ]
}
