import { PassThrough, Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import type { CliContext } from '../../src/cli/context.js'
import { main } from '../../src/cli/main.js'
import { cleanups, runCli, servedEmulator } from './webhooks-harness.js'

const createProduct = (emu: Awaited<ReturnType<typeof servedEmulator>>, name: string) =>
  emu.request('/api/v1/products', { method: 'POST', json: { name, price: 1, type: 'Digital' } })

/** Resolves once `read()` matches, checking after every turn of the event loop. */
async function until(read: () => string, pattern: RegExp, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (pattern.test(read())) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`timed out waiting for ${what}: ${read()}`)
}

describe('store webhooks listen without --forward-to', () => {
  it('prints each event as it happens, like stripe listen', async () => {
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const listen = runCli(['webhooks', 'listen', ...emu.flags], { readyText: 'Ready!' })
    await listen.started
    await createProduct(emu, 'A')
    await until(() => listen.output().stdout, /product:created/, 'the event line')
    listen.signal()
    const { code, stdout, stderr } = await listen.done
    expect(code).toBe(0)
    expect(stderr).toMatch(
      /^Ready! Printing every event from http:\/\/127\.0\.0\.1:\d+ \(Ctrl\+C to stop; --forward-to URL POSTs them, --json prints payloads\)$/m,
    )
    expect(stdout).toMatch(/^\d\d:\d\d:\d\d {2}#\d+ {2}product:created\n$/)
  })

  it('prints each event as NDJSON with --json', async () => {
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const listen = runCli(['webhooks', 'listen', '--json', ...emu.flags], { readyText: 'Ready!' })
    await listen.started
    await createProduct(emu, 'A')
    await until(() => listen.output().stdout, /\n$/, 'the event line')
    listen.signal()
    const { stdout } = await listen.done
    expect(JSON.parse(stdout)).toMatchObject({ event: 'product:created', data: { title: 'A' } })
  })
})

describe('store webhooks listen --forward-to a dead URL', () => {
  it('does not hold later events while it waits to try an unanswered one again', async () => {
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const target = 'http://forward.test/hooks'
    let isUp = false
    const received: string[] = []
    const fetchThrough: typeof fetch = async (input, init) => {
      if (!String(input).startsWith(target)) return globalThis.fetch(input, init)
      const { data } = JSON.parse(String(init?.body)) as { data: { title: string } }
      if (!isUp)
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) })
      received.push(data.title)
      return new Response('ok', { status: 200 })
    }
    // The wait before a retry lasts until the test lets it end.
    let endWaits: () => void = () => undefined
    const waitsEnded = new Promise<void>((resolve) => (endWaits = resolve))
    const waits: number[] = []
    let stdout = ''
    let stderr = ''
    const sink = (append: (text: string) => void) =>
      Object.assign(
        new Writable({
          write(chunk, _enc, done) {
            append(chunk.toString())
            done()
          },
        }),
        { isTTY: false },
      )
    let stop: () => void = () => undefined
    const ctx: CliContext = {
      stdin: Object.assign(new PassThrough().end(), { isTTY: false }),
      stdout: sink((t) => (stdout += t)),
      stderr: sink((t) => (stderr += t)),
      env: { NO_COLOR: '1', XDG_CONFIG_HOME: '/nonexistent-store-config' },
      cwd: process.cwd(),
      now: () => new Date(),
      sleep: (ms) => {
        waits.push(ms)
        return waitsEnded
      },
      randomBytes: (n) => new Uint8Array(n),
      fetch: fetchThrough,
      onSignal: (signal, handler) => {
        if (signal === 'SIGINT') stop = handler
        return () => undefined
      },
    }
    const done = main(['webhooks', 'listen', '--forward-to', target, ...emu.flags], ctx)
    await until(() => stderr, /Ready! Forwarding/, 'ready')

    await createProduct(emu, 'A')
    await until(() => stderr, /did not answer \(ECONNREFUSED\); trying product:created #\d+ again in 0\.5 s/, 'retry')
    isUp = true
    await createProduct(emu, 'B')
    // B is delivered while A still waits for its retry.
    await until(() => stdout, /product:created {2}→ 200/, 'B forwarded')
    expect(received).toEqual(['B'])
    expect(waits).toEqual([500])

    endWaits()
    await until(() => stdout.split('\n').filter(Boolean).join('\n'), /→ 200.*\n.*→ 200/, 'A forwarded on retry')
    expect(received).toEqual(['B', 'A'])
    stop()
    expect(await done).toBe(0)
  })
})
