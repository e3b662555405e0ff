// `store fixtures from-har`: each `/api/v1` exchange a step; values earlier answers gave become
// `${step:json.path}` references, and each step expects the recorded status and field names.
import { basename } from 'node:path'
import { decodeLoosely } from '../../contract/mask.js'
import { FIXTURE_MAX_STEPS, FIXTURE_METHODS, FixtureFileSchema, type FixtureStep } from '../../contract/fixtures.js'
import { anyOf, kindOf } from '../../fixtures/expect.js'
import type { CommandContext } from '../client-factory.js'
import { UsageError } from '../exit-codes.js'
import { writeOut } from './atomic-write.js'
import { isReferenceKey } from './compare.js'
import { apiPathOf, headerOf, readHar } from './har.js'
import { mapStrings, parseJson } from './id-map.js'
import { maskText } from './mask.js'
import { seedFromRecording } from './recording-seed.js'
import { type Route, routeFinder } from './schema-check.js'
import { countsOf, describeCounts } from './seed-records.js'

/** Recorded value → the reference to the earlier answer that first gave it. */
type Learnt = Map<string, string>

const safeDecode = (text: string) => decodeLoosely(text.replace(/\+/g, ' '))

/** `/products/rec_1?cursor=c1` after `/api/v1`, learnt values (a path segment, a query value) as references. */
function stepPath(url: string, learnt: Learnt): string {
  const { path, search } = apiPathOf(url)!
  const segments = path.replace(/[^/]+/g, (segment) => learnt.get(safeDecode(segment)) ?? segment)
  const query = search.replace(/([?&][^=&]*=)([^&]*)/g, (pair, name, value) => {
    const ref = learnt.get(safeDecode(value))
    return ref === undefined ? pair : `${name}${ref}`
  })
  return `/api/v1${segments}${query}`
}

/** Enters each id, order number and cursor of a step's answer, where the answer first gave it. */
function learn(value: unknown, step: string, path: string, key: string, learnt: Learnt): void {
  if (typeof value === 'string' && isReferenceKey(key) && value !== '' && !learnt.has(value))
    learnt.set(value, `\${${step}:${path}}`)
  if (value === null || typeof value !== 'object') return
  // An array's items by index, which is no reference key.
  for (const [k, v] of Object.entries(value))
    if (/^[A-Za-z0-9_-]+$/.test(k)) learn(v, step, path ? `${path}.${k}` : k, k, learnt)
}

/**
 * The recorded answer as a partial match: field names and kinds (a list by its first item), its own
 * id, order number or cursor as the reference to the earlier answer that gave it.
 */
function expectedBody(value: unknown, learnt: Learnt, depth = 0, key = ''): unknown {
  // Not a cursor: a service may issue a new one for the same page.
  if (typeof value === 'string' && depth === 1 && key !== 'nextCursor' && isReferenceKey(key) && learnt.has(value))
    return learnt.get(value)
  if (Array.isArray(value)) return value.length ? [expectedBody(value[0], learnt, depth + 1)] : []
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expectedBody(v, learnt, depth + 1, k)]))
  return value === null ? anyOf() : anyOf(kindOf(value) as Exclude<ReturnType<typeof kindOf>, 'nothing'>)
}

/** What the step does, from the operation it calls: `create-product`, `list-products`, `get-product-404`. */
function nameOf(route: Route, status: number, taken: Set<string>): string {
  const what = route.operation?.operationId.replace(/[A-Z]/g, (c) => `-${c}`) ?? route.name
  const base = `${what}${status >= 400 ? `-${status}` : ''}`
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .slice(0, 56)
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`
  taken.add(name)
  return name
}

export async function runFixturesFromHar(cc: CommandContext, file: string, o: { out?: string }): Promise<void> {
  const har = await readHar(cc.cwd, file)
  const notes: string[] = []
  const learnt: Learnt = new Map()
  const taken = new Set<string>()
  const findRoute = routeFinder()
  const steps: FixtureStep[] = []
  for (const [index, entry] of har.log.entries.entries()) {
    const api = apiPathOf(entry.request.url)
    if (!api) continue
    const method = entry.request.method.toUpperCase() as FixtureStep['request']['method']
    const status = entry.response.status
    const what = `entry ${index} (${method} ${new URL(entry.request.url).pathname})`
    if (!FIXTURE_METHODS.includes(method)) {
      notes.push(`${what}: left out; a step sends ${FIXTURE_METHODS.join(', ')}`)
      continue
    }
    if (status === 401 || (status === 403 && headerOf(entry.request.headers, 'x-service-shop'))) {
      notes.push(
        `${what}: left out; it was refused for its key or shop (${status}), and a fixture runs with the key it is given`,
      )
      continue
    }
    const name = nameOf(findRoute(method, api.path || '/'), status, taken)
    const text = entry.request.postData?.text
    const body = parseJson(text)
    if (text && body === undefined)
      notes.push(`step "${name}": the recorded body is not JSON; the step sends it as a JSON string`)
    const answer = parseJson(entry.response.content.text)
    steps.push({
      name,
      request: {
        method,
        path: stepPath(entry.request.url, learnt),
        ...(body !== undefined ? { body: mapStrings(body, (s) => learnt.get(s) ?? s) } : text ? { body: text } : {}),
      },
      expect: { status, ...(answer !== undefined ? { body: expectedBody(answer, learnt) } : {}) },
    })
    if (status >= 200 && status <= 299 && answer !== undefined) learn(answer, name, '', '', learnt)
  }
  if (steps.length === 0)
    throw new UsageError(`${file} holds no /api/v1 exchange to make a step of; record one with store proxy --record`)
  if (steps.length > FIXTURE_MAX_STEPS)
    throw new UsageError(
      `${file} holds ${steps.length} /api/v1 exchanges; a fixtures file holds at most ${FIXTURE_MAX_STEPS} steps: record a shorter session`,
    )
  const { seed, unseedable } = seedFromRecording(har.log.entries)
  // Records the recording read without creating them, what `store seed from-har` seeds; those read in
  // a shape the seed file does not take are read all the same.
  const unmade = countsOf(seed)
  for (const u of unseedable) unmade[u.kind] = (unmade[u.kind] ?? 0) + 1
  const name = basename(file)
  const seedHint = Object.keys(unmade).length
    ? ` It reads records it does not create (${describeCounts(unmade)}): run it in an account seeded with store seed from-har ${name}.`
    : ''
  const fixtures = {
    description: `Made from ${name} by store fixtures from-har: ${steps.length} steps, each expecting the recorded status and field names.${seedHint}`,
    fixtures: steps,
  }
  const checked = FixtureFileSchema.safeParse(fixtures)
  if (!checked.success) {
    const [issue] = checked.error.issues
    throw new UsageError(`${file}: the fixtures made of it would not run: ${issue.path.join('.')}: ${issue.message}`)
  }
  for (const note of notes) cc.out.warn(note)
  if (Object.keys(unmade).length)
    cc.out.warn(
      `${file} reads records it does not create (${describeCounts(unmade)}): run the fixtures in an account seeded with them (store seed from-har ${file} --out seed.json, then store serve --seed seed.json, store state import seed.json or createTestAccount({ seed }))`,
    )
  await writeOut(
    cc,
    // Recordings are masked already; the mask runs again for any key a hand-made HAR kept.
    maskText(`${JSON.stringify(fixtures, null, 2)}\n`, []),
    o.out,
    `${steps.length} steps from ${file}`,
    `run them with store fixtures run ${o.out}`,
  )
}
