import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'
import { refundLine } from '../../src/cli/commands/orders.js'
import type { Order } from '../../src/contract/orders.js'

describe('store orders update --status refunded', () => {
  it('refunds a paid order and says what went back; on an unpaid one it says that no money moved', async () => {
    const emu = await testEmulator()
    const app = emu.app
    const refunded = await runCli(['orders', 'update', 'ORD-1', '--status', 'refunded'], { app })
    expect(refunded.code).toBe(0)
    expect(refunded.stdout).toMatch(/^paymentStatus\trefunded$/m)
    expect(refunded.stderr).toBe(
      '✓ Updated order ORD-1\npaymentStatus refunded: 49 USD went back to the buyer; delivered goods, stock and codes stay as they are\n',
    )
    const unpaid = await runCli(['orders', 'update', 'ORD-2', '--status', 'refunded'], { app })
    expect(unpaid.code).toBe(0)
    expect(unpaid.stdout).toMatch(/^status\trefunded$/m)
    expect(unpaid.stdout).toMatch(/^paymentStatus\tunpaid$/m)
    expect(unpaid.stderr).toBe(
      '✓ Updated order ORD-2\nno money moved: the order took none (paymentStatus stays unpaid); delivered goods, stock and codes stay as they are\n',
    )
  })

  it('says nothing moved when the order was refunded already, by this update or an earlier one', async () => {
    const emu = await testEmulator()
    const app = emu.app
    const refund = () => runCli(['orders', 'update', 'ORD-1', '--status', 'refunded'], { app })
    expect((await refund()).stderr).toContain('49 USD went back to the buyer')
    const again = await refund()
    expect(again.code).toBe(0)
    expect(again.stderr).toBe(
      '✓ Updated order ORD-1\nnothing moved: the order was refunded already (its money went back then); delivered goods, stock and codes stay as they are\n',
    )
    expect((await runCli(['orders', 'update', 'ORD-1', '--status', 'completed'], { app })).code).toBe(0)
    expect((await refund()).stderr).toContain('nothing moved: the order was refunded already')
  })

  it('says no money moved for an order that took none', () => {
    const unpaid = { status: 'refunded', paymentStatus: 'unpaid', total: 5, currency: 'USD' } as Order
    expect(refundLine(unpaid, 'unpaid')).toBe(
      'no money moved: the order took none (paymentStatus stays unpaid); delivered goods, stock and codes stay as they are',
    )
  })
})
