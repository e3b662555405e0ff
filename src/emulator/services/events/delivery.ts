import { WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_MS } from '../../../contract/events.js'
import type { DeliveryAttempt } from '../../../contract/webhooks.js'
import type { EmulatorOptions, Sleep } from '../../deps.js'
import type { ServiceDeps } from '../common/deps.js'
import { readAtMost } from '../../../contract/read-at-most.js'

/** 5 attempts in all (docs/webhooks.md, "Webhooks"); the spec leaves the schedule open. */
const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000]
export const RESPONSE_BODY_LIMIT = 4_096

function describeFetchError(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  if (cause?.code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED)'
  if (cause?.code) return `${cause.message ?? 'request failed'} (${cause.code})`
  return (error as Error)?.message ?? String(error)
}

type PostOutcome = Omit<DeliveryAttempt, 'attempt' | 'at' | 'chaos'>

/** The spec's headers only (fetch adds transport ones); the timeout covers the whole exchange. Never throws. */
async function postWebhook(
  fetchFn: typeof fetch,
  url: string,
  body: string,
  timeoutMs: number,
  stop: AbortSignal,
): Promise<PostOutcome> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const started = performance.now()
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10
  try {
    const signal = AbortSignal.any([timeout, stop])
    const res = await fetchFn(url, {
      method: 'POST',
      headers: { ...WEBHOOK_HEADERS },
      body,
      signal,
      redirect: 'manual',
    })
    const { bytes, truncated } = await readAtMost(res.body, RESPONSE_BODY_LIMIT)
    const responseBody = new TextDecoder().decode(bytes)
    return { status: res.status, durationMs: elapsed(), error: null, responseBody, responseTruncated: truncated }
  } catch (error) {
    const message = describeFetchError(error, timeout.aborted, timeoutMs)
    return { status: null, durationMs: elapsed(), error: message, responseBody: '', responseTruncated: false }
  }
}

/** Sends queued deliveries off the request path, each attempt recorded in a transaction of its own. */
export class DeliveryWorker {
  private readonly running = new Map<string, Promise<void>>()
  private readonly stopping = new AbortController()
  private readonly whenStopped = new Promise<void>((resolve) =>
    this.stopping.signal.addEventListener('abort', () => resolve(), { once: true }),
  )
  private active = 0
  private readonly waiting: (() => void)[] = []
  readonly settings

  constructor(
    private readonly deps: Omit<ServiceDeps, 'events'>,
    private readonly network: { fetch: typeof fetch; sleep: Sleep },
    options: EmulatorOptions,
  ) {
    const retryDelaysMs = options.webhooks?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
    this.settings = {
      timeoutMs: options.webhooks?.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      retryDelaysMs,
      maxAttempts: retryDelaysMs.length + 1,
      concurrency: options.webhooks?.concurrency ?? 16,
    }
  }

  /** Starts (or joins) the attempts of a delivery row; settles when the row is delivered, failed or the worker stops. */
  start(id: string): Promise<void> {
    let task = this.running.get(id)
    if (!task) {
      task = this.run(id)
        .catch((error: Error) => this.deps.log(`webhooks: delivery ${id} stopped: ${error.message}`))
        .finally(() => this.running.delete(id))
      this.running.set(id, task)
    }
    return task
  }

  resumeUnsettled(): void {
    const ids = [...this.deps.collections.deliveries.oldestFirst('unsettled', 'all')].map((d) => d.id)
    for (const id of ids) void this.start(id)
  }

  stop(): void {
    this.stopping.abort()
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()])
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted
  }

  private async run(id: string): Promise<void> {
    const { deliveries, webhooks } = this.deps.collections
    let row = deliveries.get(id)
    while (row && (row.state === 'pending' || row.state === 'retrying') && !this.stopped) {
      const wait = row.nextAttemptAt ? Date.parse(row.nextAttemptAt) - this.deps.now(row).getTime() : 0
      if (wait > 0) await Promise.race([this.network.sleep(wait), this.whenStopped])
      if (this.stopped) return
      if (row.webhookId && !webhooks.get(row.webhookId)) return void (await this.record(id))
      const outcome = await this.send(id)
      if (!outcome || this.stopped) return
      row = await this.record(id, outcome)
    }
  }

  /** One attempt, once a slot is free; undefined when the worker stopped or the row fell out of the log meanwhile. */
  private async send(id: string): Promise<(PostOutcome & { at: string }) | undefined> {
    if (this.active < this.settings.concurrency) this.active++
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      const row = this.deps.collections.deliveries.get(id)
      if (!row || this.stopped) return undefined
      const { fetch } = this.network
      const at = this.deps.nowIso(row)
      return { at, ...(await postWebhook(fetch, row.url, row.payload, this.settings.timeoutMs, this.stopping.signal)) }
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }

  /** Records an attempt in the row; without one, the row fails (its endpoint was deleted). */
  private async record(id: string, outcome?: PostOutcome & { at: string }) {
    try {
      return await this.deps.transact((tx) => {
        const current = this.deps.collections.deliveries.get(id)
        if (!current) return undefined
        const now = this.deps.now(current)
        if (!outcome)
          return tx.put('deliveries', {
            ...current,
            state: 'failed',
            nextAttemptAt: null,
            updatedAt: now.toISOString(),
          })
        const number = current.attempts.length + 1
        const isFailedByChaos = current.chaos !== undefined && number <= current.chaos.failFirst
        const chaos = `failFirst: attempt ${number} of the first ${current.chaos?.failFirst} counted as failed, whatever the answer`
        const attempts = [...current.attempts, { attempt: number, ...outcome, ...(isFailedByChaos && { chaos }) }]
        const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status <= 299 && !isFailedByChaos
        const exhausted = attempts.length >= current.maxAttempts
        const delay = this.settings.retryDelaysMs[attempts.length - 1] ?? this.settings.retryDelaysMs.at(-1) ?? 0
        return tx.put('deliveries', {
          ...current,
          attempts,
          retryCount: attempts.length - 1,
          responseStatus: outcome.status,
          state: delivered ? 'delivered' : exhausted ? 'failed' : 'retrying',
          nextAttemptAt: delivered || exhausted ? null : new Date(now.getTime() + delay).toISOString(),
          updatedAt: now.toISOString(),
        })
      })
    } catch (error) {
      // The store is closing (or the disk refused): the row stays unsettled and the next start resumes it.
      this.deps.log(`webhooks: attempt of delivery ${id} not recorded: ${(error as Error).message}`)
      return undefined
    }
  }
}
