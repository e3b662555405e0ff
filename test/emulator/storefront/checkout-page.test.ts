import { describe, expect, it } from 'vitest'
import { testEmulator } from '../../helpers/emulator.js'

/** The total the checkout page shows, as written. */
async function shownTotal(emu: Awaited<ReturnType<typeof testEmulator>>, query: string) {
  const html = await (await emu.app.request(`/storefront/demo/checkout?${query}`)).text()
  return html.match(/<strong data-total=""[^>]*>([^<]*)<\/strong>/)?.[1]
}

describe('checkout page', () => {
  it('shows the total of the product times its quantity, and of a bundle after its discount', async () => {
    const emu = await testEmulator()
    expect(await shownTotal(emu, 'product=rec_demoSerial001&quantity=3')).toBe('USD 28.50')
    // The bundle: what checkout would charge for it (its discount applied as the order is priced).
    const placed = await emu.app.request('/storefront/demo/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ groupId: 'grp_demo_bundle', email: 'buyer@example.com' }),
    })
    const { total } = ((await placed.json()) as { order: { total: number } }).order
    expect(await shownTotal(emu, 'group=grp_demo_bundle')).toBe(`USD ${total.toFixed(2)}`)
  })
})
