import { describe, expect, it } from 'vitest'
import { RequestRecorder } from '../../../src/emulator/inspector/recorder.js'
import { StoreError } from '../../../src/contract/errors.js'
import type { RecordedRequest } from '../../../src/contract/requests.js'

/** A request as the recorder takes it. */
function recorded(method: string, path: string, status: number, body = ''): RecordedRequest {
  return {
    at: '2026-06-01T12:00:00.000Z',
    receivedAt: '2026-06-01T12:00:00.000Z',
    method,
    path,
    query: '',
    status,
    durationMs: 1,
    shop: 'demo',
    via: 'api',
    reason: status >= 400 ? 'why' : null,
    requestHeaders: {},
    requestBody: body ? { text: body, size: body.length, truncated: false } : null,
    responseHeaders: {},
    responseBody: null,
  }
}

describe('RequestRecorder', () => {
  it('keeps the last `capacity` requests per account, newest first, numbered from 1', () => {
    const log = new RequestRecorder(3)
    for (let i = 1; i <= 5; i++) log.record('a', recorded('GET', `/api/v1/products/${i}`, 200))
    const kept = log.list('a', {}, 10)
    expect(kept.map((e) => [e.id, e.sequence, e.path])).toEqual([
      ['req_5', 5, '/api/v1/products/5'],
      ['req_4', 4, '/api/v1/products/4'],
      ['req_3', 3, '/api/v1/products/3'],
    ])
    expect(log.newest('a')).toBe(5)
    expect(log.find('a', 'req_3').path).toBe('/api/v1/products/3')
    expect(log.find('a', '4').path).toBe('/api/v1/products/4')
    expect(() => log.find('a', 'req_2')).toThrow(StoreError)
    expect(() => log.find('a', 'req_2')).toThrow(/request not found: req_2 \(the log keeps the last 3 requests/)
    expect(() => log.find('a', 'req_6')).toThrow(/not found/)
  })

  it('keeps accounts apart: each has its own numbering and sees only its own requests', () => {
    const log = new RequestRecorder()
    log.record('a', recorded('GET', '/api/v1/orders', 200))
    log.record('b', recorded('POST', '/api/v1/coupons', 409))
    log.record('a', recorded('PUT', '/api/v1/orders/ORD-1', 400))
    expect(log.list('a', {}, 10).map((e) => [e.sequence, e.method])).toEqual([
      [2, 'PUT'],
      [1, 'GET'],
    ])
    expect(log.list('b', {}, 10).map((e) => [e.sequence, e.method])).toEqual([[1, 'POST']])
    expect(log.list('c', {}, 10)).toEqual([])
    expect(() => log.find('b', 'req_2')).toThrow(/not found/)
  })

  it.each([
    [{ status: '4xx' }, ['req_4', 'req_2']],
    [{ status: '409' }, ['req_4']],
    [{ method: 'post' }, ['req_4', 'req_3']],
    [{ path: '/api/v1/orders' }, ['req_2', 'req_1']],
    [{ status: '2xx', path: '/_emulator' }, ['req_3']],
  ])('filters by status class or code, method and path prefix: %j', (filter, ids) => {
    const log = new RequestRecorder()
    log.record('a', recorded('GET', '/api/v1/orders', 200))
    log.record('a', recorded('GET', '/api/v1/orders/ORD-9', 404))
    log.record('a', recorded('POST', '/_emulator/shops', 201))
    log.record('a', recorded('POST', '/api/v1/coupons', 409))
    expect(log.list('a', filter, 10).map((e) => e.id)).toEqual(ids)
  })

  it('lists at most `limit`, only after `after`, and replays oldest first for a stream', () => {
    const log = new RequestRecorder(4)
    for (let i = 1; i <= 6; i++) log.record('a', recorded('GET', '/api/v1/products', i % 2 ? 200 : 500))
    expect(log.list('a', {}, 2).map((e) => e.sequence)).toEqual([6, 5])
    expect(log.list('a', {}, 10, 4).map((e) => e.sequence)).toEqual([6, 5])
    expect(log.since('a', {}, 0).map((e) => e.sequence)).toEqual([3, 4, 5, 6])
    expect(log.since('a', { status: '5xx' }, 3).map((e) => e.sequence)).toEqual([4, 6])
  })

  it('tells subscribers of each new request of their account until they unsubscribe', () => {
    const log = new RequestRecorder()
    const seen: string[] = []
    const stop = log.subscribe('a', (e) => seen.push(e.id))
    log.record('a', recorded('GET', '/api/v1/products', 200))
    log.record('b', recorded('GET', '/api/v1/products', 200))
    stop()
    log.record('a', recorded('GET', '/api/v1/products', 200))
    expect(seen).toEqual(['req_1'])
  })

  it('keeps the whole log within its memory, dropping the oldest request of any account first', () => {
    const body = 'x'.repeat(10_000)
    const log = new RequestRecorder(1_000, true, 200_000)
    for (let i = 1; i <= 30; i++) log.record(i % 2 ? 'a' : 'b', recorded('POST', `/api/v1/products/${i}`, 201, body))
    expect(log.size).toBeLessThanOrEqual(200_000)
    const kept = [...log.list('a', {}, 100), ...log.list('b', {}, 100)].map((e) => e.path)
    // About 9 requests fit: the newest ones of both accounts, the oldest of either gone.
    expect(kept.length).toBeGreaterThan(5)
    expect(kept).toContain('/api/v1/products/30')
    expect(kept).toContain('/api/v1/products/29')
    expect(kept).not.toContain('/api/v1/products/1')
    expect(kept).not.toContain('/api/v1/products/2')
  })

  it('frees an account’s log with the account', () => {
    const log = new RequestRecorder()
    log.record('a', recorded('POST', '/api/v1/products', 201, 'x'.repeat(5_000)))
    log.record('b', recorded('GET', '/api/v1/products', 200))
    const before = log.size
    log.forget('a')
    expect(log.size).toBeLessThan(before - 10_000)
    expect(log.list('a', {}, 10)).toEqual([])
    expect(log.list('b', {}, 10)).toHaveLength(1)
  })

  it('when not recording, refuses every read with a 404 that says the log is off', () => {
    const log = new RequestRecorder(3, false)
    const reads = [
      () => log.list('a', {}, 10),
      () => log.since('a', {}, 0),
      () => log.find('a', 'req_1'),
      () => log.newest('a'),
      () => log.subscribe('a', () => undefined),
    ]
    for (const read of reads) {
      expect(read).toThrow(StoreError)
      expect(read).toThrow(/^the request log is off: .*store serve --no-request-log/)
    }
  })
})
