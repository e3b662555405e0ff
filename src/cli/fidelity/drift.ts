// `store drift`: replays a recording in order against the emulator of the connection, in a fresh
// account seeded from what the recording's reads showed, and compares each answer with the
// recorded one: one block per endpoint with each difference under it; `--json`, one document for CI.
import { StoreClient } from '../../client/index.js'
import type { CommandContext } from '../client-factory.js'
import { counted } from '../counted.js'
import { CancelledError, UsageError } from '../exit-codes.js'
import type { Output } from '../output.js'
import { routeFinder } from './schema-check.js'
import { compareAnswers, type Difference } from './compare.js'
import { apiPathOf, type HarEntry, headerOf, readHar } from './har.js'
import { IdMap } from './id-map.js'
import { seedFromRecording } from './recording-seed.js'
import { countsOf, type Unseedable } from './seed-records.js'

type EntryDifference = Difference & { entry: number; request: string }
/** A difference that follows from a record not seeded (`cause`, its id): not drift. */
type Explained = EntryDifference & { cause: string }
type DriftReport = { unseedable: Unseedable[]; explained: Explained[]; endpoints: EndpointReport[] }

interface EndpointReport {
  endpoint: string
  requests: number
  differing: number
  differences: EntryDifference[]
}

/** A key no account holds: the recorded request was refused for its key, and so is the replay. */
const REFUSED_KEY = 'sk_live_storedriftnotakey0000000000000'

/** Headers of the replayed request: its content type; its key and shop only when they were refused. */
function headersFor(entry: HarEntry): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' }
  const type = entry.request.postData?.mimeType ?? headerOf(entry.request.headers, 'content-type')
  if (type) headers['content-type'] = type
  const shop = headerOf(entry.request.headers, 'x-service-shop')
  if (entry.response.status === 403 && shop) headers['x-service-shop'] = shop
  if (entry.response.status === 401 && headerOf(entry.request.headers, 'authorization'))
    headers.authorization = `Bearer ${REFUSED_KEY}`
  return headers
}

