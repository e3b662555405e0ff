import type { MiddlewareHandler } from 'hono'
import { StoreError } from '../../spec/errors.js'
import type { EmulatorDeps } from '../deps.js'

/** `--latency` and `--fail-rate`: delay and random 500s so clients can exercise their retries. */
export function injectFaults({ options, random, sleep }: EmulatorDeps): MiddlewareHandler {
  return async (_c, next) => {
    const { latencyMs, failRate } = options
    if (latencyMs) await sleep(latencyMs)
    if (failRate && failRate > 0) {
      const [a, b] = random.bytes(2)
      if (((a << 8) | b) / 65536 < failRate)
        throw new StoreError(500, 'injected failure (--fail-rate); retry the request')
    }
    await next()
  }
}
