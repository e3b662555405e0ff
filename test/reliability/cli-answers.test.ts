import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_KEY } from '../helpers/emulator.js'
import { cleanups, cli, runCli, servedEmulator } from '../cli/webhooks-harness.js'
import { type Behaviour, type MisbehavingReceiver, misbehavingReceiver } from './helpers.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * Reliability: the CLI's webhook commands read at most what they show of a target's answer. A
 * target answering with a huge or endless body costs neither memory nor time: `listen
 * --forward-to` shows only the status, `trigger --to` the start of the body and that it was cut.
 */

const HUGE = 64 * 1024 * 1024
/** What a client that stopped reading can still have had written to it: socket buffers, not the body. */
const MOST_WRITTEN_WHEN_NOT_READ = 16 * 1024 * 1024
/** How much of an answer `trigger --to` shows. */
const SHOWN = 64 * 1024

const receivers: MisbehavingReceiver[] = []
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()))
})
async function receiver(behave: (n: number) => Behaviour): Promise<MisbehavingReceiver> {
  const r = await misbehavingReceiver(behave)
  receivers.push(r)
  return r
}

describe('the CLI reads at most what it shows of an answer', () => {
  it.each([false, true])('webhooks listen --forward-to: a huge answer (chunked %s) is not read', async (chunked) => {
    const rx = await receiver(() => ({ kind: 'huge', bytes: HUGE, chunked }))
    const emu = await servedEmulator()
    cleanups.push(() => emu.close())
    const run = runCli(['webhooks', 'listen', '--forward-to', rx.url, ...emu.flags], { readyText: 'Ready!' })
    cleanups.push(() => run.signal())
    await run.started
    const created = await emu.request('/api/v1/products', {
      method: 'POST',
      json: { name: 'Huge answer', type: 'Service', price: 1 },
    })
    expect(created.status).toBe(201)
    await vi.waitFor(() => expect(run.output().stdout).toMatch(/product:created {2}→ 200 /), {
      timeout: scaled(10_000),
    })
    await vi.waitFor(() => expect(rx.exchanges[0]?.closedEarly).toBe(true), { timeout: scaled(10_000) })
    expect(rx.exchanges[0].finished).toBe(false)
    expect(rx.exchanges[0].bytesWritten).toBeLessThan(MOST_WRITTEN_WHEN_NOT_READ)
    run.signal()
    expect((await run.done).code).toBe(0)
  })

  it.each([false, true])(
    'webhooks trigger --to: shows the start of a huge answer and says it was cut (chunked %s)',
    async (chunked) => {
      const rx = await receiver(() => ({ kind: 'huge', bytes: HUGE, chunked }))
      for (const json of [false, true]) {
        const { code, stdout, stderr } = await cli(
          ['webhooks', 'trigger', 'order:paid', '--to', rx.url, ...(json ? ['--json'] : [])],
          { env: { STORE_API_KEY: TEST_KEY } },
        )
        expect(code, stderr).toBe(0)
        if (json) {
          const printed = JSON.parse(stdout)
          expect(printed).toMatchObject({ status: 200, body: 'x'.repeat(SHOWN), bodyTruncated: true })
        } else {
          expect(stdout).toContain(`${'x'.repeat(SHOWN)}\n`)
          expect(stdout).not.toContain('x'.repeat(SHOWN + 1))
          expect(stderr).toContain(`the answer was cut at ${SHOWN} bytes`)
        }
      }
      await vi.waitFor(() => expect(rx.exchanges.every((x) => x.closedEarly)).toBe(true), { timeout: scaled(10_000) })
      for (const x of rx.exchanges) {
        expect(x.finished).toBe(false)
        expect(x.bytesWritten).toBeLessThan(MOST_WRITTEN_WHEN_NOT_READ)
      }
    },
  )
})
