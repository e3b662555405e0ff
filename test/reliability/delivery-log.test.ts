import { describe, expect, it } from 'vitest'
import { DELIVERY_LOG_RETENTION } from '../../src/emulator/services/events/bus.js'
import type { DeliveryRecord } from '../../src/contract/rows.js'
import { testEmulator } from '../helpers/emulator.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * The delivery log is not capped: with endpoints that never answer, deliveries stay
 * pending or retrying; the log still keeps at most DELIVERY_LOG_RETENTION per shop, dropping the
 * oldest whatever their state, and a dropped delivery gets no further attempt.
 */

/** A fetch that never answers: every attempt hangs until the worker stops (or its timeout, far away). */
function hangingFetch(calls: string[]): typeof fetch {
  return (async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push(String(init?.body ?? ''))
    return new Promise<Response>((_resolve, reject) => {
      if (init?.signal?.aborted) reject(init.signal.reason)
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))
    })
  }) as typeof fetch
}

describe('the delivery log cap', () => {
  it(
    `keeps ${DELIVERY_LOG_RETENTION} deliveries per shop when every one is still pending, dropping the oldest`,
    async () => {
      const calls: string[] = []
      const emu = await testEmulator({
        fetch: hangingFetch(calls),
        options: { webhooks: { timeoutMs: 600_000, concurrency: 2 } },
      })
      for (const n of [1, 2, 3])
        expect(
          (
            await emu.request('/_emulator/webhooks', {
              method: 'POST',
              json: { url: `http://127.0.0.1:9/hook${n}`, events: ['product:created'] },
            })
          ).status,
        ).toBe(201)
      const products = Math.ceil(DELIVERY_LOG_RETENTION / 3) + 100
      for (let i = 0; i < products; i++) {
        const res = await emu.request('/api/v1/products', {
          method: 'POST',
          json: { name: `P${i}`, price: 1, type: 'Digital' },
        })
        expect(res.status).toBe(201)
      }
      const deliveries = emu.store.snapshot().deliveries as DeliveryRecord[]
      expect(deliveries).toHaveLength(DELIVERY_LOG_RETENTION)
      expect(new Set(deliveries.map((d) => d.state))).toEqual(new Set(['pending']))
      // The newest are kept: the last product's three deliveries are there, the first product's are not.
      const about = (name: string) => deliveries.filter((d) => d.payload.includes(`"${name}"`))
      expect(about(`P${products - 1}`)).toHaveLength(3)
      expect(about('P0')).toHaveLength(0)
      // The two attempts in flight are the only ones made: a dropped delivery waiting for a slot is never sent.
      emu.services.events.stop()
      await emu.services.events.worker.idle()
      expect(calls).toHaveLength(2)
    },
    scaled(60_000),
  )
})
