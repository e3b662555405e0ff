import { Command, CommanderError, Help } from 'commander'
import { COMMAND_LIST } from './command-list.js'
import { COMMANDS, type CommandModule } from './commands-index.js'
import { httpFetch } from './http-fetch.js'
import { extendContext, type CliContext } from './context.js'
import { EXIT, exitCodeOf, isStoreError } from './exit-codes.js'
import { examples } from './examples.js'
import type { AttemptedError } from '../client/http.js'
import type { Connection } from './connection.js'
import { maskKey } from '../contract/keys.js'
import { escapeControls } from './terminal-text.js'
import { version } from './version.js'

export function buildProgram(ctx: CliContext): Command {
  const program = new Command('store')
    .description(
      'The Online Store API from your terminal: API client, local emulator, webhook tools, mystery-box verifier.',
    )
    .version(version(), '-V, --version', 'print the version')
    .option('--api-key <key>', 'API key (env STORE_API_KEY)')
    .option('--base-url <url>', 'API base URL ending in /api/v1 (env STORE_BASE_URL; default: the local emulator)')
    .option('--shop <id-or-slug>', 'shop for X-Service-Shop (env STORE_SHOP)')
    .option('--profile <name>', 'saved profile to use (see store login, store config)')
    .option('--json', "print the API's JSON unchanged")
    .option('--no-color', 'no colour in output (NO_COLOR is honoured too)')
    .option('--verbose', 'show each HTTP request and answer (key masked) and stack traces')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
      getOutHelpWidth: () => (ctx.stdout.isTTY && ctx.stdout.columns) || 80,
      getErrHelpWidth: () => (ctx.stderr.isTTY && (ctx.stderr as { columns?: number }).columns) || 80,
    })
    .configureHelp(WRAPPING_HELP)
    .addHelpText(
      'after',
      examples('store serve', 'store products list', 'store --profile staging orders get ORD-1 --json'),
    )
  return program
}

/**
 * Help that wraps at word boundaries in any width: the flags column is kept to at most 40% of
 * the width, and a flag longer than that gets a line of its own with its description below, so
 * descriptions always have room to wrap (commander leaves them unwrapped when they have not).
 */
const WRAPPING_HELP: Partial<Help> = {
  minWidthToWrap: 20,
  padWidth(cmd, helper) {
    const natural = Help.prototype.padWidth.call(this, cmd, helper)
    return Math.min(natural, Math.max(16, Math.floor((this.helpWidth ?? 80) * 0.4)))
  },
  formatItem(term, termWidth, description, helper) {
    if (!description || helper.displayWidth(term) <= termWidth)
      return Help.prototype.formatItem.call(this, term, termWidth, description, helper)
    return `  ${term}\n${Help.prototype.formatItem.call(this, '', termWidth, description, helper)}`
  },
}

/**
 * Runs the CLI with the given argv (without node and script) and returns the exit code; `commands`
 * are the top-level commands (all of them, unless a test declares its own).
 */
export async function main(argv: string[], ctx: CliContext, commands: CommandModule[] = COMMANDS): Promise<number> {
  const session: NonNullable<CliContext['session']> = {}
  const run = extendContext(ctx, { session })
  const program = buildProgram(run)
  // With --json, errors are JSON on stderr too: `{ "error", "errors"?, "hint"? }`, one line.
  const isJson = argv.includes('--json')
  if (isJson)
    program.configureOutput({
      outputError: (text) => run.stderr.write(`${JSON.stringify({ error: text.replace(/^error: /, '').trim() })}\n`),
    })
  try {
    await declareCommands(program, argv, commands, run)
    await program.parseAsync(argv, { from: 'user' })
    return EXIT.ok
  } catch (error) {
    return reportError(error, run, argv.includes('--verbose'), isJson)
  }
}

/**
 * Declares the command argv names (every command for `store completion`, which walks them all);
 * with none named, lists them all from data so `store --help` loads no command module.
 */
async function declareCommands(program: Command, argv: string[], commands: CommandModule[], ctx: CliContext) {
  // The first word that is not a global option or its value; for `help X`, X.
  const [first, second] = program.parseOptions(argv).operands
  const name = first === 'help' ? second : first
  const chosen = name === 'completion' ? commands : commands.filter((c) => c.name === name)
  for (const command of chosen) (await command.load()).register(program, ctx)
  if (chosen.length > 0) return
  const listed = COMMAND_LIST.filter((c) => commands.some((m) => m.name === c.name))
  for (const c of listed) program.command(c.name).description(c.description)
  const terms = new Map(listed.map((c) => [c.name, c.term]))
  program.configureHelp({
    ...WRAPPING_HELP,
    subcommandTerm(cmd) {
      return terms.get(cmd.name()) ?? Help.prototype.subcommandTerm.call(this, cmd)
    },
  })
}

