// What a command's run function gets: the CliContext plus what the global flags decide (output
// mode, colour, interactivity, connection) and a lazy client, like gh's Factory (cli/cli
// pkg/cmdutil/factory.go).
import type { Command } from 'commander'
import { StoreClient } from '../client/index.js'
import { extendContext, type CliContext } from './context.js'
import { resolveConnection, type Connection, type GlobalOptions } from './connection.js'
import { Chalk } from 'chalk'
import { Output } from './output.js'
import { inquirerPrompter, type Prompter } from './prompter.js'
import { selectProfile } from './profiles.js'

export interface CommandContext extends CliContext {
  globals: GlobalOptions
  out: Output
  /** stdin and stdout are both terminals: the only case where we prompt. */
  interactive: boolean
  prompter: Prompter
  /** Flags, then STORE_* env, then the profile, then the local emulator. */
  connection(): Connection
  client(): StoreClient
}

export function commandContext(ctx: CliContext, command: Command): CommandContext {
  return contextFor(ctx, command.optsWithGlobals() as GlobalOptions)
}

/**
 * A commander action that gives `f` the command's context, then the command's arguments and options.
 * @example cmd.argument('<id>').action(inContext(ctx, (cc, id: string, o: { yes?: boolean }) => …))
 */
export const inContext =
  <A extends unknown[]>(ctx: CliContext, f: (cc: CommandContext, ...args: A) => void | Promise<void>) =>
  (...args: unknown[]): void | Promise<void> =>
    f(commandContext(ctx, args[args.length - 1] as Command), ...(args.slice(0, -1) as A))

export function contextFor(ctx: CliContext, globals: GlobalOptions): CommandContext {
  const isTTY = Boolean(ctx.stdout.isTTY)
  // Colour on a terminal, unless --no-color, TERM=dumb or NO_COLOR (any value, no-color.org;
  // chalk does not read it).
  const color = isTTY && globals.color !== false && !ctx.env.NO_COLOR && ctx.env.TERM !== 'dumb'
  const chalk = new Chalk({ level: color ? 1 : 0 })
  const out = new Output(
    ctx.stdout,
    ctx.stderr,
    isTTY,
    Boolean(globals.json),
    chalk,
    (isTTY && ctx.stdout.columns) || undefined,
  )
  let connection: Connection | undefined
  let client: StoreClient | undefined
  const connectionOf = () => {
    if (connection) return connection
    const { name, profile, source } = selectProfile(ctx, globals)
    connection = resolveConnection(ctx, globals, profile, { name, source })
    return connection
  }
  return extendContext(ctx, {
    globals,
    out,
    // stdout first: off a terminal, stdin is not even made.
    interactive: isTTY && Boolean(ctx.stdin.isTTY),
    prompter: ctx.prompter ?? inquirerPrompter(ctx, { color }),
    connection: connectionOf,
    client: () => (client ??= clientFor(ctx, connectionOf(), globals)),
  })
}

/** The `User-Agent` of every request the CLI sends: `store logs tail` leaves out its own control calls by it. */
export const CLI_USER_AGENT = 'store-cli'

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(ms < 1000 ? 2 : 1))} s`

/** A StoreClient on the CLI's world: its fetch and sleep, and `--verbose` lines on stderr. */
export function clientFor(
  ctx: CliContext,
  connection: Pick<Connection, 'baseUrl' | 'apiKey' | 'shop' | 'apiKeySource'> & Partial<Connection>,
  globals: Pick<GlobalOptions, 'verbose'> = {},
): StoreClient {
  // main() names the key in force when the API refuses it, and where the URL came from when nothing answers there.
  if (ctx.session) ctx.session.connection = connection
  return new StoreClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    shop: connection.shop,
    fetch: ctx.fetch,
    sleep: ctx.sleep,
    now: () => ctx.now().getTime(),
    log: globals.verbose ? (line) => ctx.stderr.write(`${line}\n`) : undefined,
    // A wait for the rate limit is long enough to look like a hang: say so.
    onRetry: (retry) => {
      if (retry.status === 429)
        ctx.stderr.write(
          `rate limited (429): waiting ${formatSeconds(retry.waitMs)}${retry.isRetryAfter ? ' as Retry-After asks' : ''}, then retrying ${retry.method} ${retry.path}\n`,
        )
    },
    // An answer that differs from the client's schema is shown as it came; --verbose says how it differs.
    drift: globals.verbose
      ? {
          operations: () => import('../contract/operations/index.js').then((m) => m.OPERATIONS),
          report: (d) =>
            ctx.stderr.write(
              `! ${d.method} ${d.path}: the answer differs from what ${d.operation} declares: ${d.issues.map((i) => `${i.field}: ${i.message}`).join('; ')}\n`,
            ),
        }
      : undefined,
    headers: { 'user-agent': CLI_USER_AGENT },
  })
}
