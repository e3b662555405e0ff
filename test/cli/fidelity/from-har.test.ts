// biome-ignore-all lint/suspicious/noTemplateCurlyInString: fixture steps are written with ${name:path} references
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { folder, runCliTo } from './harness.js'

const API = 'https://shop.example.com/api/v1'

/** One exchange as a HAR 1.2 entry, with the fields the format requires. */
function entry(method: string, path: string, status: number, answer?: unknown, sent?: string) {
  const url = `${API}${path}`
  return {
    startedDateTime: '2026-06-01T12:00:00.000Z',
    time: 5,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'authorization', value: 'Bearer sk_live_…abcd' }],
      queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: sent?.length ?? 0,
      ...(sent === undefined ? {} : { postData: { mimeType: 'application/json', text: sent } }),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: 'application/json', text: answer === undefined ? '' : JSON.stringify(answer) },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 5, receive: 0 },
  }
}

function har(dir: string, entries: unknown[]): string {
  writeFileSync(
    join(dir, 'r.har'),
    JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } }),
  )
  return 'r.har'
}

const ORDER = { id: 'ord_1', orderNumber: 'ORD-7', status: 'pending', total: 10, createdAt: '2026-06-01T12:00:00.000Z' }

describe('store fixtures from-har', () => {
  it('refers to order numbers learnt from earlier answers, leaves out what a fixture cannot send, and says so', async () => {
    const dir = folder()
    const file = har(dir, [
      entry('GET', '/orders?limit=1', 200, { orders: [ORDER] }),
      entry('PUT', '/orders/ORD-7', 200, { ...ORDER, status: 'processing' }, '{"status":"processing","note":"ORD-7"}'),
      entry('GET', '/products', 401, { error: 'invalid API key' }),
      entry('HEAD', '/products', 200),
      entry(
        'POST',
        '/coupons',
        400,
        { error: 'code: is required', errors: [{ field: 'code', message: 'is required' }] },
        'not json',
      ),
    ])
    const run = await runCliTo(['fixtures', 'from-har', file], dir)
    expect(run.code).toBe(0)
    expect(run.stderr.split('\n').filter((l) => l.startsWith('warning:'))).toEqual([
      'warning: entry 2 (GET /api/v1/products): left out; it was refused for its key or shop (401), and a fixture runs with the key it is given',
      'warning: entry 3 (HEAD /api/v1/products): left out; a step sends GET, POST, PUT, DELETE, PATCH',
      'warning: step "create-coupon-400": the recorded body is not JSON; the step sends it as a JSON string',
      'warning: r.har reads records it does not create (1 order): run the fixtures in an account seeded with them (store seed from-har r.har --out seed.json, then store serve --seed seed.json, store state import seed.json or createTestAccount({ seed }))',
    ])
    const { fixtures } = JSON.parse(run.stdout) as { fixtures: unknown[] }
    expect(fixtures).toEqual([
      {
        name: 'list-orders',
        request: { method: 'GET', path: '/api/v1/orders?limit=1' },
        expect: {
          status: 200,
          body: {
            orders: [
              {
                id: '${any:string}',
                orderNumber: '${any:string}',
                status: '${any:string}',
                total: '${any:number}',
                createdAt: '${any:timestamp}',
              },
            ],
          },
        },
      },
      {
        name: 'update-order',
        request: {
          method: 'PUT',
          path: '/api/v1/orders/${list-orders:orders.0.orderNumber}',
          body: { status: 'processing', note: '${list-orders:orders.0.orderNumber}' },
        },
        expect: {
          status: 200,
          body: {
            id: '${list-orders:orders.0.id}',
            orderNumber: '${list-orders:orders.0.orderNumber}',
            status: '${any:string}',
            total: '${any:number}',
            createdAt: '${any:timestamp}',
          },
        },
      },
      {
        name: 'create-coupon-400',
        request: { method: 'POST', path: '/api/v1/coupons', body: 'not json' },
        expect: {
          status: 400,
          body: { error: '${any:string}', errors: [{ field: '${any:string}', message: '${any:string}' }] },
        },
      },
    ])
  })

  it('names each step after the operation it calls, and a path that is no operation after its method and path', async () => {
    const dir = folder()
    const file = har(dir, [
      entry('GET', '/blacklists/bl_1', 404, { error: 'blacklist entry not found' }),
      entry('GET', '/themes/th_1', 200, { id: 'th_1' }),
      entry('DELETE', '/no/such', 404, { error: 'not found' }),
    ])
    const run = await runCliTo(['fixtures', 'from-har', file], dir)
    const { fixtures } = JSON.parse(run.stdout) as { fixtures: { name: string }[] }
    expect(fixtures.map((f) => f.name)).toEqual(['get-blacklist-entry-404', 'get-theme', 'delete-no-such-404'])
  })

  it('refuses a recording with no /api/v1 exchange, writing nothing', async () => {
    const dir = folder()
    const file = har(dir, [])
    const run = await runCliTo(['fixtures', 'from-har', file, '--out', 'f.json'], dir)
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(
      'error: r.har holds no /api/v1 exchange to make a step of; record one with store proxy --record\n',
    )
    expect(() => readFileSync(join(dir, 'f.json'))).toThrow()
  })
})

describe('store seed from-har', () => {
  it('writes the records the reads showed under their recorded ids, and nothing for a recording that only creates', async () => {
    const dir = folder()
    const file = har(dir, [
      entry('GET', '/orders?limit=1', 200, {
        orders: [{ ...ORDER, customerEmail: 'a@example.com', items: [{ productId: 'rec_1', quantity: 1, price: 10 }] }],
      }),
    ])
    const run = await runCliTo(['seed', 'from-har', file], dir)
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({
      orders: [{ id: 'ord_1', orderNumber: 'ORD-7' }],
      customers: [{ email: 'a@example.com' }],
    })
    const empty = har(dir, [entry('POST', '/coupons', 201, { id: 'cpn_1', code: 'A' }, '{"code":"a"}')])
    const none = await runCliTo(['seed', 'from-har', empty], dir)
    expect(none.stdout).toBe('{}\n')
    expect(none.stderr).toBe('no record (the recording reads only what it creates) from the reads of r.har\n')
  })
})
