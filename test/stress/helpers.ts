import { E2E_KEY } from '../e2e/serve-process.js'
import { scaled } from '../helpers/time-scale.js'

/** One SSE message: the event as the emulator presents it, plus the message's own `id:` line. */
export interface StreamedEvent {
  sseId: number
  id: string
  sequence: number
  event: string
  data: Record<string, any>
  shopId: string
}

export interface EventStream {
  events: StreamedEvent[]
  /** The comment lines the stream opened with (`: events of shop …; last event N`). */
  comments: string[]
  /** Resolves once an event with sequence ≥ `seq` arrived. */
  waitForSequence(seq: number, timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

/** Reads `GET /_emulator/events` as a client would: parses every `id:`/`data:` message as it arrives. */
export async function openEventStream(origin: string, lastEventId?: string, key = E2E_KEY): Promise<EventStream> {
  const abort = new AbortController()
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'text/event-stream' }
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId
  const res = await fetch(`${origin}/_emulator/events`, { headers, signal: abort.signal })
  if (res.status !== 200) throw new Error(`event stream answered ${res.status}: ${await res.text()}`)
  const events: StreamedEvent[] = []
  const comments: string[] = []
  const waiters: { seq: number; resolve: () => void }[] = []
  let buffer = ''
  let failure: Error | undefined
  const reading = (async () => {
    const decoder = new TextDecoder()
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          let id: string | undefined
          let data = ''
          for (const line of message.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim())
            else if (line.startsWith('id:')) id = line.slice(3).trim()
            else if (line.startsWith('data:')) data += line.slice(5).trim()
          }
          if (id === undefined || !data) continue
          const event: StreamedEvent = { ...(JSON.parse(data) as Omit<StreamedEvent, 'sseId'>), sseId: Number(id) }
          events.push(event)
          for (const w of waiters.filter((w) => event.sequence >= w.seq)) w.resolve()
        }
      }
    } catch (error) {
      // The server went away (a kill in the test, or a failure the test reports itself).
      if (!abort.signal.aborted) failure = error as Error
    }
  })()
  return {
    events,
    comments,
    waitForSequence(seq, timeout = 30_000) {
      const timeoutMs = scaled(timeout)
      if (events.some((e) => e.sequence >= seq)) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `event stream reached sequence ${events.at(-1)?.sequence ?? 'none'} of ${seq} within ${timeoutMs} ms${failure ? ` (it broke: ${failure.message})` : ''}`,
              ),
            ),
          timeoutMs,
        )
        waiters.push({
          seq,
          resolve: () => {
            clearTimeout(timer)
            resolve()
          },
        })
      })
    },
    async close() {
      abort.abort()
      await reading.catch(() => undefined)
    },
  }
}

/** The sequence of the newest event, as a fresh stream announces it (`: …; last event N`). */
export async function lastSequence(origin: string): Promise<number> {
  const stream = await openEventStream(origin)
  const until = Date.now() + 5_000
  while (!stream.comments.some((c) => /last event \d+/.test(c))) {
    if (Date.now() > until) throw new Error('the event stream announced no last event')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  await stream.close()
  return Number(/last event (\d+)/.exec(stream.comments.find((c) => /last event \d+/.test(c))!)![1])
}

/** Runs `tasks` with at most `limit` at once; results in order. */
export async function limited<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const at = next++
        results[at] = await tasks[at]()
      }
    }),
  )
  return results
}

/** Reproducible randomness: the seed is printed with any failure. */
export function lcg(seed: number) {
  let state = seed >>> 0
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32
}

/** Peak and current resident memory of a process, in bytes (Linux /proc); undefined elsewhere. */
export async function memoryOf(pid: number): Promise<{ rss: number; peak: number } | undefined> {
  const { readFile } = await import('node:fs/promises')
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
    return { rss: kb('VmRSS'), peak: kb('VmHWM') }
  } catch {
    return undefined
  }
}
