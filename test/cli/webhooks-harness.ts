import { serve } from '@hono/node-server'
import { afterEach } from 'vitest'
import { startTestReceiver, type TestReceiver } from '../helpers/receiver.js'
import type { AddressInfo } from 'node:net'
import { PassThrough, Writable } from 'node:stream'
import { main } from '../../src/cli/main.js'
import type { CliContext } from '../../src/cli/context.js'
import { TEST_KEY } from '../helpers/emulator.js'
import { eventsEmulator, type EventsEmulatorOptions } from '../emulator/events/helpers.js'

class Capture extends Writable {
  text = ''
  isTTY = false
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString()
    done()
  }
}

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/**
 * `main(argv, ctx)` in process with captured streams, real fetch and the given stdin. `signal()`
 * sends SIGINT to a long-running command (receive, listen); `started` resolves once stderr shows `readyText`.
 */
export function runCli(argv: string[], o: { stdin?: string; env?: Record<string, string>; readyText?: string } = {}) {
  const stdout = new Capture()
  const stderr = new Capture()
  const stdin = new PassThrough()
  stdin.end(o.stdin ?? '')
  const handlers = new Map<string, Set<() => void>>()
  let markReady: () => void = () => undefined
  const started = new Promise<void>((resolve) => (markReady = resolve))
  const origWrite = stderr._write.bind(stderr)
  stderr._write = (chunk, enc, done) => {
    origWrite(chunk, enc, done)
    if (o.readyText && stderr.text.includes(o.readyText)) markReady()
  }
  const ctx: CliContext = {
    stdin,
    stdout,
    stderr,
    env: { NO_COLOR: '1', XDG_CONFIG_HOME: '/nonexistent-store-config', ...o.env },
    cwd: process.cwd(),
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 50))),
    randomBytes: (n) => new Uint8Array(n),
    fetch: globalThis.fetch,
    onSignal: (signal, handler) => {
      const set = handlers.get(signal) ?? new Set()
      set.add(handler)
      handlers.set(signal, set)
      return () => set.delete(handler)
    },
  }
  const done = main(argv, ctx).then((code): CliRun => ({ code, stdout: stdout.text, stderr: stderr.text }))
  return {
    done,
    started,
    output: () => ({ stdout: stdout.text, stderr: stderr.text }),
    signal: () => {
      for (const handler of handlers.get('SIGINT') ?? []) handler()
    },
  }
}

export const cli = (argv: string[], o: Parameters<typeof runCli>[1] = {}) => runCli(argv, o).done

/** The emulator served on 127.0.0.1, port 0 (real HTTP), plus the global flags that reach it. */
export async function servedEmulator(o: EventsEmulatorOptions = {}) {
  const emu = await eventsEmulator(o)
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const { port } = server.address() as AddressInfo
  const baseUrl = `http://127.0.0.1:${port}/api/v1`
  return {
    ...emu,
    baseUrl,
    flags: ['--base-url', baseUrl, '--api-key', TEST_KEY],
    close: async () => {
      emu.services.events.stop()
      ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** Clean-ups run after each test of a file that imports this harness, newest first. */
export const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** A local receiver closed after the test. */
export async function receiver(...args: Parameters<typeof startTestReceiver>): Promise<TestReceiver> {
  const r = await startTestReceiver(...args)
  cleanups.push(() => r.close())
  return r
}
