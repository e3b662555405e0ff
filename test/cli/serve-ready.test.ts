// `store serve` as scripts and CI wait for it: the port is bound first, a request sent while the
// db loads waits and gets its real answer, /_emulator/health needs no key, and --json says "ready"
// in one line of JSON.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { connect, createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedWithProducts } from '../helpers/many-products.js'
import { waitUntil } from '../helpers/time-scale.js'
import { BIN, E2E_KEY, ROOT, ensureBuilt, startServe, tmpFolder } from '../e2e/serve-process.js'
import { scaled } from '../helpers/time-scale.js'

const { dir, remove } = tmpFolder('store-serve-ready-')
beforeAll(() => ensureBuilt())
afterAll(() => remove())

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

/** `store serve --json …` as a child process, its two streams kept apart. */
function serveJson(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'serve', '--json', ...args], {
    cwd: ROOT,
    env: { ...process.env, STORE_API_KEY: '', XDG_CONFIG_HOME: join(dir, 'config'), NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const text = { stdout: '', stderr: '' }
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text.stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (text.stderr += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const stop = async () => {
    child.kill('SIGTERM')
    return exited
  }
  return { child, text, exited, stop }
}

describe('store serve start-up', () => {
  it('answers a request sent while the db loads with its real answer, once loaded', {
    timeout: scaled(120_000),
  }, async () => {
    // A seed of many products: filling the new db takes long enough to send requests meanwhile.
    const seed = join(dir, 'many.json')
    writeFileSync(seed, JSON.stringify(seedWithProducts(5000)))
    const port = await freePort()
    const server = serveJson(['--port', String(port), '--db', join(dir, 'loading.json'), '--seed', seed])
    try {
      await waitUntil(async () => ((await accepts(port)) ? true : undefined), 'the port to accept', 30_000, 5)
      const isLoading = server.text.stdout === ''
      const origin = `http://127.0.0.1:${port}`
      const [health, products] = await Promise.all([
        fetch(`${origin}/_emulator/health`),
        fetch(`${origin}/storefront/demo/products`),
      ])
      expect(isLoading, 'the requests went out before the server was ready').toBe(true)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: 'ok' })
      expect(products.status).toBe(200)
      expect(server.text.stdout).toMatch(/^\{.*\}\n$/)
    } finally {
      await server.stop()
    }
  })

  it('answers GET /_emulator/health with 200 and no key', async () => {
    const server = await startServe(['--port', '0', '--db', ':memory:', '--quiet'])
    try {
      const res = await fetch(`${server.origin}/_emulator/health`)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ status: 'ok' })
    } finally {
      await server.stop()
    }
  })

  it('with --json prints one line of JSON once ready, and nothing else on stdout', async () => {
    const db = join(dir, 'json.json')
    const server = serveJson(['--port', '0', '--db', db, '--api-key', E2E_KEY])
    try {
      const line = await waitUntil(() => /^.*\n/.exec(server.text.stdout)?.[0], 'the JSON line', 30_000)
      const ready = JSON.parse(line)
      expect(Object.keys(ready)).toEqual(['url', 'apiKey', 'dashboard', 'db', 'pid'])
      expect(ready).toMatchObject({
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/),
        apiKey: E2E_KEY,
        db,
        pid: server.child.pid,
      })
      expect(ready.dashboard).toBe(`${ready.url.replace(/\/api\/v1$/, '')}/_dashboard`)
      // The request log (no --quiet) goes to stderr with the banner.
      const res = await fetch(`${ready.url}/products`, { headers: { authorization: `Bearer ${E2E_KEY}` } })
      expect(res.status).toBe(200)
      await waitUntil(() => (/GET \/api\/v1\/products 200/.test(server.text.stderr) ? true : undefined), 'the log line')
      expect(server.text.stderr).toContain('store serve: Online Store API emulator')
    } finally {
      expect(await server.stop()).toBe(0)
    }
    expect(server.text.stdout.split('\n')).toHaveLength(2)
    expect(server.text.stderr).toContain('Stopped.')
  })

  it('with --json on a new db without --api-key gives the key made now', async () => {
    const server = serveJson(['--port', '0', '--db', ':memory:', '--quiet'])
    try {
      const line = await waitUntil(() => /^.*\n/.exec(server.text.stdout)?.[0], 'the JSON line', 30_000)
      const ready = JSON.parse(line)
      expect(ready.apiKey).toMatch(/^sk_live_\w+$/)
      expect(ready.db).toBe(':memory:')
      const res = await fetch(`${ready.url}/products`, { headers: { authorization: `Bearer ${ready.apiKey}` } })
      expect(res.status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
