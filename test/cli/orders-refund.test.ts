import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

describe('store orders update --status refunded', () => {
  it('refunds a paid order and says what went back; an unpaid one is refused with what to do', async () => {
    const emu = await testEmulator()
    const app = emu.app
    const refunded = await runCli(['orders', 'update', 'ORD-1', '--status', 'refunded'], { app })
    expect(refunded.code).toBe(0)
    expect(refunded.stdout).toMatch(/^paymentStatus\trefunded$/m)
    expect(refunded.stderr).toBe(
      '✓ Updated order ORD-1\npaymentStatus refunded: 49 USD went back to the buyer; delivered goods, stock and codes stay as they are\n',
    )
    const unpaid = await runCli(['orders', 'update', 'ORD-2', '--status', 'refunded'], { app })
    expect(unpaid).toMatchObject({
      code: 3,
      stderr:
        'error: order ORD-2 took no payment, so there is nothing to refund; cancel it instead (store orders update ORD-2 --status cancelled)\n',
    })
  })
})
