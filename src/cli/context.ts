import type { Writable, Readable } from 'node:stream'
import type { Prompter } from './prompter.js'

export interface Streams {
  stdin: Readable & { isTTY?: boolean }
  /** `columns` is the terminal's width: tables, detail views and `--help` fit it. */
  stdout: Writable & { isTTY?: boolean; columns?: number }
  stderr: Writable & { isTTY?: boolean }
}

/** What a command may use of the world: passed in, so tests run commands in-process. */
export interface CliContext extends Streams {
  env: Record<string, string | undefined>
  cwd: string
  now(): Date
  sleep(ms: number): Promise<void>
  randomBytes(n: number): Uint8Array
  fetch: typeof fetch
  /** Keeps the process alive until the returned promise settles (long-running commands). */
  onSignal(signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP', handler: () => void): () => void
  exit?(code: number): void
  /** Asks the user on a TTY; default @inquirer/prompts on stdin/stderr. Tests pass a fake. */
  prompter?: Prompter
  /** Where `store login` keeps profiles; default from env (profiles.ts `configDirOf`). */
  configDir?: string
  /**
   * The key this run sends and where it and the base URL came from, once known: main() names them
   * when the key is refused or nothing answers at the URL.
   */
  session?: {
    apiKey?: string
    apiKeySource?: string
    baseUrlSource?: string
    profile?: { name: string; source: string }
  }
}

/**
 * `{ ...ctx, ...extra }` that keeps getters as getters: the process's stdin is made on first use
 * (making it costs a command's start-up several ms, and most commands never read it).
 */
export function extendContext<T extends object, E extends object>(ctx: T, extra: E): T & E {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(ctx))
  return Object.defineProperties(copy, Object.getOwnPropertyDescriptors(extra)) as T & E
}