function reportError(error: unknown, ctx: CliContext, verbose: boolean, isJson = false): number {
  // Help (asked for, or shown for a command without its subcommand) and the version are no error.
  if (error instanceof CommanderError)
    return error.code.startsWith('commander.help') || error.code === 'commander.version' ? EXIT.ok : EXIT.usage
  const code = exitCodeOf(error)
  // Ctrl+C at a prompt: inquirer's message ("User force closed the prompt…") says nothing useful.
  const message =
    (error as Error)?.name === 'ExitPromptError' ? 'cancelled' : error instanceof Error ? error.message : String(error)
  // An API's message may echo what anyone sent: shown with its control characters escaped.
  const say = (text: string) => ctx.stderr.write(escapeControls(`${text}\n`))
  // Field errors of the API (StoreError) and of local checks (InputError), one per line.
  const fieldErrors = (error as { errors?: unknown })?.errors
  const hint = hintFor(error, code, ctx.session?.connection)
  if (isJson) {
    const errors = Array.isArray(fieldErrors) ? { errors: fieldErrors } : {}
    ctx.stderr.write(`${JSON.stringify({ error: message, ...errors, ...(hint ? { hint } : {}) })}\n`)
    return code
  }
  say(`error: ${message}`)
  if (Array.isArray(fieldErrors) && fieldErrors.length > 1)
    for (const e of fieldErrors as { field: string; message: string }[]) say(`  ${e.field}: ${e.message}`)
  if (hint) say(`hint: ${hint}`)
  if (verbose && error instanceof Error && error.stack) say(error.stack)
  return code
}

/** What to do next, for the failures that have an obvious next step. */
function hintFor(error: unknown, code: number, connection: Partial<Connection> = {}): string | undefined {
  if (!isStoreError(error)) return undefined
  if (code === EXIT.unreachable) return unreachableHint(connection)
  if (error.status === 401) {
    const { apiKey: key, apiKeySource } = connection
    const from = apiKeySource ? ` (from ${apiKeySource})` : ''
    const which = key ? `the key ${maskKey(key)}${from} was refused` : 'no API key was sent'
    return `${which}: pass --api-key, set STORE_API_KEY, or run \`store login\`.`
  }
  if (code === EXIT.unavailable) {
    const attempts = (error as Partial<AttemptedError>).attempts
    if (attempts === undefined) return 'the API is busy or failing. Try again later.'
    if (attempts > 1) return `the API is busy or failing; the request was tried ${attempts} times. Try again later.`
    if (error.status === 429)
      return 'the API is rate limiting; its Retry-After asked for longer than the CLI waits. Try again later.'
    // The emulator's chosen failures (fault rules, Prefer: code=N) say so: such a write was not applied.
    if (/the request changed nothing$/.test(error.message))
      return 'the API answered this failure without applying the request (it says so): send it again when you are ready.'
    return 'the API is busy or failing. The request was not retried (it may have been applied): check before sending it again.'
  }
  return undefined
}

/**
 * Nothing answered: where the URL came from (a flag, the environment, a profile and how that one
 * was chosen, or the default), so a server that moved or stopped is found.
 */
function unreachableHint({ baseUrlSource: from, profile }: Partial<Connection>): string {
  const start = 'Start the emulator with `store serve`, or pass --base-url (or --profile).'
  if (!from) return `is the API running there? ${start}`
  const where = from.startsWith('the default') ? `The URL is ${from}.` : `The URL came from ${from}.`
  const forget =
    profile && from.startsWith('the base-url of')
      ? ` If its server is gone for good, \`store config remove ${profile.name}\` forgets the profile.`
      : ''
  return `is the API running there? ${where} ${start}${forget}`
}

/** The composition root: the real process, streams, clock and network. */
export function run(): void {
  const ctx: CliContext = {
    get stdin() {
      return process.stdin
    },
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    now: () => new Date(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    // node:crypto is loaded by the commands that use it only (a start-up cost otherwise).
    randomBytes: (n) => process.getBuiltinModule('node:crypto').randomFillSync(new Uint8Array(n)),
    fetch: httpFetch,
    onSignal: (signal, handler) => {
      process.on(signal, handler)
      return () => process.off(signal, handler)
    },
  }
  // `store … | head` closes the pipe early: that is a normal end, not a crash.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
      throw error
    })
  }
  main(process.argv.slice(2), ctx).then((code) => {
    process.exitCode = code
  })
}
