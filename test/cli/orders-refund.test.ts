import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli } from './run-cli.js'

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
      '✓ Updated order ORD-2\nno money moved: the order took no payment, so paymentStatus stays unpaid; only its status changed\n',
    )
  })
})
