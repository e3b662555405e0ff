import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_CLOCK_ADVANCE_SECONDS } from '../../src/contract/fulfilment.js'
import { tmpFolder } from '../e2e/serve-process.js'
import { testEmulator } from '../helpers/emulator.js'
import { subscribe } from '../reliability/helpers.js'
import { scaled } from '../helpers/time-scale.js'

/** The longest advance the API allows, over daily subscriptions: it used to exhaust the heap and abort. */

const DAY_MS = 86_400_000
const folder = tmpFolder('store-clock-stress-')
afterAll(() => folder.remove())

describe('POST /_emulator/clock/advance at its limit', () => {
  it(
    'advances 100 daily subscriptions by the documented maximum with exact counts, on a file db',
    async () => {
      const emu = await testEmulator({ db: join(folder.dir, 'store.json') })
      await subscribe(emu, 100, { interval: 'DAY', intervalCount: 1 })
      const shop = emu.services.storefront.shop('demo')
      const ordersBefore = emu.services.orders.list(shop, Infinity).length
      const seqBefore = emu.services.events.lastCommittedSeq()

      const res = await emu.request('/_emulator/clock/advance', {
        method: 'POST',
        json: { seconds: MAX_CLOCK_ADVANCE_SECONDS },
      })
      expect(res.status).toBe(200)
      // Period k ends k days after the start: every end up to the new now renews; a notice fires
      // for each period that became current, the one running at the end included.
      const days = (MAX_CLOCK_ADVANCE_SECONDS * 1000) / DAY_MS
      const renewed = 100 * days
      const upcoming = 100 * (days + 1)
      expect(((await res.json()) as { due: unknown }).due).toEqual({ upcoming, trialsEnded: 0, renewed })
      expect(emu.services.orders.list(shop, Infinity).length - ordersBefore).toBe(renewed)
      expect(emu.services.events.lastCommittedSeq() - seqBefore).toBe(upcoming * 2 + renewed * 4)
      await emu.stop()
    },
    scaled(1_800_000),
  )
})
