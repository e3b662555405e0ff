// `store seed from-har`, and what `store drift` seeds: the state a recording starts from, as far as its reads showed it, except records it created
// itself (the replay creates them again); each under a fresh id, entered in the id map.
import type { SeedInput } from '../../contract/seed-file.js'
import type { CommandContext } from '../client-factory.js'
import { isReferenceKey } from './compare.js'
import { apiPathOf, readHar, type HarEntry } from './har.js'
import { IdMap, mapStrings, parseJson } from './id-map.js'
import {
  countsOf,
  describeCounts,
  isSeedKind,
  SeedCollector,
  type SeedKind,
  seedableOnly,
  writeSeed,
} from './seed-records.js'

function recordsOf(kind: SeedKind, body: unknown): unknown[] {
  if (body === null || typeof body !== 'object') return []
  const list = (body as Record<string, unknown>)[kind]
  return Array.isArray(list) ? list : [body]
}

/** A category or group as the API shows it: its members as `{ id, name, … }`. */
interface Summarised {
  products?: { id: string; name: string; productId?: string; price?: number }[]
  groups?: { id: string; name: string }[]
}

/** Stands for a page offered but never read: without it the emulator would say there is no next page. */
function unreadPage(products: readonly Record<string, unknown>[]): Record<string, unknown> {
  const oldest = Math.min(...products.map((p) => Date.parse(String(p.createdAt))).filter(Number.isFinite))
  const createdAt = new Date(Number.isFinite(oldest) ? oldest - 1000 : 0).toISOString()
  return {
    name: 'Stands for the products of pages the recording did not read',
    type: 'Service',
    price: 0,
    status: 'Live',
    createdAt,
  }
}

/** With `suffix`, every record under a fresh id entered in `ids`; without, under its recorded id. */
export function seedFromRecording(entries: readonly HarEntry[], ids = new IdMap(), suffix?: string) {
  const collector = new SeedCollector()
  const created = new Set<string>()
  const pages = { followed: new Set<string>(), offered: new Set<string>() }
  const summaries: Summarised[] = []
  for (const entry of entries) {
    const segments = apiPathOf(entry.request.url)?.path.split('/').filter(Boolean).map(decodeURIComponent)
    const status = entry.response.status
    if (!segments?.length || status < 200 || status > 299 || !isSeedKind(segments[0])) continue
    const kind = segments[0]
    const method = entry.request.method.toUpperCase()
    const body = parseJson(entry.response.content.text)
    if (kind === 'products' && method === 'GET' && segments.length === 1) {
      const cursor = new URL(entry.request.url).searchParams.get('cursor')
      if (cursor) pages.followed.add(cursor)
      const next = (body as { nextCursor?: unknown } | undefined)?.nextCursor
      if (typeof next === 'string') pages.offered.add(next)
    }
    if (method === 'POST') {
      const id = (body as { id?: unknown } | undefined)?.id
      if (typeof id === 'string') created.add(id)
      continue
    }
    if (method !== 'GET' && method !== 'PUT') continue
    for (const record of recordsOf(kind, body)) {
      const id = (record as { id?: unknown } | null)?.id
      if (typeof id !== 'string' || created.has(id)) continue
      collector.add(kind, record)
      if (kind === 'categories' || kind === 'groups') summaries.push(record as Summarised)
    }
  }
  // Members the reads showed only inside a category or group: seeded from what that shows.
  for (const holder of summaries) {
    for (const group of holder.groups ?? []) if (!created.has(group.id)) collector.add('groups', group)
    for (const product of holder.products ?? [])
      if (!created.has(product.id))
        collector.add('products', { type: 'Service', price: 0, status: 'Draft', ...product })
  }
  const { seed, unseedable } = seedableOnly(collector.toSeed() as Record<string, Record<string, unknown>[]>)
  if ([...pages.offered].some((cursor) => !pages.followed.has(cursor))) {
    seed.products = seed.products ?? []
    seed.products.unshift(unreadPage(seed.products))
  }
  if (suffix === undefined) return { seed: seed as SeedInput, unseedable }
  for (const [kind, rows] of Object.entries(seed))
    for (const row of rows) {
      if (typeof row.id === 'string') ids.enter(row.id, `${row.id}_${suffix}`)
      if (kind === 'products' && typeof row.productId === 'string')
        ids.enter(row.productId, `${row.productId}_${suffix}`)
    }
  const renamed = mapStrings(seed, (text, key) => (isReferenceKey(key) ? (ids.replayedOf(text) ?? text) : text))
  return { seed: renamed as SeedInput, unseedable }
}

export async function runSeedFromHar(cc: CommandContext, file: string, o: { out?: string }): Promise<void> {
  const har = await readHar(cc.cwd, file)
  const { seed, unseedable } = seedFromRecording(har.log.entries)
  for (const u of unseedable)
    cc.out.warn(`not seeded: ${u.kind} ${u.id}, read in a shape the seed file does not take (${u.problem})`)
  const what = describeCounts(countsOf(seed)) || 'no record (the recording reads only what it creates)'
  await writeSeed(cc, seed, [], o.out, `${what} from the reads of ${file}`)
}
