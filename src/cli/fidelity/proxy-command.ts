// The run function of `store proxy`: flags checked, the recording started, the proxy served until
// Ctrl+C or SIGTERM, then a summary (exit 1 when an answer broke the spec's schemas).
import { resolve } from 'node:path'
import { clientFor, type CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'
import { version } from '../version.js'
import { routeFinder } from './schema-check.js'
import { apiBaseOf } from './base-url.js'
import { HarRecorder } from './har-recorder.js'
import { startProxy } from './proxy.js'
import { describeMismatch } from './schema-check.js'
import { counted } from '../counted.js'

export interface ProxyFlags {
  upstream: string
  record?: string
  port: string
  host: string
}

/** Answers that broke the spec's schemas: exit 1. */
export class SchemaMismatchError extends Error {
  override name = 'SchemaMismatchError'
}

export async function runProxy(cc: CommandContext, o: ProxyFlags): Promise<void> {
  const port = Number(o.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: "${o.port}" is not a port (0-65535)`)
  const upstream = apiBaseOf(o.upstream, '--upstream')
  // The flag only: STORE_API_KEY is usually the local emulator's key, not the hosted service's.
  const apiKey = cc.globals.apiKey
  const http = clientFor(cc, { baseUrl: upstream, apiKey }, cc.globals).http
  const recordPath = o.record ? resolve(cc.cwd, o.record) : undefined
  const recorder = recordPath
    ? await HarRecorder.create(recordPath, version(), apiKey ? [apiKey] : []).catch((error: NodeJS.ErrnoException) => {
        throw new UsageError(
          `--record: cannot write ${recordPath} (${error.code ?? error.message}); pass a path in a folder that exists`,
        )
      })
    : undefined
  const started = performance.now()
  const proxy = await startProxy({
    port,
    host: o.host,
    upstream,
    http,
    hasOwnKey: apiKey !== undefined,
    findRoute: routeFinder(),
    recorder,
    now: () => cc.now(),
    clock: () => performance.now() - started,
    onMismatch: (m) => cc.out.line(`! ${describeMismatch(m)}`),
    onLine: (line) => cc.out.info(line),
    onRecordFailed: (error) =>
      cc.out.warn(
        `could not write ${recordPath}: ${error.message}; the exchanges are kept and written with the next one`,
      ),
  })
  cc.out.info(`store proxy: ${proxy.url} → ${upstream}`)
  if (recordPath) cc.out.info(`recording to ${recordPath} (HAR 1.2, keys masked)`)
  cc.out.info('Ctrl+C stops it')
  await new Promise<void>((done) => {
    const offInt = cc.onSignal('SIGINT', stop)
    const offTerm = cc.onSignal('SIGTERM', stop)
    function stop() {
      offInt()
      offTerm()
      done()
    }
  })
  await proxy.close()
  await recorder?.close()
  const { requests, answersWithMismatches, mismatches } = proxy.stats
  const recorded = recorder ? `; ${recorder.entries} recorded to ${recordPath}` : ''
  if (answersWithMismatches)
    throw new SchemaMismatchError(
      `${answersWithMismatches} of ${requests} answers broke the spec's schemas (${counted(mismatches, 'mismatches')}, printed above)${recorded}`,
    )
  cc.out.success(`${counted(requests, 'answers')} relayed, all as the spec's schemas describe them${recorded}`)
}
