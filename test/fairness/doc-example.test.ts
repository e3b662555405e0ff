// verifyOpen's documented example reads an open where an order holds it, and verifies it.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { verifyOpen } from '../../src/fairness/verify.js'
import { testEmulator } from '../helpers/emulator.js'
import { paidMysteryOrder } from '../helpers/mystery-order.js'

describe("verifyOpen's JSDoc example", () => {
  it('names the path of an open in an order as the API answers it', async () => {
    const source = readFileSync(new URL('../../src/fairness/verify.ts', import.meta.url), 'utf8')
    const path = /verifyOpen\(order((?:\.\w+|\[\d+\])+), \{ expectedCommitment \}\)/.exec(source)?.[1]
    expect(path, 'the example calls verifyOpen(order.<path>, { expectedCommitment })').toBeDefined()
    const emu = await testEmulator()
    const { order } = await paidMysteryOrder(emu.request)
    const open = [...path!.matchAll(/\.(\w+)|\[(\d+)\]/g)].reduce<any>(
      (at, [, key, index]) => at?.[key ?? Number(index)],
      order,
    )
    expect(open).toBeDefined()
    expect(verifyOpen(open, { expectedCommitment: order.items[0].mystery.commitment }).ok).toBe(true)
    await emu.stop()
  })
})
