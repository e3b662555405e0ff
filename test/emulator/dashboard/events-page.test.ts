import { describe, expect, it } from 'vitest'
import { dashboardPage } from '../../helpers/dashboard.js'
import { shop } from '../commerce/helpers.js'

describe('dashboard Live events page', () => {
  it('opens with the latest events of the shop and streams on from the newest', async () => {
    const s = await shop()
    const order = await s.order({ items: [{ productId: 'prod_demo_serial', quantity: 1 }] })
    await s.pay(order.id)
    const newest = s.emu.services.events.lastCommittedSeq()

    const html = await dashboardPage(s.emu.app, '/events')
    const kinds = [...html.matchAll(/<li data-kind="([^"]+)">/g)].map((m) => m[1])
    expect(kinds.length).toBeGreaterThan(2)
    expect(kinds.length).toBeLessThanOrEqual(200)
    expect(kinds).toContain('order:created')
    expect(kinds).toContain('order:paid')
    // Newest on top, as the stream adds them.
    expect(kinds.indexOf('order:paid')).toBeLessThan(kinds.indexOf('order:created'))
    expect(html).toContain(`data-stream="/_dashboard/api/emulator/events?lastEventId=${newest}"`)
    expect(html).toMatch(/<p id="feed-empty" class="muted" hidden="">/)
  })
})
