import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../../src/contract/errors.js'
import { testEmulator } from '../../helpers/emulator.js'

/** Every POST and PUT route of /api/v1 and /_emulator/shops, with a body it accepts. */
interface Route {
  method: 'POST' | 'PUT'
  path: string
  validBody: Record<string, unknown>
  nonNegative?: string[]
}
const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/products',
    validBody: { name: 'Widget', price: 5, type: 'Digital', stock: 3 },
    nonNegative: ['price', 'stock'],
  },
  {
    method: 'PUT',
    path: '/api/v1/products/prod_demo_service',
    validBody: { name: 'Call', price: 50, stock: 2, unlisted: true },
    nonNegative: ['price', 'stock'],
  },
  { method: 'PUT', path: '/api/v1/orders/ord_demo_2', validBody: { status: 'processing' } },
  {
    method: 'POST',
    path: '/api/v1/coupons',
    validBody: { code: 'NEW1', type: 'fixed', value: 3, usageLimit: 5, minAmount: 1 },
    nonNegative: ['value', 'usageLimit', 'minAmount'],
  },
  {
    method: 'PUT',
    path: '/api/v1/coupons/cpn_demo_five',
    validBody: { value: 6, usageLimit: 10, active: false },
    nonNegative: ['value', 'usageLimit'],
  },
  {
    method: 'POST',
    path: '/api/v1/blacklists',
    validBody: { type: 'EMAIL', value: 'eve@example.com', reason: 'spam' },
  },
  { method: 'PUT', path: '/api/v1/blacklists/bl_demo_ip', validBody: { reason: 'still fraud' } },
  {
    method: 'POST',
    path: '/api/v1/categories',
    validBody: { name: 'New', sortOrder: 2, productIds: ['prod_demo_serial'], groupIds: [] },
  },
  {
    method: 'PUT',
    path: '/api/v1/categories/cat_demo_merch',
    validBody: { name: 'Merch 2', sortOrder: 5, unlisted: true },
  },
  {
    method: 'POST',
    path: '/api/v1/groups',
    validBody: { name: 'G', discountPercent: 10, sortOrder: 1, productIds: [] },
    nonNegative: ['discountPercent'],
  },
  {
    method: 'PUT',
    path: '/api/v1/groups/grp_demo_bundle',
    validBody: { name: 'G2', discountPercent: 20 },
    nonNegative: ['discountPercent'],
  },
  {
    method: 'PUT',
    path: '/api/v1/themes/default',
    validBody: { config: { colors: { primary: '#000000' } }, files: { 'custom.css': 'a {}' } },
  },
  { method: 'POST', path: '/_emulator/shops', validBody: { name: 'Shop Two', slug: 'shop-two' } },
]

interface Case {
  name: string
  body: string | Uint8Array
  contentType?: string | null
  status: number
  field?: string
}

const json = (value: unknown) => JSON.stringify(value)
/** JSON text with `1e309`-style literals, which JSON.parse turns into ±Infinity. */
const withRaw = (value: Record<string, unknown>, raw: string) => json(value).replace('"@RAW@"', raw)
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

function wrongValues(value: unknown): unknown[] {
  if (typeof value === 'string') return [123, true, {}, ['x']]
  if (typeof value === 'number') return ['5', true, {}, [1]]
  if (typeof value === 'boolean') return ['true', 1, {}]
  if (Array.isArray(value)) return ['x', 1, {}]
  return ['x', 1, []]
}