/** The replay's account is removed at the end, also when Ctrl+C, a kill or a closed terminal stop it. */
export async function runDrift(cc: CommandContext, file: string): Promise<void> {
  const har = await readHar(cc.cwd, file)
  if (!cc.connection().apiKey)
    throw new UsageError(
      'store drift needs a key of the emulator that may create accounts: pass --api-key or set STORE_API_KEY (the key store serve printed, or its --admin-key)',
    )
  const suffix = `d${Buffer.from(cc.randomBytes(3)).toString('hex')}`
  const api = har.log.entries.flatMap((entry, index) => (apiPathOf(entry.request.url) ? [{ entry, index }] : []))
  const ids = new IdMap()
  const { seed, unseedable } = seedFromRecording(har.log.entries, ids, suffix)
  const stopping = new AbortController()
  const stop = stopping.signal
  const offs = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) =>
    cc.onSignal(signal, () => stopping.abort(signal)),
  )
  const admin = cc.client()
  const created = await admin.emulator.createAccount({ name: 'store drift', seed }).catch((error: unknown) => {
    for (const off of offs) off()
    throw error
  })
  const http = admin.http.with({ apiKey: created.key.secret, shop: undefined, retry: false })
  const anonymous = http.with({ apiKey: undefined })
  const findRoute = routeFinder()
  const endpoints = new Map<string, EndpointReport>()
  let replayed = 0
  const explained: Explained[] = []
  // An entry whose path or recorded answer names a record not seeded differs because of it.
  const causeOf = (path: string, text: string) =>
    unseedable.find((u) => u.id && (path.split(/[/?]/).includes(u.id) || text.includes(`"${u.id}"`)))?.id
  try {
    for (const { entry, index } of api) {
      if (stop.aborted) break
      const method = entry.request.method.toUpperCase()
      const { path, search } = apiPathOf(entry.request.url)!
      const target = path + search
      const answer = await (entry.response.status === 401 ? anonymous : http)
        .exchange(method, ids.rewritePath(target), {
          headers: headersFor(entry),
          body: ids.rewriteBody(entry.request.postData?.text),
          signal: stop,
        })
        .catch((error) => {
          if (stop.aborted) return undefined
          throw error
        })
      if (!answer) break
      replayed++
      const recorded = { status: entry.response.status, text: entry.response.content.text ?? '' }
      const request = `${method} ${target}`
      const differences = compareAnswers(recorded, answer, ids).map((d) => ({ ...d, entry: index, request }))
      const endpoint = findRoute(method, path || '/').name
      const group = endpoints.get(endpoint) ?? { endpoint, requests: 0, differing: 0, differences: [] }
      endpoints.set(endpoint, group)
      group.requests++
      const cause = differences.length ? causeOf(target, recorded.text) : undefined
      if (cause) explained.push(...differences.map((d) => ({ ...d, cause })))
      else if (differences.length) {
        group.differing++
        group.differences.push(...differences)
      }
    }
  } finally {
    for (const off of offs) off()
    await new StoreClient(http).emulator.deleteAccount(created.account.id).catch(() => undefined)
  }
  if (stop.aborted)
    throw new CancelledError(
      `store drift stopped (${String(stop.reason)}) after replaying ${replayed} of ${api.length} entries; its account ${created.account.id} was removed`,
    )
  const list = [...endpoints.values()]
  const report = {
    replayed: api.length,
    /** Entries not under `/api/v1`, left out. */
    skipped: har.log.entries.length - api.length,
    seeded: countsOf(seed),
    unseedable,
    explained,
    differences: list.reduce((n, e) => n + e.differences.length, 0),
    endpoints: list,
  }
  const { out } = cc
  if (out.isJson) out.json({ file, ok: report.differences === 0, ...report })
  else printDriftReport(out, report)
  const skipped = report.skipped ? ` (${counted(report.skipped, 'entries')} not under /api/v1 left out)` : ''
  const differing = report.endpoints.reduce((n, e) => n + e.differing, 0)
  const unseeded = report.explained.length
    ? `; ${counted(report.explained.length, 'differences')} that ${report.explained.length === 1 ? 'follows from a record not seeded is' : 'follow from records not seeded are'} not counted (above)`
    : ''
  if (report.differences === 0)
    return out.success(
      `the emulator answered ${unseeded ? '' : 'all '}${counted(report.replayed, 'requests')} of ${file} alike${skipped}${unseeded}`,
    )
  // A found difference exits 1 (docs/cli.md, "Exit codes").
  throw new Error(
    `the emulator answered ${differing} of ${counted(report.replayed, 'requests')} of ${file} differently (${counted(report.differences, 'differences')})${skipped}${unseeded}; see the report above, and README "Is the emulator still right?" for what is compared`,
  )
}

const describeDifference = (d: EntryDifference) =>
  `entry ${d.entry}  ${d.request}  ${d.kind}: ${d.field}: recorded ${d.recorded}, emulator ${d.replayed}`

/** Each record not seeded first, with the differences it causes (those are not drift), then each endpoint. */
function printDriftReport(out: Output, { unseedable, explained, endpoints }: DriftReport): void {
  for (const u of unseedable) {
    out.warn(`not seeded: ${u.kind} ${u.id}, read in a shape the seed file does not take (${u.problem})`)
    for (const d of explained.filter((e) => e.cause === u.id))
      out.info(`  ${describeDifference(d)} (follows from it; not drift)`)
  }
  const width = Math.max(0, ...endpoints.map((e) => e.endpoint.length))
  for (const e of endpoints) {
    const verdict = e.differing ? out.chalk.red(`${e.differing} differ`) : out.chalk.green('same')
    out.line(`${e.endpoint.padEnd(width)}  ${counted(e.requests, 'requests').padStart(12)}  ${verdict}`)
    for (const d of e.differences) out.line(`  ${describeDifference(d)}`)
  }
}
