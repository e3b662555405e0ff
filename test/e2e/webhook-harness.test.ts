import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEBHOOK_EVENT_KINDS } from '../../src/contract/event-kinds.js'
import { startTestReceiver, type TestReceiver } from '../helpers/receiver.js'
import { E2E_KEY, call, ensureBuilt, spawnStore, startServe, type ServeProcess } from './serve-process.js'
import { scaled } from '../helpers/time-scale.js'

// The bundled CLI (bin/store.js) against `store serve` processes: the shipped trigger fixtures are
// found from the bundle, and the tools work over real HTTP end to end.
let server: ServeProcess
let rx: TestReceiver

beforeAll(async () => {
  ensureBuilt()
  server = await startServe(['--port', '0', '--db', ':memory:', '--api-key', E2E_KEY, '--quiet'])
  rx = await startTestReceiver()
}, scaled(120_000))
afterAll(async () => {
  await server?.stop('SIGKILL')
  await rx?.close()
})

async function store(args: string[]) {
  const run = spawnStore(['--base-url', server.api, '--api-key', E2E_KEY, ...args])
  const exit = await run.exited
  return { code: exit.code, stdout: run.stdout(), stderr: run.stderr() }
}

describe('the webhook test harness, as processes', () => {
  it(
    'trigger fires an event to an endpoint with chaos, and the Dynamic delivery to a receiver of its own',
    async () => {
      const created = await store([
        'webhooks',
        'create',
        '--url',
        `${rx.url}/hooks`,
        '--events',
        WEBHOOK_EVENT_KINDS.join(','),
        '--chaos',
        'duplicate=1,seed=3',
      ])
      expect(created.code, created.stderr).toBe(0)
      const paid = await store(['webhooks', 'trigger', 'order:paid'])
      expect(paid.code, paid.stderr).toBe(0)
      expect(paid.stdout).toMatch(/^evt_\d+\torder:paid\n$/)
      // The endpoint gets every kind the steps fire; with duplicate=1, each twice.
      const paidBodies = async () =>
        rx.requests.filter((r) => (r.json() as { event: string }).event === 'order:paid').map((r) => r.body)
      for (let n = 1; (await paidBodies()).length < 2; n++) await rx.waitFor(n)
      const [first, second] = await paidBodies()
      expect(second).toBe(first)

      const dynamic = await store(['webhooks', 'trigger', 'INVOICE.ITEM.DELIVER-DYNAMIC'])
      expect(dynamic.code, dynamic.stderr).toBe(0)
      expect(dynamic.stdout).toMatch(/^INVOICE\.ITEM\.DELIVER-DYNAMIC\thttp:\/\/127\.0\.0\.1:\d+\/deliver\n$/)
    },
    scaled(60_000),
  )

  it(
    'a fault rule fails a step of a fixture run, which stops there and exits with its status',
    async () => {
      await call(server.origin, '/_emulator/faults', {
        method: 'POST',
        json: { match: { method: 'PUT', path: '/api/v1/products/*' }, status: 409 },
      })
      const run = await store(['webhooks', 'trigger', 'product:edited'])
      expect(run.code).toBe(3)
      expect(run.stderr).toMatch(
        /error: step "edit" \(PUT \/api\/v1\/products\/prod_\S+\) failed: 409 answered 409 by the fault rule flt_\S+ \(0 more to fail;/,
      )
      expect((await store(['webhooks', 'trigger', 'product:edited'])).code).toBe(0)
    },
    scaled(60_000),
  )

  it(
    'probe reports a good receiver as good',
    async () => {
      const good = await startTestReceiver()
      const run = await store(['webhooks', 'probe', good.url])
      await good.close()
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout.trim().split('\n')).toHaveLength(WEBHOOK_EVENT_KINDS.length + 5)
    },
    scaled(60_000),
  )
})
