/**
 * A recorded `GET /api/v1/coupons` answered `{"coupons":[]}`, as `store proxy --record` writes
 * one; `request` replaces fields of its request (`url`, `method`, …).
 */
export const harEntry = (request: Record<string, unknown> = {}) => ({
  startedDateTime: '2026-06-01T12:00:00.000Z',
  time: 1,
  request: {
    method: 'GET',
    url: 'http://127.0.0.1:4010/api/v1/coupons',
    httpVersion: 'HTTP/1.1',
    headers: [],
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: 0,
    ...request,
  },
  response: {
    status: 200,
    statusText: 'OK',
    httpVersion: 'HTTP/1.1',
    headers: [],
    cookies: [],
    content: { size: 14, mimeType: 'application/json', text: '{"coupons":[]}' },
    redirectURL: '',
    headersSize: -1,
    bodySize: 14,
  },
  cache: {},
  timings: { send: 0, wait: 1, receive: 0 },
})

/** A HAR file's text holding `entries`. */
export const harText = (entries: unknown[]) =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } })
