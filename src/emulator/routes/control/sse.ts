import { StoreError } from '../../../contract/errors.js'

/** A comment line this often keeps proxies and clients from closing an idle stream. */
export const DEFAULT_HEARTBEAT_MS = 15_000
/** What a client waits before reconnecting (SSE `retry:`). */
export const RECONNECT_MS = 1_000

/** A `Last-Event-ID` (header or query) as a sequence number; undefined when none was sent. */
export function lastEventIdOf(raw: string | undefined, what: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  if (!/^\d{1,15}$/.test(raw.trim()))
    throw new StoreError(400, `Last-Event-ID: "${raw}" is not ${what} (a sequence number)`, [
      { field: 'Last-Event-ID', message: 'is not a sequence number' },
    ])
  return Number(raw.trim())
}
