#!/usr/bin/env node
// Benchmark dataset for the clock: a `store serve` db file with the demo shop and N monthly
// subscriptions (no trial), each made the way a buyer makes one: a storefront checkout of the
// demo subscription product, then paid through the control API. All on a clock standing at
// SUBSCRIBED_AT, with seeded randomness: same N, same subscriptions. Built in memory, then
// written by the store's own db file writer, as bench/make-dataset.js does.
//
//   node bench/make-subscriptions.js <subscriptions> <out.json>
import { BENCH_KEY, DIST, ROOT, seededRandom } from './lib/common.js'

export const SUBSCRIBED_AT = Date.UTC(2026, 0, 15, 12)
const PRODUCT = 'prod_demo_subscription'
const BUYERS = 8

async function expectOk(response, what) {
  const body = await response.json()
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`)
  return body
}

export async function makeSubscriptions(count, file) {
  const [{ startEmulator }, { offsetClock }, { loadSeedFile }, { writeDbFile }] = await Promise.all([
    import(DIST('emulator/start.js')),
    import(DIST('emulator/deps.js')),
    import(DIST('contract/seed-file.js')),
    import(DIST('emulator/store/db-file.js')),
  ])
  const rng = seededRandom(`store-bench:subscriptions:${count}`)
  const started = await startEmulator({
    db: ':memory:',
    seed: loadSeedFile(`${ROOT}fixtures/demo-shop.json`),
    apiKey: BENCH_KEY,
    clock: offsetClock(() => SUBSCRIBED_AT),
    random: { bytes: (n) => rng.bytes(n) },
    fetch: () => Promise.reject(new Error('no network while building a dataset')),
    sleep: async () => undefined,
    log: () => undefined,
    options: { logRequests: false },
  })
  const control = (path, method, body) =>
    started.app.request(path, {
      method,
      headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  try {
    await expectOk(
      await control(`/_emulator/products/${PRODUCT}/fulfilment`, 'PUT', {
        subscription: { interval: 'MONTH', intervalCount: 1, trialDays: 0 },
      }),
      'setting the monthly plan',
    )
    let next = 0
    const buyer = async () => {
      for (let i = next++; i < count; i = next++) await subscribe(i)
    }
    const subscribe = async (i) => {
      const checkout = await expectOk(
        await started.app.request('/storefront/demo/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ email: `buyer${i}@example.com`, items: [{ productId: PRODUCT, quantity: 1 }] }),
        }),
        'a checkout',
      )
      await expectOk(await control(`/_emulator/orders/${checkout.order.id}/pay`, 'POST', {}), 'a payment')
    }
    await Promise.all(Array.from({ length: BUYERS }, buyer))
    await writeDbFile(file, { seq: 0, rows: started.store.snapshot() })
  } finally {
    await started.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [count, out] = process.argv.slice(2)
  await makeSubscriptions(Number(count), out)
}
