import type { EmulatorOptions } from '../../../src/emulator/deps.js'
import { startEmulator } from '../../../src/emulator/start.js'
import { loadSeedFile } from '../../../src/contract/seed-file.js'
import type { WebhookDelivery } from '../../../src/contract/webhooks.js'
import { DEMO_SEED_PATH, TEST_KEY, fixedClock, requestFor, seededRandom } from '../../helpers/emulator.js'

export interface EventsEmulatorOptions {
  db?: string
  fetch?: typeof fetch
  webhooks?: EmulatorOptions['webhooks']
}

/** The emulator in-process with real fetch (for local receivers), an instant sleep that records its waits, and a request helper. */
export async function eventsEmulator(o: EventsEmulatorOptions = {}) {
  const sleeps: number[] = []
  const logs: string[] = []
  const clock = fixedClock()
  const started = await startEmulator({
    db: o.db ?? ':memory:',
    seed: loadSeedFile(DEMO_SEED_PATH),
    apiKey: TEST_KEY,
    clock,
    random: seededRandom('events'),
    fetch: o.fetch ?? globalThis.fetch,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    log: (line) => logs.push(line),
    options: { webhooks: o.webhooks },
  })
  const request = requestFor(started.app)
  const json = async <T = Record<string, unknown>>(path: string, init: RequestInit & { json?: unknown } = {}) =>
    (await (await request(path, init)).json()) as T
  const addWebhook = (url: string, events: string[]) =>
    json<{ id: string }>('/_emulator/webhooks', { method: 'POST', json: { url, events } })
  const deliveries = async () => (await json<{ deliveries: WebhookDelivery[] }>('/_emulator/webhooks/logs')).deliveries
  const delivery = (id: string) => json<WebhookDelivery>(`/_emulator/webhooks/logs/${id}`)
  return {
    ...started,
    clock,
    sleeps,
    logs,
    request,
    json,
    addWebhook,
    deliveries,
    delivery,
    idle: () => started.services.events.worker.idle(),
  }
}
