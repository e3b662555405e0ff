import type { MiddlewareHandler } from 'hono'
import { StoreError } from '../../spec/errors.js'
import type { Emulator } from '../context.js'

/** `--latency` and `--fail-rate`: delay and random 500s so clients can exercise their retries. */
export function injectFaults(emu: Emulator): MiddlewareHandler {
  return async (_c, next) => {
    const { latencyMs, failRate } = emu.options
    if (latencyMs) await emu.sleep(latencyMs)
    if (failRate && failRate > 0) {
      const [a, b] = emu.random.bytes(2)
      if (((a << 8) | b) / 65536 < failRate)
        throw new StoreError(500, 'injected failure (--fail-rate); retry the request')
    }
    await next()
  }
}
