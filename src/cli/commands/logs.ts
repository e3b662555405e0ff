// `store logs tail`: the emulator's request inspector, live — each request an app sends to
// /api/v1 or /_emulator as it is answered, with the reason of every failure. Reconnects by itself.
import type { Command } from 'commander'
import { RequestLogEntrySchema, RequestLogQuerySchema, type RequestLogEntry } from '../../spec/requests.js'
import { fieldErrors } from '../../spec/field-errors.js'
import { commandContext, type CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'
import { followStream } from '../follow-stream.js'

export interface TailOptions {
  status?: string
  method?: string
  path?: string
}

/** The filters as the emulator reads them; a bad one is a usage error before anything is sent. */
function filterOf(o: TailOptions): TailOptions {
  const checked = RequestLogQuerySchema.safeParse({ status: o.status, method: o.method, path: o.path })
  if (!checked.success) {
    const [first] = fieldErrors(checked.error)
    throw new UsageError(`--${first.field}: ${first.message}`)
  }
  return { status: checked.data.status, method: checked.data.method?.toUpperCase(), path: checked.data.path }
}

/** One line per request: time, method, path, status, duration and, for a failure, why. */
function printRequest(cc: CommandContext, entry: RequestLogEntry): void {
  const { out } = cc
  if (out.isJson) return out.ndjson(entry)
  const chalk = out.chalk
  const status =
    entry.status < 300
      ? chalk.green(entry.status)
      : entry.status < 400
        ? chalk.yellow(entry.status)
        : chalk.red(entry.status)
  const path = entry.query ? `${entry.path}?${entry.query}` : entry.path
  const method = out.isTTY ? entry.method.padEnd(6) : entry.method
  const fields = [entry.at.slice(11, 19), method, path, status, `${entry.durationMs} ms`]
  if (entry.via === 'dashboard') fields.push(chalk.dim('(dashboard)'))
  if (entry.reason) fields.push(entry.reason)
  out.line(fields.join(out.isTTY ? '  ' : '\t'))
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Prints each new request of the account until Ctrl+C (one line each; NDJSON with --json). */
export async function tail(cc: CommandContext, o: TailOptions): Promise<void> {
  const filter = filterOf(o)
  const client = cc.client()
  const origin = client.http.origin
  const what = [filter.status, filter.method, filter.path && `under ${filter.path}`].filter(Boolean).join(' ')
  await followStream({
    ctx: cc,
    out: cc.out,
    open: (lastEventId, signal) => client.requests.stream(filter, { lastEventId, signal }),
    onMessage: (message) => {
      const parsed = RequestLogEntrySchema.safeParse(parseJson(message.data))
      if (parsed.success) printRequest(cc, parsed.data)
    },
    connected: (reconnected, lastId) =>
      reconnected
        ? `Reconnected to ${origin}${lastId !== undefined ? `; resuming after request ${lastId}` : ''}`
        : `Ready! Showing requests${what ? ` (${what})` : ''} to ${origin} as they are answered (Ctrl+C to stop)`,
  })
}

export function register(program: Command, ctx: CliContext): void {
  const logs = program
    .command('logs')
    .description("the emulator's request log: what your app sent and what it was answered")
  logs
    .command('tail')
    .description('print each request to /api/v1 and /_emulator as it is answered, failures with their reason')
    .option('--status <class>', 'only this status class (2xx, 3xx, 4xx, 5xx) or code (404)')
    .option('--method <method>', 'only this method (GET, POST, PUT, DELETE)')
    .option('--path <prefix>', 'only paths starting with this, e.g. /api/v1/orders')
    .action((o: TailOptions, command: Command) => tail(commandContext(ctx, command), o))
}
