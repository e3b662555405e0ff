// The drift report: one block per endpoint with each difference under it; with `--json`, the
// whole report as one JSON document for CI.
import type { Output } from '../output.js'
import type { DriftReport, EntryDifference } from './replay.js'
import { counted } from '../counted.js'

/** A found difference: exit 1 (docs/cli.md, "Exit codes"). */
export class DriftFoundError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DriftFoundError'
  }
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

/** The closing line on stderr, or the error that makes the exit code 1. */
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
