import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, tmpFolder } from '../e2e/serve-process.js'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'
import { harEntry, harText } from '../helpers/har-entries.js'

/**
 * `store drift` stopped by SIGINT, SIGTERM or SIGHUP in the middle of its replay removes the
 * account it made, says so and exits 130. The emulator sits behind a relay that never answers the
 * replay's second request, so each signal lands while drift waits.
 */

const BIN = new URL('../../bin/store.js', import.meta.url).pathname
const { dir, remove } = tmpFolder('store-drift-signals-')
let emu: Awaited<ReturnType<typeof testEmulator>>
let emulatorServer: Server
let relay: Server
let relayUrl: string
/** Requests of the replay's account the relay has seen, held ones included. */
let replayed = 0

const entry = (path: string) => harEntry({ url: `http://127.0.0.1:4010/api/v1${path}` })

beforeAll(async () => {
  ensureBuilt()
  emu = await testEmulator({ seed: 'empty' })
  emulatorServer = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: emu.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s as unknown as Server))
  })
  const target = `http://127.0.0.1:${(emulatorServer.address() as AddressInfo).port}`
  relay = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const isReplay = req.url?.startsWith('/api/v1/') && req.headers.authorization !== `Bearer ${TEST_KEY}`
    // The replay's second request is held, never answered: the signal comes while drift waits for it.
    if (isReplay && ++replayed >= 2) return
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'content-type', 'accept'])
      if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    })
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/api/v1`
  const entries = [entry('/coupons'), entry('/coupons'), entry('/coupons')]
  writeFileSync(join(dir, 'slow.har'), harText(entries))
})

afterAll(async () => {
  relay.closeAllConnections()
  await new Promise((resolve) => relay.close(resolve))
  ;(emulatorServer as unknown as { closeAllConnections(): void }).closeAllConnections()
  await new Promise((resolve) => emulatorServer.close(resolve))
  await emu.stop()
  remove()
})

describe('store drift stopped by a signal', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s removes its account and exits 130',
    async (signal) => {
      replayed = 0
      const accountsBefore = emu.services.accounts.all().length
      const child = spawn(process.execPath, [BIN, 'drift', 'slow.har', '--base-url', relayUrl, '--api-key', TEST_KEY], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1', STORE_API_KEY: '', STORE_BASE_URL: '', XDG_CONFIG_HOME: dir },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let err = ''
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      // The replay's account exists and its second request is held.
      const started = performance.now()
      while (replayed < 2) {
        if (performance.now() - started > 20_000) throw new Error(`drift made no second request: ${err}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect(emu.services.accounts.all()).toHaveLength(accountsBefore + 1)
      child.kill(signal)
      expect(await exited).toBe(130)
      expect(err).toMatch(
        new RegExp(
          `^error: store drift stopped \\(${signal}\\) after replaying 1 of 3 entries; its account acct_\\S+ was removed\\n$`,
        ),
      )
      expect(emu.services.accounts.all()).toHaveLength(accountsBefore)
    },
    40_000,
  )
})
