// One recorded request of the emulator's request inspector as a line, and the filters of
// `store logs tail` and `store logs list` checked as the emulator checks them.
import { stripVTControlCharacters } from 'node:util'
import type { RequestLogEntry } from '../../contract/requests.js'
import { RequestLogQuerySchema } from '../../contract/requests.js'
import { fieldErrors } from '../../contract/field-errors.js'
import type { CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'
import { wrapWords } from '../layout.js'

const REASON_INDENT = 10

export interface TailOptions {
  status?: string
  method?: string
  path?: string
}

/** The filters as the emulator reads them; a bad one is a usage error before anything is sent. */
export function filterOf(o: TailOptions): TailOptions {
  const checked = RequestLogQuerySchema.safeParse({ status: o.status, method: o.method, path: o.path })
  if (!checked.success) {
    const [first] = fieldErrors(checked.error)
    throw new UsageError(`--${first.field}: ${first.message}`)
  }
  return { status: checked.data.status, method: checked.data.method?.toUpperCase(), path: checked.data.path }
}

/** One line per request: time, method, path, status, duration and, for a failure, why. */
export function printRequest(cc: CommandContext, entry: RequestLogEntry): void {
  const { out } = cc
  if (out.isJson) return out.ndjson(entry)
  const chalk = out.chalk
  const status = (entry.status < 300 ? chalk.green : entry.status < 400 ? chalk.yellow : chalk.red)(entry.status)
  const path = entry.query ? `${entry.path}?${entry.query}` : entry.path
  const method = out.isTTY ? entry.method.padEnd(6) : entry.method
  const fields = [entry.at.slice(11, 19), method, path, status, `${entry.durationMs} ms`]
  if (entry.via === 'dashboard') fields.push(chalk.dim('(dashboard)'))
  if (!out.isTTY) return out.line([...fields, ...(entry.reason ? [entry.reason] : [])].join('\t'))
  const head = fields.join('  ')
  const room = (out.width ?? Number.POSITIVE_INFINITY) - stripVTControlCharacters(head).length - 2
  if (!entry.reason || entry.reason.length <= room) return out.line(entry.reason ? `${head}  ${entry.reason}` : head)
  // A reason too long for the line goes below it, wrapped at word boundaries, never mid-word.
  out.line(head)
  for (const line of wrapWords(entry.reason, Math.max(20, (out.width ?? 80) - REASON_INDENT)))
    out.line(`${' '.repeat(REASON_INDENT)}${line}`)
}
