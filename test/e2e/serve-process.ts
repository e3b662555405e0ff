import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { scaled } from '../helpers/time-scale.js'

/** `store serve` as a child process, for the end-to-end and stress suites. */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const BIN = join(ROOT, 'bin', 'store.js')
export const E2E_KEY = 'sk_test_e2e_0123456789abcdef'
const TEST_CONFIG_HOME = join(tmpdir(), 'store-e2e-config')

/** `npm test` builds before vitest; a lone `npx vitest run test/e2e` builds here when dist/ is missing. */
export function ensureBuilt(): void {
  if (existsSync(join(ROOT, 'dist', 'cli', 'main.js'))) return
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    { cwd: ROOT, stdio: 'inherit' },
  )
}

export function tmpFolder(prefix = 'store-e2e-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServeProcess {
  child: ChildProcess
  pid: number
  /** e.g. http://127.0.0.1:41234 */
  origin: string
  /** origin + /api/v1 */
  api: string
  stdout(): string
  stderr(): string
  exited: Promise<Exit>
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<Exit>
}

function spawnServe(args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    cwd,
    // The profile `local` a server on a fixed port saves goes to a config of the tests, not the user's.
    env: {
      ...process.env,
      STORE_API_KEY: '',
      STORE_BASE_URL: '',
      NO_COLOR: '1',
      XDG_CONFIG_HOME: TEST_CONFIG_HOME,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  return { child, exited, stdout: () => out, stderr: () => err }
}

/** The longest a start may take on a quiet machine (times STORE_TEST_TIME_SCALE). */
const START_TIMEOUT_MS = 30_000

/** Starts `store serve` and resolves once its banner names the URL; rejects with its output if it exits first. */
export async function startServe(
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {},
): Promise<ServeProcess> {
  const run = spawnServe(args, options.env, options.cwd)
  const timeoutMs = scaled(options.timeoutMs ?? START_TIMEOUT_MS)
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      run.child.kill('SIGKILL')
      reject(
        new Error(
          `store serve printed no banner within ${timeoutMs} ms\nstdout: ${run.stdout()}\nstderr: ${run.stderr()}`,
        ),
      )
    }, timeoutMs)
    const check = () => {
      const match = /API\s+(https?:\/\/\S+)\/api\/v1/.exec(run.stdout())
      if (match) {
        clearTimeout(timer)
        run.child.stdout!.off('data', check)
        resolve(match[1])
      }
    }
    run.child.stdout!.on('data', check)
    void run.exited.then((exit) => {
      clearTimeout(timer)
      reject(
        new Error(
          `store serve exited (${exit.code ?? exit.signal}) before it was ready\nstdout: ${run.stdout()}\nstderr: ${run.stderr()}`,
        ),
      )
    })
  })
  return {
    ...run,
    pid: run.child.pid!,
    origin,
    api: `${origin}/api/v1`,
    stop: (signal = 'SIGTERM') => {
      run.child.kill(signal)
      return run.exited
    },
  }
}

/** Runs `store serve` expecting it to refuse to start: its exit and output. */
export async function refusedServe(
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Exit & { stdout: string; stderr: string }> {
  const run = spawnServe(args, options.env)
  const timer = setTimeout(() => run.child.kill('SIGKILL'), scaled(options.timeoutMs ?? START_TIMEOUT_MS))
  const exit = await run.exited
  clearTimeout(timer)
  return { ...exit, stdout: run.stdout(), stderr: run.stderr() }
}

/** A request with the e2e key (unless headers say otherwise) and a JSON body when `json` is given. */
export function call(
  base: string,
  path: string,
  init: RequestInit & { json?: unknown; key?: string | null } = {},
): Promise<Response> {
  const headers = new Headers(init.headers)
  const key = init.key === undefined ? E2E_KEY : init.key
  if (key !== null) headers.set('authorization', `Bearer ${key}`)
  let body = init.body
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json')
    body = JSON.stringify(init.json)
  }
  return fetch(`${base}${path}`, { ...init, headers, body })
}

export interface StoreProcess {
  child: ChildProcess
  stdout(): string
  stderr(): string
  exited: Promise<Exit>
  /** Resolves once the stream's text matches; rejects with both outputs after the timeout. */
  waitFor(pattern: RegExp, stream?: 'stdout' | 'stderr', timeoutMs?: number): Promise<void>
  stop(signal?: NodeJS.Signals): Promise<Exit>
}

/** Any `store` command as a child process (no colour, no saved profile, no key from the environment). */
export function spawnStore(args: string[]): StoreProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, STORE_API_KEY: '', STORE_BASE_URL: '', NO_COLOR: '1', XDG_CONFIG_HOME: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const text = { stdout: '', stderr: '' }
  const listeners = new Set<() => void>()
  for (const name of ['stdout', 'stderr'] as const)
    child[name]!.setEncoding('utf8').on('data', (chunk: string) => {
      text[name] += chunk
      for (const listener of listeners) listener()
    })
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  return {
    child,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    exited,
    waitFor: (pattern, stream = 'stdout', timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const deadlineMs = scaled(timeoutMs)
        const check = () => {
          if (!pattern.test(text[stream])) return
          listeners.delete(check)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(
            new Error(
              `timed out after ${deadlineMs} ms waiting for ${pattern} on ${stream}\nstdout: ${text.stdout}\nstderr: ${text.stderr}`,
            ),
          )
        }, deadlineMs)
        listeners.add(check)
        check()
      }),
    stop: (signal = 'SIGINT') => {
      child.kill(signal)
      return exited
    },
  }
}
