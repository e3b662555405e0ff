import { describe, expect, it } from 'vitest'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'

/**
 * 500s on the dashboard's forms: a login form that cannot be read, or whose `next`
 * holds bytes no header may carry, is answered 4xx or sent to the dashboard, never 500.
 * test/reliability/fuzz.test.ts fuzzes these forms further.
 */

const ORIGIN = 'http://localhost'

async function post(path: string, contentType: string, body: string | Uint8Array) {
  const emu = await testEmulator()
  const res = await emu.app.request(path, {
    method: 'POST',
    headers: { 'content-type': contentType, origin: ORIGIN },
    body: body as BodyInit,
  })
  return { res, text: await res.text(), logs: emu.logs }
}

const multipart = (boundary: string, parts: string) => `multipart/form-data; boundary=${boundary}|${parts}`

describe('POST /_dashboard/login with a form that cannot be read', () => {
  it.each([
    [
      'multipart without a boundary',
      'multipart/form-data|--x\r\nContent-Disposition: form-data; name="key"\r\n\r\nk\r\n--x--',
    ],
    [
      'multipart with another boundary',
      multipart('abc', '--xyz\r\nContent-Disposition: form-data; name="key"\r\n\r\nk\r\n--xyz--\r\n'),
    ],
    ['multipart cut short', multipart('abc', '--abc\r\nContent-Disposition: form-data; name="key"\r\n\r\nsk_live')],
    ['multipart without part headers', multipart('abc', '--abc\r\n\r\nvalue\r\n--abc--\r\n')],
    ['multipart of random bytes', multipart('abc', '\u0000\u00ff--abc\r\n\r\n\r\n--')],
    ['an empty multipart body', multipart('abc', '')],
  ])('%s: 400 with what to send, nothing logged as an internal error', async (_case, spec) => {
    const [contentType, body] = spec.split('|')
    const { res, text, logs } = await post('/_dashboard/login', contentType, body)
    expect(res.status).toBe(400)
    expect(text).toContain(
      'the form could not be read: send it as application/x-www-form-urlencoded or well-formed multipart/form-data',
    )
    expect(logs.filter((line) => /internal error/.test(line))).toEqual([])
  })
})

describe('POST /_dashboard/login with a `next` no header may carry', () => {
  it.each([
    ['CR LF', '/_dashboard\r\nSet-Cookie: stolen=1'],
    ['LF', '/_dashboard/orders\nX: y'],
    ['NUL', '/_dashboard/orders\u0000'],
    ['a character outside Latin-1', '/_dashboard/orders/💥'],
    ['another site', '//rebind.example/_dashboard'],
    ['a look-alike path', '/_dashboardx'],
  ])('%s: logs in and goes to the dashboard itself', async (_case, next) => {
    const { res, logs } = await post(
      '/_dashboard/login',
      'application/x-www-form-urlencoded',
      new URLSearchParams({ key: TEST_KEY, next }).toString(),
    )
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/_dashboard')
    expect(logs.filter((line) => /internal error/.test(line))).toEqual([])
  })

  it('keeps a dashboard path with a query', async () => {
    const { res } = await post(
      '/_dashboard/login',
      'application/x-www-form-urlencoded',
      new URLSearchParams({ key: TEST_KEY, next: '/_dashboard/orders?shop=demo' }).toString(),
    )
    expect(res.headers.get('location')).toBe('/_dashboard/orders?shop=demo')
  })

  it('shows the login page again for a wrong key, with a `next` holding CR LF dropped', async () => {
    const { res, text } = await post(
      '/_dashboard/login',
      'application/x-www-form-urlencoded',
      new URLSearchParams({ key: 'nope', next: '/_dashboard\r\nX: y' }).toString(),
    )
    expect(res.status).toBe(401)
    expect(text).not.toContain('X: y')
  })
})

describe('a dashboard form posted from another site', () => {
  it('is refused with 403 and a page that says where to send it from', async () => {
    const emu = await testEmulator()
    const res = await emu.app.request('/_dashboard/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://rebind.example' },
      body: `key=${TEST_KEY}`,
    })
    expect(res.status).toBe(403)
    expect(await res.text()).toContain(
      'this form was sent from another site; open /_dashboard/login on this emulator and send it from there',
    )
  })
})