function casesFor(route: Route): Case[] {
  const valid = route.validBody
  const objectField = Object.keys(valid).find((k) => isObject(valid[k]))
  const cases: Case[] = [
    { name: 'malformed JSON', body: '{"name": ', status: 400 },
    { name: 'truncated JSON', body: json(valid).slice(0, -1), status: 400 },
    { name: 'JSON with trailing text', body: `${json(valid)} x`, status: 400 },
    { name: 'single-quoted JSON', body: json(valid).replaceAll('"', "'"), status: 400 },
    { name: 'an empty body', body: '', status: 400 },
    { name: 'Content-Type text/plain', body: json(valid), contentType: 'text/plain', status: 415 },
    { name: 'a form content type', body: 'name=x', contentType: 'application/x-www-form-urlencoded', status: 415 },
    { name: 'no Content-Type', body: new TextEncoder().encode(json(valid)), contentType: null, status: 415 },
    { name: 'a JSON array', body: json([valid]), status: 400 },
    { name: 'an empty JSON array', body: '[]', status: 400 },
    { name: 'a JSON number', body: '42', status: 400 },
    { name: 'a JSON string', body: '"hello"', status: 400 },
    { name: 'a JSON boolean', body: 'true', status: 400 },
    { name: 'JSON null', body: 'null', status: 400 },
    { name: 'an unknown field', body: json({ ...valid, zzUnknown: 1 }), status: 400, field: 'zzUnknown' },
    {
      name: 'a __proto__ key',
      body: `{"__proto__": {"polluted": true}, ${json(valid).slice(1)}`,
      status: 400,
      field: '__proto__',
    },
    {
      name: 'a constructor key',
      body: json({ ...valid, constructor: { prototype: { polluted: true } } }),
      status: 400,
      field: 'constructor',
    },
    {
      name: 'a prototype key',
      body: json({ ...valid, prototype: { polluted: true } }),
      status: 400,
      field: 'prototype',
    },
    {
      name: 'a nested constructor key',
      body: objectField
        ? json({
            ...valid,
            [objectField]: {
              ...(valid[objectField] as object),
              inner: { constructor: { prototype: { polluted: true } } },
            },
          })
        : json({ ...valid, meta: { a: { constructor: { prototype: { polluted: true } } } } }),
      status: 400,
      field: 'constructor',
    },
    {
      name: 'JSON nested 50 levels deep',
      body: json({ ...valid, deep: JSON.parse('['.repeat(50) + ']'.repeat(50)) }),
      status: 400,
      field: 'body',
    },
    {
      name: 'a body over 1 MB',
      body: json({ ...valid, padding: 'x'.repeat(1024 * 1024) }),
      status: 413,
      field: 'body',
    },
  ]
  if (objectField) {
    cases.push({
      name: `1e309 inside ${objectField}`,
      body: withRaw({ ...valid, [objectField]: { ...(valid[objectField] as object), n: '@RAW@' } }, '1e309'),
      status: 400,
      field: `${objectField}.n`,
    })
  }
  for (const [key, value] of Object.entries(valid)) {
    for (const wrong of wrongValues(value))
      cases.push({ name: `${key} as ${json(wrong)}`, body: json({ ...valid, [key]: wrong }), status: 400, field: key })
    if (typeof value === 'number') {
      for (const raw of ['1e309', '-1e309'])
        cases.push({
          name: `${key} as ${raw}`,
          body: withRaw({ ...valid, [key]: '@RAW@' }, raw),
          status: 400,
          field: key,
        })
      cases.push({ name: `${key} as 1e300`, body: json({ ...valid, [key]: 1e300 }), status: 400, field: key })
      cases.push({ name: `${key} as -1e300`, body: json({ ...valid, [key]: -1e300 }), status: 400, field: key })
      if (route.nonNegative?.includes(key))
        cases.push({ name: `${key} as -1`, body: json({ ...valid, [key]: -1 }), status: 400, field: key })
    }
    if (typeof value === 'string') {
      const long = key === 'name' ? 10_000 : 10_001
      cases.push({
        name: `${key} of ${long} characters`,
        body: json({ ...valid, [key]: 'x'.repeat(long) }),
        status: 400,
        field: key,
      })
    }
  }
  return cases
}

