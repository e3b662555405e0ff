// The run function of `store drift`: read and check the recording, replay it on the emulator of the
// connection (--base-url, STORE_BASE_URL, the profile or the local one), print the report: one
// block per endpoint with each difference under it; with `--json`, one JSON document for CI.
import type { CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'
import { checkReplayable, readHar } from './har.js'
import { type DriftReport, type EntryDifference, replayRecording } from './replay.js'
import type { Output } from '../output.js'
import { counted } from '../counted.js'

export async function runDrift(cc: CommandContext, file: string): Promise<void> {
  const har = await readHar(cc.cwd, file)
  checkReplayable(har, file)
  if (!cc.connection().apiKey)
    throw new UsageError(
      'store drift needs a key of the emulator that may create accounts: pass --api-key or set STORE_API_KEY (the key store serve printed, or its --admin-key)',
    )
  const suffix = Buffer.from(cc.randomBytes(3)).toString('hex')
  // Ctrl+C, a kill or a closed terminal stop the replay, which then removes its account.
  const stopping = new AbortController()
  const offs = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) =>
    cc.onSignal(signal, () => stopping.abort(signal)),
  )
  let report: Awaited<ReturnType<typeof replayRecording>>
  try {
    report = await replayRecording(har, cc.client(), `d${suffix}`, stopping.signal)
  } finally {
    for (const off of offs) off()
  }
  printDriftReport(cc.out, report, file)
  concludeDrift(cc.out, report, file)
}

/** A found difference: exit 1 (docs/cli.md, "Exit codes"). */
export class DriftFoundError extends Error {
  override name = 'DriftFoundError'
}

const plural = (n: number, word: string) => counted(n, `${word}s`.replace(/ys$/, 'ies'))

export function describeDifference(d: EntryDifference): string {
  return `entry ${d.entry}  ${d.request}  ${d.kind}: ${d.field}: recorded ${d.recorded}, emulator ${d.replayed}`
}

export function printDriftReport(out: Output, report: DriftReport, file: string): void {
  if (out.isJson) return out.json({ file, ok: report.differences === 0, ...report })
  // Each record not seeded first, with the differences it causes: those are not drift.
  for (const u of report.unseedable) {
    out.warn(`not seeded: ${u.kind} ${u.id}, read in a shape the seed file does not take (${u.problem})`)
    for (const d of report.explained.filter((e) => e.cause === u.id))
      out.info(`  ${describeDifference(d)} (follows from it; not drift)`)
  }
  const c = out.chalk
  const width = Math.max(0, ...report.endpoints.map((e) => e.endpoint.length))
  for (const e of report.endpoints) {
    const verdict = e.differing ? c.red(`${e.differing} differ`) : c.green('same')
    out.line(`${e.endpoint.padEnd(width)}  ${plural(e.requests, 'request').padStart(12)}  ${verdict}`)
    for (const d of e.differences) out.line(`  ${describeDifference(d)}`)
  }
}

export function concludeDrift(out: Output, report: DriftReport, file: string): void {
  const skipped = report.skipped ? ` (${plural(report.skipped, 'entry')} not under /api/v1 left out)` : ''
  const differing = report.endpoints.reduce((n, e) => n + e.differing, 0)
  const unseeded = report.explained.length
    ? `; ${plural(report.explained.length, 'difference')} that ${report.explained.length === 1 ? 'follows from a record not seeded is' : 'follow from records not seeded are'} not counted (above)`
    : ''
  if (report.differences === 0)
    return out.success(
      `the emulator answered ${unseeded ? '' : 'all '}${plural(report.replayed, 'request')} of ${file} alike${skipped}${unseeded}`,
    )
  throw new DriftFoundError(
    `the emulator answered ${differing} of ${plural(report.replayed, 'request')} of ${file} differently (${plural(report.differences, 'difference')})${skipped}${unseeded}; see the report above, and README "Is the emulator still right?" for what is compared`,
  )
}
