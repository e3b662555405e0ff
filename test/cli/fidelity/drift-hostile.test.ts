import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { StoreClient } from '../../../src/client/index.js'
import { httpFetch } from '../../../src/cli/http-fetch.js'
import { cleanups, folder, realEmulator, runCliTo, startProxyCli, TEST_KEY } from './harness.js'
import { harEntry, harText } from '../../helpers/har-entries.js'

/**
 * `store drift` on recordings that are large or damaged: reads of more than 1 MB are seeded and
 * replayed, and a recording drift could not send as recorded is a usage error (exit 2) naming the
 * entry. (Its account removed on SIGINT, SIGTERM, SIGHUP: test/reliability/drift-signals.test.ts.)
 */

const entry = harEntry
const har = harText

describe('store drift on a recording whose reads exceed 1 MB', () => {
  it('seeds the account with them and replays the recording alike', async () => {
    const dir = folder()
    const products = Array.from({ length: 200 }, (_, i) => ({
      id: `prod_big_${String(i).padStart(3, '0')}`,
      name: `Big ${i}`,
      price: 1,
      type: 'Service' as const,
      status: 'Live' as const,
      description: `${i} ${'d'.repeat(8_000)}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }))
    const hosted = await realEmulator({ seed: { products } })
    cleanups.push(() => hosted.stop())
    const local = await realEmulator({ seed: 'empty' })
    cleanups.push(() => local.stop())
    const proxy = await startProxyCli(['--upstream', hosted.api, '--record', 'big.har'], dir)
    const client = new StoreClient({ baseUrl: proxy.api, apiKey: TEST_KEY, fetch: httpFetch, retry: false })
    const { products: read } = await client.products.list({ limit: 250 })
    expect(read).toHaveLength(200)
    proxy.stop()
    expect(await proxy.done).toBe(0)
    const drift = await runCliTo(['drift', 'big.har', '--base-url', local.api, '--api-key', TEST_KEY], dir)
    expect(drift.stderr).toBe('✓ the emulator answered all 1 request of big.har alike\n')
    expect(drift.code).toBe(0)
  })
})

describe('store drift refuses a recording it cannot send as recorded', () => {
  it.each([
    ['a method that is not one', { method: 'GET /x' }, 'log.entries[1].request.method: "GET /x" is not an HTTP method'],
    [
      'a path that does not decode',
      { url: 'http://127.0.0.1:4010/api/v1/products/%E0%A4%A' },
      'log.entries[1].request.url: "http://127.0.0.1:4010/api/v1/products/%E0%A4%A" has a path that does not percent-decode',
    ],
    [
      'a content type with a line break',
      {
        method: 'POST',
        postData: { mimeType: 'application/json\r\nX-Injected: 1', text: '{}' },
      },
      'log.entries[1].request.postData.mimeType: holds a line break or control character',
    ],
    [
      'a shop header with a line break',
      { headers: [{ name: 'X-Service-Shop', value: 'demo\r\nX-Injected: 1' }] },
      'log.entries[1].request.headers[0].value: holds a line break or control character',
    ],
  ])('%s: exit 2 naming the entry', async (_what, request, problem) => {
    const dir = folder()
    const local = await realEmulator({ seed: 'empty' })
    cleanups.push(() => local.stop())
    writeFileSync(join(dir, 'bad.har'), har([entry({}), entry(request)]))
    const run = await runCliTo(['drift', 'bad.har', '--base-url', local.api, '--api-key', TEST_KEY], dir)
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toBe(
      `error: bad.har is damaged at entry 1: ${problem}; record it again with store proxy --record\n`,
    )
  })
})
