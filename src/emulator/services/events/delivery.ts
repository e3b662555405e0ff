import { WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_MS } from '../../../contract/events.js'
import type { DeliveryAttempt } from '../../../contract/webhooks.js'
import type { EmulatorOptions, Sleep } from '../../deps.js'
import type { ServiceDeps } from '../common/deps.js'
import type { DeliveryRecord } from '../../../contract/rows.js'
import { readAtMost } from '../../../contract/read-at-most.js'

/**
 * Automatic retries (docs/webhooks.md, "Webhooks"): 5 attempts in all, the first at once, then after
 * 1 s, 2 s, 4 s and 8 s (exponential, base 1 s, factor 2). The spec leaves the schedule open.
 */
export const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000]
/** Response bodies are kept in the log up to this many bytes. */
export const RESPONSE_BODY_LIMIT = 4_096
const DEFAULT_CONCURRENCY = 16

export interface DeliverySettings {
  timeoutMs: number
  retryDelaysMs: number[]
  maxAttempts: number
  concurrency: number
}

export function deliverySettings(options: EmulatorOptions): DeliverySettings {
  const retryDelaysMs = options.webhooks?.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  return {
    timeoutMs: options.webhooks?.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    retryDelaysMs,
    maxAttempts: retryDelaysMs.length + 1,
    concurrency: options.webhooks?.concurrency ?? DEFAULT_CONCURRENCY,
  }
}

export interface PostOutcome {
  status: number | null
  durationMs: number
  error: string | null
  responseBody: string
  responseTruncated: boolean
}

/** Why a request got no answer, in words (connection refused, timed out, …). */
export function describeFetchError(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  if (cause?.code === 'ECONNREFUSED') return 'connection refused (ECONNREFUSED)'
  if (cause?.code) return `${cause.message ?? 'request failed'} (${cause.code})`
  return (error as Error)?.message ?? String(error)
}

/**
 * One webhook POST with exactly the spec's headers (Content-Type, User-Agent; Node's fetch adds
 * only transport headers) and a timeout covering the whole exchange. Never throws.
 */
export async function postWebhook(
  fetchFn: typeof fetch,
  url: string,
  body: string,
  timeoutMs: number,
  stop?: AbortSignal,
): Promise<PostOutcome> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = stop ? AbortSignal.any([timeout, stop]) : timeout
  const started = performance.now()
  try {
    const res = await fetchFn(url, {
      method: 'POST',
      headers: { ...WEBHOOK_HEADERS },
      body,
      signal,
      redirect: 'manual',
    })
    const { bytes, truncated } = await readAtMost(res.body, RESPONSE_BODY_LIMIT)
    return {
      status: res.status,
      durationMs: elapsed(started),
      error: null,
      responseBody: new TextDecoder().decode(bytes),
      responseTruncated: truncated,
    }
  } catch (error) {
    return {
      status: null,
      durationMs: elapsed(started),
      error: describeFetchError(error, timeout.aborted, timeoutMs),
      responseBody: '',
      responseTruncated: false,
    }
  }
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10
export const isDelivered = (status: number | null) => status !== null && status >= 200 && status <= 299

/**
 * Sends the delivery rows the bus queued, each in its own loop of attempts, and records every
 * attempt in the row with a transaction of its own. Runs off the request path: the operation that
 * fired the event has answered before the first attempt starts.
 */
export class DeliveryWorker {
  private readonly running = new Map<string, Promise<void>>()
  private readonly stopping = new AbortController()
  private readonly whenStopped = new Promise<void>((resolve) =>
    this.stopping.signal.addEventListener('abort', () => resolve(), { once: true }),
  )
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    private readonly deps: Omit<ServiceDeps, 'events'>,
    private readonly network: { fetch: typeof fetch; sleep: Sleep },
    readonly settings: DeliverySettings,
  ) {}

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

  /** Resolves once no delivery is in progress (every row delivered, failed, or the worker stopped). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()])
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted
  }

  private async run(id: string): Promise<void> {
    let row = this.deps.collections.deliveries.get(id)
    while (row && (row.state === 'pending' || row.state === 'retrying') && !this.stopped) {
      if (row.nextAttemptAt) {
        const wait = Date.parse(row.nextAttemptAt) - this.deps.now(row).getTime()
        if (wait > 0) await this.wait(wait)
        if (this.stopped) return
        row = this.deps.collections.deliveries.get(id)
        if (!row) return
      }
      if (row.webhookId && !this.deps.collections.webhooks.get(row.webhookId)) {
        row = await this.settle(row, 'failed')
        return
      }
      const outcome = await this.send(id)
      if (!outcome || this.stopped) return
      row = await this.record(id, outcome)
    }
  }

  /** One attempt, once a slot is free; undefined when the worker stopped or the row fell out of the log meanwhile. */
  private async send(id: string): Promise<(PostOutcome & { at: string }) | undefined> {
    await this.acquire()
    try {
      const row = this.deps.collections.deliveries.get(id)
      if (!row || this.stopped) return undefined
      const at = this.deps.nowIso(row)
      return {
        at,
        ...(await postWebhook(this.network.fetch, row.url, row.payload, this.settings.timeoutMs, this.stopping.signal)),
      }
    } finally {
      this.release()
    }
  }

  private async record(id: string, outcome: PostOutcome & { at: string }): Promise<DeliveryRecord | undefined> {
    try {
      return await this.deps.transact((tx) => {
        const current = this.deps.collections.deliveries.get(id)
        if (!current) return undefined
        const number = current.attempts.length + 1
        const isFailedByChaos = current.chaos !== undefined && number <= current.chaos.failFirst
        const attempt: DeliveryAttempt = isFailedByChaos
          ? {
              attempt: number,
              ...outcome,
              chaos: `failFirst: attempt ${number} of the first ${current.chaos?.failFirst} counted as failed, whatever the answer`,
            }
          : { attempt: number, ...outcome }
        const attempts = [...current.attempts, attempt]
        const delivered = isDelivered(outcome.status) && !isFailedByChaos
        const exhausted = attempts.length >= current.maxAttempts
        const delay = this.settings.retryDelaysMs[attempts.length - 1] ?? this.settings.retryDelaysMs.at(-1) ?? 0
        const now = this.deps.now(current)
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

  private async settle(row: DeliveryRecord, state: 'failed'): Promise<DeliveryRecord | undefined> {
    return this.deps
      .transact((tx) => {
        const current = this.deps.collections.deliveries.get(row.id)
        return current
          ? tx.put('deliveries', { ...current, state, nextAttemptAt: null, updatedAt: this.deps.nowIso(current) })
          : undefined
      })
      .catch(() => undefined)
  }

  /** The injected sleep, cut short when the worker stops. */
  private wait(ms: number): Promise<void> {
    if (this.stopped) return Promise.resolve()
    return Promise.race([this.network.sleep(ms), this.whenStopped])
  }

  private async acquire(): Promise<void> {
    if (this.active < this.settings.concurrency) {
      this.active++
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  private release(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.active--
  }
}
