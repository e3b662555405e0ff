import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_PRODUCT_PAGES } from '../../../src/cli/fidelity/pull.js'
import { cleanups, folder, realEmulator, startCli, TEST_KEY } from './harness.js'

/**
 * `store pull` against an upstream that does not page as the API does: a cursor that comes back,
 * cursors that never end, a page far larger than the `limit` asked. Each ends the pull with an
 * error that says so, and no file.
 */

/** An upstream whose product pages `page(n, query)` decides, n counting from 1. */
async function pagingUpstream(
  page: (n: number, query: URLSearchParams) => unknown,
): Promise<{ api: string; pages: () => number }> {
  let served = 0
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream')
    if (url.pathname !== '/api/v1/products') return res.writeHead(404).end('{"error":"not here"}')
    served++
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page(served, url.searchParams)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return { api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, pages: () => served }
}

/** The pull to its end, or a failure after `ms`: a pull that never ends fails the test instead of hanging it. */
async function pullWithin(api: string, dir: string, ms: number) {
  const run = startCli(['pull', '--from', api, '--api-key', TEST_KEY, '--out', 'shop.json'], dir)
  const timer = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`store pull ran past ${ms} ms (stderr: ${run.stderr().slice(0, 200)})`)), ms),
  )
  const code = await Promise.race([run.done, timer])
  return { code, stdout: run.stdout(), stderr: run.stderr() }
}

describe('store pull against an upstream that pages wrongly', () => {
  it('stops on a cursor that comes back', async () => {
    const dir = folder()
    const upstream = await pagingUpstream((n) => ({ products: [], nextCursor: n % 2 ? 'first' : 'second' }))
    const pulled = await pullWithin(upstream.api, dir, 10_000)
    expect(pulled.code).toBe(1)
    expect(pulled.stderr).toBe(
      'error: the upstream\'s product pages loop: page 3 gave a cursor an earlier page gave ("first"); nothing was written\n',
    )
    expect(upstream.pages()).toBe(3)
    expect(existsSync(join(dir, 'shop.json'))).toBe(false)
  })

  it(`stops after ${MAX_PRODUCT_PAGES} pages of cursors that never end`, async () => {
    const dir = folder()
    const upstream = await pagingUpstream((n) => ({ products: [], nextCursor: `page-${n}` }))
    const pulled = await pullWithin(upstream.api, dir, 60_000)
    expect(pulled.code).toBe(1)
    expect(pulled.stderr).toBe(
      `error: the upstream has more than ${MAX_PRODUCT_PAGES} pages of 250 products, more than store pull reads; nothing was written\n`,
    )
    expect(upstream.pages()).toBe(MAX_PRODUCT_PAGES)
  }, 90_000)

  it('refuses a page far larger than the limit asked', async () => {
    const dir = folder()
    const hosted = await realEmulator()
    cleanups.push(() => hosted.stop())
    const { products } = await hosted.client.products.list()
    const upstream = await pagingUpstream((_n, query) => {
      expect(query.get('limit')).toBe('250')
      return { products: Array.from({ length: 5_000 }, () => products[0]), nextCursor: null }
    })
    const pulled = await pullWithin(upstream.api, dir, 10_000)
    expect(pulled.code).toBe(1)
    expect(pulled.stderr).toBe(
      'error: the upstream answered 5000 products to a request for at most 250: it does not page as the API does; nothing was written\n',
    )
    expect(existsSync(join(dir, 'shop.json'))).toBe(false)
  })
})
