import { describe, expect, it } from 'vitest'
import { maskSecretsIn, maskedHeaders } from '../../src/contract/mask.js'

const CALLER = 'sk_live_callercallercallercaller0001'
const OTHER = 'sk_live_otherotherotherotherother0002'

describe('maskSecretsIn', () => {
  it.each([
    ['the caller key in a query', `active=${CALLER}`, 'active=sk_live_…0001'],
    ['any other API key in a body', `{"description":"mine is ${OTHER}."}`, '{"description":"mine is sk_live_…0002."}'],
    [
      'a JSON secret field',
      '{"id":"key_1","secret": "whsec_abcdefghijklmnopqrstuv"}',
      '{"id":"key_1","secret": "whsec_ab…stuv"}',
    ],
    ['a new key in its secret field, once', `{"secret":"${OTHER}"}`, '{"secret":"sk_live_…0002"}'],
    ['the caller key in a secret field, once', `{"secret":"${CALLER}"}`, '{"secret":"sk_live_…0001"}'],
    ['a short secret, shown not at all', '{"secret":"tiny"}', '{"secret":"****"}'],
    ['a text with nothing to hide', '{"products":[{"id":"rec_1"}]}', '{"products":[{"id":"rec_1"}]}'],
  ])('masks %s', (_what, text, masked) => {
    expect(maskSecretsIn(text, [CALLER])).toBe(masked)
  })

  it('masks every key of a text that holds one encoded once and another encoded twice', () => {
    const once = encodeURIComponent(`"${OTHER}"`).replaceAll('_', '%5F')
    const twice = encodeURIComponent(once)
    const masked = maskSecretsIn(`a=${once}&b=${twice}`, [CALLER])
    expect(masked).toBe('a="sk_live_…0002"&b="sk_live_…0002"')
  })

  it('masks a caller key of any form, even one that does not look like an API key', () => {
    expect(maskSecretsIn('x=not-a-live-key-but-secret-0003', ['not-a-live-key-but-secret-0003'])).toBe(
      'x=not-a-li…0003',
    )
  })
})

describe('maskedHeaders', () => {
  it('masks the Bearer key, every cookie value, a set cookie and the caller key anywhere else', () => {
    const headers = new Headers({
      authorization: `Bearer ${CALLER}`,
      cookie: 'store_dashboard=sessionsessionsessionsession01; theme=darkdarkdarkdarkdark02',
      'set-cookie': 'store_dashboard=sessionsessionsessionsession03; Path=/; HttpOnly',
      'x-forwarded-for': '127.0.0.1',
      'x-note': `key ${CALLER}`,
    })
    expect(maskedHeaders(headers, [CALLER])).toEqual({
      authorization: 'Bearer sk_live_…0001',
      cookie: 'store_dashboard=sessions…on01; theme=darkdark…rk02',
      'set-cookie': 'store_dashboard=sessions…on03; Path=/; HttpOnly',
      'x-forwarded-for': '127.0.0.1',
      'x-note': 'key sk_live_…0001',
    })
  })
})
