import type { MiddlewareHandler } from 'hono'
import { StoreError } from '../../contract/errors.js'
import type { EmulatorOptions } from '../deps.js'
import type { Store } from '../store/store.js'

/** Requests that add to the store; DELETE goes on, so a full store can be thinned out. */
const GROWING = new Set(['POST', 'PUT', 'PATCH'])
/** Form posts that write nothing to the store. */
const NOT_STORED = new Set(['/_dashboard/login', '/_dashboard/logout'])

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024)
  return mib >= 1024 ? `${(mib / 1024).toFixed(1)} GiB` : `${mib.toFixed(1)} MiB`
}

/**
 * `--max-db-size` (docs/emulator.md, "Limits"): once the db file, its journal and the saved states take more, writes are answered 507 with what to do, and reads
 * go on, so a store flooded with writes stays small enough to load again at the next start.
 */
export function guardDbSize(store: Store, savedBytes: () => number, options: EmulatorOptions): MiddlewareHandler {
  return (c, next) => {
    const max = options.maxDbBytes
    const used = store.diskBytes + savedBytes()
    if (max !== undefined && GROWING.has(c.req.method) && used > max && !NOT_STORED.has(c.req.path)) {
      const states = savedBytes() > 0 ? ` Saved states count too: ${formatBytes(savedBytes())} of it.` : ''
      throw new StoreError(
        507,
        `the store is full: ${store.path} and its journal take ${formatBytes(used)}, past --max-db-size ${formatBytes(max)}.${states} Writes are refused, reads go on: delete records (DELETE still works), or restart store serve with a larger --max-db-size.`,
      )
    }
    return next()
  }
}
