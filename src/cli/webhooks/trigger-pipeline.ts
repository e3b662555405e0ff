// `store webhooks trigger KIND` without `--to`: runs the kind's shipped fixture in the account,
// so the emulator itself fires the event to endpoints, listen streams and the delivery log.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DYNAMIC_DELIVERY_EVENT, fixtureFileOf, type EventKind } from '../../contract/event-kinds.js'
import { UsageError } from '../exit-codes.js'
import { printPlan, printStep } from '../fixtures/report.js'
import { fixtureEnv } from '../../fixtures/env.js'
import { runFixtures } from '../../fixtures/run.js'
import { asUsage, parseFixtureFile } from '../fixtures/parse.js'
import { TRIGGER_FIXTURES_DIR } from '../shipped-files.js'
import { applyOverride, parseOverride } from './overrides.js'
import { CheckFailedError } from './http.js'
import { startReceiver, type Received } from './receive.js'
import type { CommandContext } from '../client-factory.js'

/** How long to wait for the event once the steps ran (renewals and deliveries are quick; this is a ceiling). */
export const TRIGGER_EVENT_TIMEOUT_MS = 10_000
/** The environment variable the Dynamic fixtures send their delivery to. */
export const DYNAMIC_URL_VARIABLE = 'STORE_DYNAMIC_URL'

export interface PipelineOptions {
  override?: string[]
  dryRun?: boolean
}

/**
 * Exit 1 when no event came. A Dynamic fixture delivers to STORE_DYNAMIC_URL, else to a receiver
 * of this process.
 */
export async function triggerInEmulator(w: CommandContext, kind: EventKind, o: PipelineOptions): Promise<void> {
  const path = join(TRIGGER_FIXTURES_DIR, fixtureFileOf(kind))
  const file = await parseFixtureFile(readFileSync(path, 'utf8'), path)
  // `--override STEP.path=value` sets a field of that step's body.
  for (const text of o.override ?? []) {
    const override = parseOverride(text, false)
    const [name, ...rest] = override.path
    const step = file.fixtures.find((s) => s.name === name)
    const names = file.fixtures.map((s) => s.name).join(', ')
    if (!step || rest.length === 0)
      throw new UsageError(
        `--override ${text}: without --to, a path starts with the step whose body it sets (STEP.field=value; the steps of ${kind}: ${names})`,
      )
    const { body } = step.request
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new UsageError(`--override ${text}: step "${name}" sends no body to set a field of`)
    step.request.body = applyOverride(body as Record<string, unknown>, { ...override, path: rest })
  }
  const needsDynamicUrl = JSON.stringify(file).includes(`\${env:${DYNAMIC_URL_VARIABLE}}`)
  const env = { ...w.env }
  if (o.dryRun) return printPlan(w.out, file)
  const dynamic: Received[] = []
  const receiver =
    needsDynamicUrl && !env[DYNAMIC_URL_VARIABLE]
      ? await startReceiver(
          { port: '0', host: '127.0.0.1', status: '200' },
          (r) => dynamic.push(r),
          () => w.now(),
        )
      : undefined
  if (receiver) env[DYNAMIC_URL_VARIABLE] = `${receiver.url}/deliver`
  const stop = new AbortController()
  try {
    w.out.info(`Triggering ${kind} in the emulator: ${path}`)
    const listening = kind === DYNAMIC_DELIVERY_EVENT ? undefined : await listenFor(w, kind, stop.signal)
    await asUsage(() =>
      runFixtures(w.client(), file, { env: fixtureEnv(env), onStep: (r) => printStep(w.out, r, 'stderr') }),
    )
    if (kind === DYNAMIC_DELIVERY_EVENT) {
      const url = env[DYNAMIC_URL_VARIABLE]!
      if (!receiver) return w.out.success(`${DYNAMIC_DELIVERY_EVENT} was POSTed to ${url}`)
      const delivery = dynamic.find((r) => r.event === DYNAMIC_DELIVERY_EVENT)
      if (!delivery) throw new CheckFailedError(`the steps ran but no ${DYNAMIC_DELIVERY_EVENT} reached ${url}`)
      if (w.out.isJson) return w.out.json(delivery.body)
      w.out.line(`${DYNAMIC_DELIVERY_EVENT}\t${url}`)
      return w.out.success(
        `${DYNAMIC_DELIVERY_EVENT} reached a receiver of this command (set ${DYNAMIC_URL_VARIABLE} to send it to your own)`,
      )
    }
    const emitted = await listening!.first
    if (w.out.isJson) return w.out.json(emitted)
    w.out.line(`evt_${emitted.sequence}\t${emitted.event}`)
    w.out.success(`${kind} fired: it goes to the endpoints subscribed to it, listen streams and the delivery log`)
  } finally {
    stop.abort()
    await receiver?.close()
  }
}

/** Resolves once connected, before the steps run, so the event cannot slip by. */
async function listenFor(w: CommandContext, kind: EventKind, stop: AbortSignal) {
  const timeout = AbortSignal.timeout(TRIGGER_EVENT_TIMEOUT_MS)
  const signal = AbortSignal.any([stop, timeout])
  let isConnected = false
  let markConnected!: () => void
  const connected = new Promise<void>((resolve) => (markConnected = resolve))
  const first = (async () => {
    try {
      for await (const event of w.client().emulator.events({
        events: [kind as Exclude<EventKind, typeof DYNAMIC_DELIVERY_EVENT>],
        signal,
        onStatus: (s) => {
          if (s.state !== 'connected') return
          isConnected = true
          markConnected()
        },
      }))
        if (event.event === kind) return event
    } catch (error) {
      if (!timeout.aborted) throw error
    }
    throw new CheckFailedError(
      isConnected
        ? `the steps ran but no ${kind} event came within ${TRIGGER_EVENT_TIMEOUT_MS / 1000} s; look at store webhooks logs and store logs tail`
        : `could not open the emulator's event stream within ${TRIGGER_EVENT_TIMEOUT_MS / 1000} s; is store serve running at ${w.connection().origin}?`,
    )
  })()
  first.catch(() => undefined)
  await Promise.race([connected, first])
  // Wrapped: an async function returning the promise itself would wait for it.
  return { first }
}
