import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, tmpFolder } from '../e2e/serve-process.js'

/**
 * `store proxy --record` killed (SIGKILL) at once after an answer: the recording is valid HAR,
 * holds every exchange answered before the kill, and no temporary file is left beside it.
 */

const BIN = new URL('../../bin/store.js', import.meta.url).pathname
const ROUNDS = 3
const { dir, remove } = tmpFolder('store-proxy-kill-')
let upstream: Server
let api: string

beforeAll(async () => {
  ensureBuilt()
  upstream = createServer((req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ coupons: [], url: req.url })),
  )
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  api = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`
})

afterAll(async () => {
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
  remove()
})

/** The proxy as its own process; resolves with its URL once it listens. */
async function startProxy(record: string) {
  const child = spawn(process.execPath, [BIN, 'proxy', '--upstream', api, '--record', record, '--port', '0'], {
    cwd: dir,
    env: { ...process.env, NO_COLOR: '1', STORE_API_KEY: '', XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`store proxy did not start: ${err}`)), 20_000)
    child.stderr.on('data', () => {
      const match = /store proxy: (http:\/\/\S+\/api\/v1)/.exec(err)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
  })
  return { child, url, exited }
}

describe('store proxy --record killed after an answer', () => {
  it.each(Array.from({ length: ROUNDS }, (_, i) => i))(
    'round %i loses no answered exchange',
    async (round) => {
      const record = `kill-${round}.har`
      const proxy = await startProxy(record)
      const killAfter = 20 + round * 17
      let answered = 0
      let sent = 0
      // Four callers at once, each sending the next request when its answer has come.
      const caller = async () => {
        while (answered < killAfter) {
          sent++
          try {
            const res = await fetch(`${proxy.url}/coupons?n=${sent}`)
            await res.text()
          } catch {
            return
          }
          if (++answered === killAfter) proxy.child.kill('SIGKILL')
        }
      }
      await Promise.all([caller(), caller(), caller(), caller()])
      await proxy.exited
      const har = JSON.parse(readFileSync(join(dir, record), 'utf8')) as { log: { entries: unknown[] } }
      expect(har.log.entries.length).toBeGreaterThanOrEqual(killAfter)
      expect(har.log.entries.length).toBeLessThanOrEqual(sent)
      expect(readdirSync(dir).filter((f) => f.startsWith('.') || f.includes('tmp'))).toEqual([])
    },
    60_000,
  )
})
