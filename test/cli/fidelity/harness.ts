// Real servers for the fidelity commands: emulators on 127.0.0.1 standing in for the hosted
// service, a deliberately wrong upstream in front of one, and the CLI run in-process on the real
// network with signals the test sends.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach } from 'vitest'
import { serve } from '@hono/node-server'
import { StoreClient } from '../../../src/client/index.js'
import type { CliContext } from '../../../src/cli/context.js'
import { httpFetch } from '../../../src/cli/http-fetch.js'
import { main } from '../../../src/cli/main.js'
import { seededRandom, TEST_KEY, testEmulator, type TestEmulatorOptions } from '../../helpers/emulator.js'
import { scaled } from '../../helpers/time-scale.js'

export { TEST_KEY }

/** What each test set up and must stop or remove, undone after it, newest first. */
export const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A folder removed after the test. */
export function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-fidelity-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

export interface RealEmulator {
  api: string
  origin: string
  client: StoreClient
  stop(): Promise<void>
}

function listening(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )
}

function closing(server: Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

/** An emulator (demo shop unless told) served over HTTP on 127.0.0.1, key TEST_KEY. */
export async function realEmulator(o: TestEmulatorOptions = {}): Promise<RealEmulator> {
  const emulator = await testEmulator(o)
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: emulator.app.fetch, hostname: '127.0.0.1', port: 0 }, () =>
      resolve(started as unknown as Server),
    )
  })
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    api: `${origin}/api/v1`,
    origin,
    client: new StoreClient({ baseUrl: `${origin}/api/v1`, apiKey: TEST_KEY, fetch: httpFetch, retry: false }),
    stop: async () => {
      await closing(server)
      await emulator.stop()
    },
  }
}

export interface Relayed {
  method: string
  path: string
  status: number
  body: string
}

/**
 * An upstream that forwards to `target` and lets `alter` change each answer: the hosted service
 * answering differently from the emulator in one chosen way.
 */
export async function wrongUpstream(
  target: string,
  alter: (answer: Relayed) => Relayed,
): Promise<{ api: string; stop(): Promise<void> }> {
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = ''
      req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
      req.on('end', () => resolve(body))
    })
  const server = createServer(async (req, res) => {
    const body = await read(req)
    const headers: Record<string, string> = {}
    for (const name of ['authorization', 'content-type', 'x-service-shop'])
      if (typeof req.headers[name] === 'string') headers[name] = req.headers[name] as string
    const answer = await httpFetch(`${new URL(target).origin}${req.url}`, {
      method: req.method,
      headers,
      body: body === '' ? undefined : body,
    })
    const path = (req.url ?? '').replace(/^\/api\/v1/, '')
    const altered = alter({ method: req.method ?? 'GET', path, status: answer.status, body: await answer.text() })
    res.writeHead(altered.status, { 'content-type': 'application/json' }).end(altered.body)
  })
  const origin = await listening(server)
  return { api: `${origin}${new URL(target).pathname}`, stop: () => closing(server) }
}

function capture(): { stream: Writable; text: () => string } {
  let text = ''
  return {
    stream: new Writable({
      write(chunk, _enc, done) {
        text += chunk.toString()
        done()
      },
    }),
    text: () => text,
  }
}

export interface CliRun {
  stdout(): string
  stderr(): string
  /** Sends SIGTERM to the run, as a terminal would. */
  stop(): void
  done: Promise<number>
}

/** `store …` in-process on the real network, from `cwd`; `stop()` is the signal that ends a long run. */
export function startCli(argv: string[], cwd: string, env: Record<string, string> = {}): CliRun {
  const stdout = capture()
  const stderr = capture()
  const handlers = new Set<() => void>()
  const random = seededRandom('fidelity')
  const ctx: CliContext = {
    stdin: Object.assign(new Writable(), { isTTY: false }) as unknown as CliContext['stdin'],
    stdout: Object.assign(stdout.stream, { isTTY: false }),
    stderr: Object.assign(stderr.stream, { isTTY: false }),
    env: { XDG_CONFIG_HOME: cwd, ...env },
    cwd,
    now: () => new Date('2026-06-01T12:00:00.000Z'),
    sleep: async () => undefined,
    randomBytes: (n) => random.bytes(n),
    fetch: httpFetch,
    onSignal: (_signal, handler) => {
      handlers.add(handler)
      return () => handlers.delete(handler)
    },
  }
  return {
    stdout: stdout.text,
    stderr: stderr.text,
    stop: () => {
      for (const handler of [...handlers]) handler()
    },
    done: main(argv, ctx),
  }
}

/** A short run to its end: exit code and output. */
export async function runCliTo(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = startCli(argv, cwd)
  const code = await run.done
  return { code, stdout: run.stdout(), stderr: run.stderr() }
}

/** Waits until `check` holds, looking every few milliseconds; fails after `timeoutMs`. */
export async function until<T>(check: () => T | undefined, what: string, timeout = 10_000): Promise<T> {
  const timeoutMs = scaled(timeout)
  const started = performance.now()
  for (;;) {
    const value = check()
    if (value !== undefined) return value
    if (performance.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** `store proxy` started in-process; resolves with its local base URL once it listens. */
export async function startProxyCli(args: string[], cwd: string): Promise<CliRun & { api: string }> {
  const run = startCli(['proxy', '--port', '0', ...args], cwd)
  const api = await until(
    () => /store proxy: (http:\/\/\S+\/api\/v1)/.exec(run.stderr())?.[1],
    `the proxy to listen (stderr: ${run.stderr()})`,
  )
  return Object.assign(run, { api })
}
