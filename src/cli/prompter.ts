// Interactive questions behind an interface, as gh keeps its prompter (cli/cli
// internal/prompter/prompter.go): commands ask a Prompter, tests hand in a fake one.
import { Writable, type Readable } from 'node:stream'

export interface Prompter {
  /** Free text; `default` is taken on Enter. A `validate` message re-asks. */
  input(message: string, opts?: { default?: string; validate?: (value: string) => true | string }): Promise<string>
  password(message: string): Promise<string>
  select<T extends string>(message: string, choices: readonly T[], opts?: { default?: T }): Promise<T>
  confirm(message: string, opts?: { default?: boolean }): Promise<boolean>
}

/**
 * The terminal prompter: @inquirer/prompts on the given input, drawing on stderr so stdout stays
 * data. The package is imported on first use only. Ctrl+C rejects with `ExitPromptError` (exit 130).
 */
export function inquirerPrompter(
  streams: { stdin: Readable; stderr: Writable },
  opts: { color?: boolean } = {},
): Prompter {
  const prompts = () => import('@inquirer/prompts')
  // inquirer ends the output it is given when a prompt is done; only real stdio survives that, so
  // each prompt draws on its own pass-through to stderr.
  const context = () => ({
    input: streams.stdin as NodeJS.ReadableStream,
    output: unendable(streams.stderr) as NodeJS.WritableStream,
    clearPromptOnDone: false,
  })
  // inquirer colours by NO_COLOR and the terminal itself; `--no-color` needs a plain theme.
  const theme = opts.color === false ? PLAIN_THEME : undefined
  return {
    async input(message, o = {}) {
      const { input } = await prompts()
      return input({ message, default: o.default, validate: o.validate, theme }, context())
    },
    async password(message) {
      const { password } = await prompts()
      return password({ message, mask: '*', validate: (v) => (v.trim() ? true : 'enter a value'), theme }, context())
    },
    async select(message, choices, o = {}) {
      const { select } = await prompts()
      return select(
        { message, choices: choices.map((value) => ({ value, name: value })), default: o.default, theme },
        context(),
      )
    },
    async confirm(message, o = {}) {
      const { confirm } = await prompts()
      return confirm({ message, default: o.default ?? false, theme }, context())
    },
  }
}

const same = (text: string) => text
const PLAIN_THEME = {
  prefix: { idle: '?', done: '✔' },
  style: {
    answer: same,
    message: same,
    error: (text: string) => `> ${text}`,
    defaultAnswer: (text: string) => `(${text})`,
    help: same,
    highlight: same,
    key: (text: string) => `<${text}>`,
  },
}

/** Writes through to `target` (with its terminal size), but ending it leaves `target` open. */
function unendable(target: Writable & { columns?: number; rows?: number; isTTY?: boolean }): Writable {
  const through = new Writable({ write: (chunk, encoding, done) => void target.write(chunk, encoding, done) })
  return Object.defineProperties(through, {
    isTTY: { get: () => target.isTTY },
    columns: { get: () => target.columns },
    rows: { get: () => target.rows },
  })
}
