// Requests the server refuses by their body alone (no record looked at) are refused by the OpenAPI
// documents too: a client generated from them, or a proxy validating traffic against them, keeps
// the contract the server keeps.
import { afterAll, describe, expect, it } from 'vitest'
import { servedDocuments } from '../helpers/documents.js'
import { servedEmulator } from '../helpers/served.js'

const emu = await servedEmulator()
afterAll(() => emu.close())
const docs = await servedDocuments(emu.origin)

const item = { items: [{ productId: 'prod_demo_service' }], email: 'ada@example.com' }

/** An operation as the documents list it, the path sent (ids of the demo shop), a body, the field refused. */
const REFUSED: [operation: string, path: string, body: unknown, field: string][] = [
  ['POST /api/v1/blacklists', '/api/v1/blacklists', { type: 'IP', value: '0' }, 'value'],
  ['POST /api/v1/blacklists', '/api/v1/blacklists', { type: 'IP', value: '999.1.1.1' }, 'value'],
  ['POST /api/v1/blacklists', '/api/v1/blacklists', { type: 'COUNTRY', value: 'Germany' }, 'value'],
  ['POST /api/v1/blacklists', '/api/v1/blacklists', { type: 'EMAIL', value: 'mallory.example.com' }, 'value'],
  ['POST /api/v1/blacklists', '/api/v1/blacklists', { type: 'ASN', value: '64496' }, 'type'],
  ['PUT /api/v1/blacklists/{id}', '/api/v1/blacklists/bl_demo_ip', { type: 'COUNTRY', value: 'DEU' }, 'value'],
  ['POST /api/v1/coupons', '/api/v1/coupons', { code: 'HALF', type: 'percentage', value: 150 }, 'value'],
  [
    'POST /api/v1/coupons',
    '/api/v1/coupons',
    { code: 'LATE', type: 'fixed', value: 5, expiresAt: '9999-12-31T23:00:00-02:00' },
    'expiresAt',
  ],
  ['PUT /api/v1/coupons/{id}', '/api/v1/coupons/SPRING10', { type: 'percentage', value: 101 }, 'value'],
  ['PUT /api/v1/themes/{themeId}', '/api/v1/themes/default', {}, 'config'],
  ['PUT /api/v1/themes/{themeId}', '/api/v1/themes/default', { config: { colors: 'red' } }, 'config.colors'],
  [
    'PUT /api/v1/themes/{themeId}',
    '/api/v1/themes/default',
    { files: { 'theme.json': { layout: [] } } },
    'files.theme.json.layout',
  ],
  ['POST /storefront/{shop}/checkout', '/storefront/demo/checkout', { email: 'ada@example.com' }, 'items'],
  ['POST /storefront/{shop}/checkout', '/storefront/demo/checkout', { ...item, groupId: 'grp_demo' }, 'items'],
  ['POST /storefront/{shop}/checkout', '/storefront/demo/checkout', { ...item, email: 'ada.example.com' }, 'email'],
  ['POST /storefront/{shop}/checkout', '/storefront/demo/checkout', { ...item, ip: '10.0.0' }, 'ip'],
  ['POST /storefront/{shop}/checkout', '/storefront/demo/checkout', { ...item, country: 'Germany' }, 'country'],
  [
    'POST /storefront/{shop}/checkout',
    '/storefront/demo/checkout',
    { ...item, customFields: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`field${i}`, i])) },
    'customFields',
  ],
  ['POST /_emulator/faults', '/_emulator/faults', { match: {} }, 'match'],
  ['POST /_emulator/faults', '/_emulator/faults', { match: { method: 'FETCH' } }, 'match.method'],
  ['POST /_emulator/webhooks', '/_emulator/webhooks', { url: 'ftp://example.com/hook', events: ['order:paid'] }, 'url'],
  [
    'PUT /_emulator/products/{id}/fulfilment',
    '/_emulator/products/prod_demo_serial/fulfilment',
    { serials: ['KEY-1', 'KEY-1'] },
    'serials.1',
  ],
  ['POST /_emulator/orders/{id}/pay', '/_emulator/orders/ORD-2/pay', { amount: 1.234 }, 'amount'],
]

describe('a body the server refuses without looking at records', () => {
  it.each(REFUSED)('%s %s %j is refused by the server and by the document', async (label, path, body, field) => {
    const operation = docs.operations.find((o) => o.label === label)
    expect(operation, `${label} is in the documents`).toBeDefined()
    const before = JSON.stringify(emu.store.snapshot())
    const res = await emu.request(path, { method: operation!.method, json: body })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { errors?: { field: string }[] }).errors?.[0]?.field).toBe(field)
    expect(JSON.stringify(emu.store.snapshot())).toBe(before)
    expect(docs.accepts(operation!, body)).toBe(false)
  })
})
