// Runs `main(argv, ctx)` in-process with captured streams, on a TTY or piped, against an app.
import { PassThrough, Writable } from 'node:stream'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { main } from '../../src/cli/main.js'
import type { CliContext } from '../../src/cli/context.js'
import type { Prompter } from '../../src/cli/prompter.js'
import { TEST_KEY } from '../helpers/emulator.js'

export const BASE_URL = 'http://emulator.test/api/v1'

export interface RunOptions {
  /** stdin and stdout are terminals (default false: piped). */
  tty?: boolean
  /** The emulator app to answer requests; without it every request fails as unreachable. */
  app?: Hono
  fetch?: typeof fetch
  env?: Record<string, string | undefined>
  /** A fake prompter; `null` keeps the real @inquirer/prompts one (type into it with `keys`). */
  prompter?: Prompter | null
  stdin?: string
  /** Keystrokes for the real prompter on a fake terminal, one entry per prompt. */
  keys?: string[]
  cwd?: string
  /** Add --base-url and --api-key (default true when an app is given). */
  connect?: boolean
  /** The terminal's width (stdout's `columns`, on a TTY). */
  columns?: number
  /** The top-level commands to declare; default every command. */
  commands?: Parameters<typeof main>[2]
}

export interface RunResult {
  code: number
  stdout: string
  stderr: string
  requests: { method: string; url: string; headers: Headers; body?: string }[]
  sleeps: number[]
}

function capture(isTTY: boolean, columns?: number) {
  const chunks: string[] = []
  const stream = Object.assign(
    new Writable({
      write(chunk, _enc, done) {
        chunks.push(chunk.toString())
        done()
      },
    }),
    { isTTY, columns },
  )
  return { stream, text: () => chunks.join('') }
}

export function tmpConfigDir(): string {
  return mkdtempSync(join(tmpdir(), 'store-cli-test-'))
}

export async function runCli(argv: string[], o: RunOptions = {}): Promise<RunResult> {
  const tty = o.tty ?? false
  const stdout = capture(tty, o.columns)
  const stderr = capture(tty)
  const stdin: PassThrough & { isTTY: boolean; setRawMode?: (mode?: boolean) => unknown } = Object.assign(
    new PassThrough(),
    { isTTY: tty },
  )
  // Each prompt puts the terminal in raw mode as it starts: its keys are typed once it has
  // finished setting up (the next turn of the event loop), as a person would after seeing it.
  const keys = [...(o.keys ?? [])]
  if (tty)
    stdin.setRawMode = (mode?: boolean) => {
      const next = mode ? keys.shift() : undefined
      if (next !== undefined) setImmediate(() => stdin.write(next))
      return stdin
    }
  if (o.stdin !== undefined) stdin.end(o.stdin)
  else if (!tty) stdin.end()
  const requests: RunResult['requests'] = []
  const sleeps: number[] = []
  const app = o.app
  const fetchImpl: typeof fetch =
    o.fetch ??
    (async (input, init) => {
      if (!app)
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), { code: 'ECONNREFUSED' }),
        })
      const req = new Request(input, init)
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: init?.body as string | undefined })
      return app.request(req)
    })
  const ctx: CliContext = {
    stdin,
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: { XDG_CONFIG_HOME: tmpConfigDir(), ...o.env },
    cwd: o.cwd ?? process.cwd(),
    now: () => new Date('2026-06-01T12:00:00.000Z'),
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    randomBytes: (n) => new Uint8Array(n),
    fetch: fetchImpl,
    onSignal: () => () => undefined,
    prompter: o.prompter === null ? undefined : (o.prompter ?? refusingPrompter()),
  }
  const connect = o.connect ?? Boolean(app)
  const code = await main(connect ? ['--base-url', BASE_URL, '--api-key', TEST_KEY, ...argv] : argv, ctx, o.commands)
  return { code, stdout: stdout.text(), stderr: stderr.text(), requests, sleeps }
}

/** A prompter that fails the test if asked anything. */
export function refusingPrompter(): Prompter {
  const fail = async (): Promise<never> => {
    throw new Error('unexpected prompt')
  }
  return { input: fail, password: fail, select: fail, confirm: fail }
}

/** A prompter answering from a script, recording the questions. */
export function scriptedPrompter(answers: (string | boolean)[]): Prompter & { asked: string[] } {
  const asked: string[] = []
  const next = async (message: string) => {
    asked.push(message)
    if (!answers.length) throw new Error(`no scripted answer for "${message}"`)
    return answers.shift()!
  }
  return {
    asked,
    input: async (message, opts) => {
      const answer = String(await next(message))
      const check = opts?.validate?.(answer)
      if (check !== undefined && check !== true) throw new Error(`scripted answer "${answer}" rejected: ${check}`)
      return answer
    },
    password: async (message) => String(await next(message)),
    select: async (message, choices) => {
      const answer = String(await next(message))
      if (!choices.includes(answer as never)) throw new Error(`"${answer}" is not a choice of ${choices.join(', ')}`)
      return answer as never
    },
    confirm: async (message) => Boolean(await next(message)),
  }
}

export const ANSI = /\u001b\[\d+m/