async function send(
  emu: Awaited<ReturnType<typeof testEmulator>>,
  route: Route,
  body: string | Uint8Array,
  contentType: string | null = 'application/json',
) {
  const headers = new Headers()
  if (contentType) headers.set('content-type', contentType)
  return emu.request(route.path, { method: route.method, headers, body: body as BodyInit })
}

describe.each(ROUTES)('bad input on $method $path', (route) => {
  it("accepts the valid body the table uses (so each refusal below is the mutation's doing)", async () => {
    const emu = await testEmulator()
    const res = await send(emu, route, json(route.validBody))
    expect(res.status, await res.clone().text()).toBeLessThan(300)
  })

  it.each(casesFor(route))(
    'refuses $name with $status, a JSON error and the store unchanged',
    async ({ body, contentType, status, field }) => {
      const emu = await testEmulator()
      const before = JSON.stringify(emu.store.snapshot())
      const res = await send(emu, route, body, contentType)
      const text = await res.text()
      expect(res.status, text).toBe(status)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      const error = ErrorBodySchema.parse(JSON.parse(text))
      expect(error.error).toEqual(expect.any(String))
      expect(error.error).not.toMatch(/internal|stack|at \w+ \(/i)
      if (field) {
        expect(error.errors?.length, text).toBeGreaterThan(0)
        // Field problems read `<field>: <message>` (spec, "Errors"); the 413 words its message more fully.
        if (status === 400) expect(error.error).toBe(`${error.errors![0].field}: ${error.errors![0].message}`)
        else expect(error.error.startsWith(`${error.errors![0].field}: `)).toBe(true)
        expect(
          error.errors!.map((e) => e.field),
          text,
        ).toContain(field)
      }
      expect(JSON.stringify(emu.store.snapshot())).toBe(before)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
  )
})

describe('unknown routes and wrong methods', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1/coupons/cpn_demo_welcome/extra'],
    ['POST', '/api/v1/unknown'],
    ['GET', '/api/v2/products'],
    ['GET', '/nope'],
    ['GET', '/_emulator/nope'],
    ['DELETE', '/api/v1/orders/ord_demo_1/items/item_demo_1'],
  ])('%s %s answers 404 with a JSON error', async (method, path) => {
    const emu = await testEmulator()
    const res = await emu.request(path, { method })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(ErrorBodySchema.parse(await res.json()).error).toEqual(expect.any(String))
  })

  it.each([
    ['PATCH', '/api/v1/products/prod_demo_service', 'GET, HEAD, PUT, DELETE'],
    ['PUT', '/api/v1/products', 'GET, HEAD, POST'],
    ['POST', '/api/v1/orders', 'GET, HEAD'],
    ['DELETE', '/api/v1/orders/ord_demo_1', 'GET, HEAD, PUT'],
    ['PATCH', '/api/v1/coupons/cpn_demo_welcome', 'GET, HEAD, PUT, DELETE'],
    ['DELETE', '/api/v1/blacklists', 'GET, HEAD, POST'],
    ['POST', '/api/v1/categories/cat_demo_games', 'GET, HEAD, PUT, DELETE'],
    ['PATCH', '/api/v1/groups/grp_demo_bundle', 'GET, HEAD, PUT, DELETE'],
    ['POST', '/api/v1/customers', 'GET, HEAD'],
    ['PUT', '/api/v1/subscriptions/sub_x', 'GET, HEAD'],
    ['POST', '/api/v1/themes', 'GET, HEAD'],
    ['DELETE', '/api/v1/themes/default', 'GET, HEAD, PUT'],
    ['DELETE', '/_emulator/shops', 'GET, HEAD, POST'],
  ])('%s %s answers 405 with Allow and a JSON error', async (method, path, allow) => {
    const emu = await testEmulator()
    const before = JSON.stringify(emu.store.snapshot())
    const res = await emu.request(path, { method, headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe(allow)
    expect(await res.json()).toEqual({ error: `method ${method} is not allowed on ${path}; use ${allow}` })
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
  })
})
