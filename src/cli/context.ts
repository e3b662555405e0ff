import type { Writable, Readable } from 'node:stream'
import type { Connection } from './connection.js'
import type { Prompter } from './prompter.js'

/** What a command may use of the world: passed in, so tests run commands in-process. */
export interface CliContext {
  stdin: Readable & { isTTY?: boolean }
  /** `columns` is the terminal's width: tables, detail views and `--help` fit it. */
  stdout: Writable & { isTTY?: boolean; columns?: number }
  stderr: Writable & { isTTY?: boolean }
  env: Record<string, string | undefined>
  cwd: string
  now(): Date
  sleep(ms: number): Promise<void>
  randomBytes(n: number): Uint8Array
  fetch: typeof fetch
  /** Handles the signal until the returned function is called. */
  onSignal(signal: 'SIGINT' | 'SIGTERM' | 'SIGHUP', handler: () => void): () => void
  /** Asks the user on a TTY; default @inquirer/prompts on stdin/stderr. Tests pass a fake. */
  prompter?: Prompter
  /**
   * This run's connection, once known: main() names its key when it is refused, and where its URL
   * came from when nothing answers there.
   */
  session?: { connection?: Partial<Connection> }
}

/**
 * `{ ...ctx, ...extra }` that keeps getters as getters: the process's stdin is made on first use
 * (making it costs a command's start-up several ms, and most commands never read it).
 */
export function extendContext<T extends object, E extends object>(ctx: T, extra: E): T & E {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(ctx))
  return Object.defineProperties(copy, Object.getOwnPropertyDescriptors(extra)) as T & E
}

/** Resolves at the first SIGINT or SIGTERM (Ctrl+C, a stop); its handlers are in place from the call on. */
export function untilStopped(ctx: Pick<CliContext, 'onSignal'>): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      offInt()
      offTerm()
      resolve()
    }
    const offInt = ctx.onSignal('SIGINT', stop)
    const offTerm = ctx.onSignal('SIGTERM', stop)
  })
}
