import { describe, expect, it, vi } from 'vitest'
import { parseSse } from '../../src/client/sse.js'
import { TEST_KEY, dashboardCookie, testEmulator } from '../helpers/emulator.js'
import { cleanups, runCli, servedEmulator } from '../cli/webhooks-harness.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * Security: the request inspector and the emulator's log line never show a key in full, wherever
 * a caller put it: the path, the query (percent-encoded or not), X-Service-Shop, and so the
 * reason the answer gave. Every place that shows a recorded request is checked: the JSON log, its
 * Server-Sent Events, the dashboard's Requests pages, `store logs tail` and `store serve`'s line.
 */

/** Another key-shaped value, not the caller's. */
const OTHER = 'sk_live_0therKeyOfSomeoneElse00000000001'
/** Every character percent-encoded, as a browser never would but a caller may. */
const encodeAll = (text: string) => [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')

/** The middles of the keys (what masking hides) in each form a request may carry them. */
const SECRETS = [TEST_KEY, OTHER].flatMap((key) => {
  const middle = key.slice(8, -4)
  return [middle, encodeAll(middle), encodeAll(middle).toUpperCase(), middle.replaceAll('_', '%5F')]
})

const leaksIn = (text: string) => SECRETS.filter((secret) => text.includes(secret))

/** Requests that carry a key where no header masking reaches it. */
async function sendKeysEverywhere(request: (path: string, init?: RequestInit) => Promise<Response>) {
  const answers = [
    await request(`/api/v1/products/${TEST_KEY}`),
    await request(`/api/v1/products/${OTHER}`),
    await request(`/api/v1/orders/${encodeURIComponent(TEST_KEY).replaceAll('_', '%5F')}`),
    await request(`/api/v1/coupons/${encodeAll(TEST_KEY)}`),
    await request(`/api/v1/products?search=${encodeAll(TEST_KEY)}`),
    await request(`/api/v1/products?search=${TEST_KEY.replaceAll('_', '%5f')}&q=${OTHER}`),
    await request('/api/v1/products', { headers: { 'x-service-shop': TEST_KEY } }),
    await request('/api/v1/products', { headers: { 'x-service-shop': OTHER } }),
  ]
  for (const answer of answers) await answer.arrayBuffer()
  return answers.length
}

describe('the request inspector masks every key-shaped value', () => {
  it('in the JSON log, its stream and the dashboard pages', async () => {
    const emu = await testEmulator()
    const stream = await emu.request('/_emulator/requests', { headers: { accept: 'text/event-stream' } })
    const messages = parseSse(stream.body!)
    const sent = await sendKeysEverywhere(emu.request)

    const log = await (await emu.request(`/_emulator/requests?limit=${sent}`)).json()
    expect(log.requests).toHaveLength(sent)
    // Recorded, not dropped: the reason and path still say what happened, with the key masked.
    expect(log.requests.map((r: { path: string }) => r.path)).toContain('/api/v1/products/sk_live_…test')
    expect(log.requests.map((r: { reason: string }) => r.reason)).toContain('product not found: sk_live_…test')
    expect(leaksIn(JSON.stringify(log))).toEqual([])

    const streamed: string[] = []
    for (let i = 0; i < sent; i++) streamed.push((await messages.next()).value!.data)
    await messages.return(undefined)
    expect(leaksIn(streamed.join('\n'))).toEqual([])

    const cookie = await dashboardCookie(emu.app)
    for (let id = 1; id <= sent; id++) {
      for (const path of ['/_dashboard/requests', `/_dashboard/requests/req_${id}`]) {
        const page = await emu.app.request(path, { headers: { cookie } })
        expect(page.status).toBe(200)
        expect(leaksIn(await page.text()), path).toEqual([])
      }
    }
  })

  it("in the emulator's own log line (store serve without --quiet)", async () => {
    const emu = await testEmulator({ options: { logRequests: true } })
    const sent = await sendKeysEverywhere(emu.request)
    const lines = emu.logs.filter((line) => /^(GET|POST) /.test(line))
    expect(lines).toHaveLength(sent)
    expect(lines[0]).toMatch(/^GET \/api\/v1\/products\/sk_live_…test 404 /)
    expect(leaksIn(lines.join('\n'))).toEqual([])
  })

  it('in store logs tail', async () => {
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const run = runCli(['logs', 'tail', ...emu.flags], { readyText: 'Ready!' })
    await run.started
    const sent = await sendKeysEverywhere((path, init) => {
      const headers = new Headers(init?.headers)
      headers.set('authorization', `Bearer ${TEST_KEY}`)
      return fetch(`${emu.baseUrl.replace(/\/api\/v1$/, '')}${path}`, { ...init, headers })
    })
    await vi.waitFor(() => expect(run.output().stdout.trim().split('\n')).toHaveLength(sent), { timeout: scaled(5000) })
    run.signal()
    const { stdout } = await run.done
    expect(stdout).toContain('/api/v1/products/sk_live_…test')
    expect(leaksIn(stdout)).toEqual([])
  })
})
