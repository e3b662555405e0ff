import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestReceiver, type TestReceiver } from '../helpers/receiver.js'
import { scaled } from '../helpers/time-scale.js'

// End to end through bin/store.js (run `npm run build` first): two `store serve` processes one after
// the other on the same port and db, and `store webhooks listen` as a child process between them.
const BIN = fileURLToPath(new URL('../../bin/store.js', import.meta.url))
const KEY = 'sk_live_listenlistenlistenlistenlisten12'

interface Child {
  proc: ChildProcessWithoutNullStreams
  stdout: () => string
  stderr: () => string
  waitFor(pattern: RegExp, stream?: 'stdout' | 'stderr', timeoutMs?: number): Promise<void>
  exited: Promise<number | null>
}

const children: Child[] = []
const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill('SIGKILL')
  for (const c of cleanups.splice(0).reverse()) await c()
})

function start(args: string[]): Child {
  // A server on a fixed port saves its key as a profile: in a config folder of its own, which the
  // other commands (reading /nonexistent-store-config) never see.
  const configHome =
    args[0] === 'serve' ? mkdtempSync(join(tmpdir(), 'store-listen-serve-')) : '/nonexistent-store-config'
  if (args[0] === 'serve') cleanups.push(() => rmSync(configHome, { recursive: true, force: true }))
  const proc = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, NO_COLOR: '1', XDG_CONFIG_HOME: configHome, STORE_API_KEY: '' },
  })
  let out = ''
  let err = ''
  const listeners = new Set<() => void>()
  proc.stdout.on('data', (d: Buffer) => {
    out += d.toString()
    for (const l of listeners) l()
  })
  proc.stderr.on('data', (d: Buffer) => {
    err += d.toString()
    for (const l of listeners) l()
  })
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  const child: Child = {
    proc,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor: (pattern, stream = 'stdout', timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(stream === 'stdout' ? out : err)) {
            listeners.delete(check)
            clearTimeout(timer)
            resolve()
          }
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(new Error(`timed out waiting for ${pattern} on ${stream}; stdout: ${out}\nstderr: ${err}`))
        }, scaled(timeoutMs))
        listeners.add(check)
        check()
      }),
  }
  children.push(child)
  return child
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

async function serve(port: number, db: string): Promise<Child> {
  const child = start(['serve', '--port', String(port), '--db', db, '--api-key', KEY, '--quiet'])
  let ready = false
  await Promise.race([
    child.waitFor(/Press Ctrl\+C to stop/).then(() => (ready = true)),
    child.exited.then((code) => {
      if (!ready)
        throw new Error(`store serve exited with ${code} before it was ready: ${child.stderr()}${child.stdout()}`)
    }),
  ])
  return child
}

async function stop(child: Child, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  child.proc.kill(signal)
  return child.exited
}

async function createProduct(port: number, name: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/products`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, price: 1, type: 'Physical' }),
  })
  expect(res.status).toBe(201)
}

describe('store webhooks listen (processes)', () => {
  it('survives an emulator restart without losing or repeating an event', { timeout: scaled(120_000) }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-listen-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const db = join(dir, 'store.json')
    const port = await freePort()
    const rx: TestReceiver = await startTestReceiver()
    cleanups.push(() => rx.close())

    let emulator = await serve(port, db)
    const listen = start([
      'webhooks',
      'listen',
      '--forward-to',
      `${rx.url}/hook`,
      '--events',
      'product:created',
      '--base-url',
      `http://127.0.0.1:${port}/api/v1`,
      '--api-key',
      KEY,
    ])
    await listen.waitFor(/Ready! Forwarding product:created/, 'stderr')

    await createProduct(port, 'A')
    await rx.waitFor(1)

    expect(await stop(emulator)).toBe(0)
    await listen.waitFor(/stream ended|closed the connection|connection lost|not reachable/, 'stderr')
    emulator = await serve(port, db)
    // Made while listen is still away: they come from the log when it resumes.
    await createProduct(port, 'B')
    await createProduct(port, 'C')
    await listen.waitFor(/Reconnected to .*; resuming after event \d+/, 'stderr')
    await createProduct(port, 'D')
    await rx.waitFor(4, 30_000)
    // Nothing more arrives: no event twice.
    await new Promise((resolve) => setTimeout(resolve, 300))

    const bodies = rx.requests.map((r) => r.json() as { event: string; data: { title: string }; source: string })
    expect(bodies.map((b) => [b.event, b.data.title])).toEqual([
      ['product:created', 'A'],
      ['product:created', 'B'],
      ['product:created', 'C'],
      ['product:created', 'D'],
    ])
    expect(
      rx.requests.every(
        (r) => r.headers['user-agent'] === 'Service-Webhook/1.0' && r.headers['content-type'] === 'application/json',
      ),
    ).toBe(true)

    const lines = listen.stdout().trim().split('\n')
    expect(lines).toHaveLength(4)
    const seqs = lines.map((l) => Number(/#(\d+)/.exec(l)![1]))
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b))
    expect(new Set(seqs).size).toBe(4)
    for (const line of lines) expect(line).toMatch(/^\d\d:\d\d:\d\d {2}#\d+ {2}product:created {2}→ 200 {2}\d+ ms$/)

    expect(await stop(listen, 'SIGINT')).toBe(0)
    expect(await stop(emulator)).toBe(0)
  })

  it('replays the kept log with --since 0 and exits 4 on a wrong key', { timeout: scaled(90_000) }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-listen-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const port = await freePort()
    const rx = await startTestReceiver()
    cleanups.push(() => rx.close())
    const emulator = await serve(port, join(dir, 'store.json'))
    await createProduct(port, 'Old')
    const listen = start([
      'webhooks',
      'listen',
      '--forward-to',
      rx.url,
      '--since',
      '0',
      '--events',
      'product:created',
      '--base-url',
      `http://127.0.0.1:${port}/api/v1`,
      '--api-key',
      KEY,
      '--json',
    ])
    await rx.waitFor(1)
    await listen.waitFor(/"status":200/)
    expect(JSON.parse(listen.stdout().trim())).toMatchObject({ event: 'product:created', status: 200, attempts: 1 })
    expect(await stop(listen, 'SIGINT')).toBe(0)

    const wrong = start([
      'webhooks',
      'listen',
      '--forward-to',
      rx.url,
      '--base-url',
      `http://127.0.0.1:${port}/api/v1`,
      '--api-key',
      'sk_live_wrongwrongwrong',
    ])
    expect(await wrong.exited).toBe(4)
    expect(wrong.stderr()).toMatch(/^error: invalid API key/)
    expect(await stop(emulator)).toBe(0)
  })
})
