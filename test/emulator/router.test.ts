import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { PrefixRouter } from '../../src/emulator/router.js'

const names = (router: PrefixRouter<string>, method: string, path: string) => {
  const [matched] = router.match(method, path)
  return matched.map(([handler]) => handler)
}

describe('PrefixRouter', () => {
  const router = () => {
    const r = new PrefixRouter<string>('/api/v1')
    r.add('ALL', '*', 'every path')
    r.add('ALL', '/api/v1/*', 'api middleware')
    r.add('GET', '/api/v1/products/:id', 'product')
    r.add('GET', '/api', 'bare api')
    r.add('GET', '/:anything/v1/x', 'param first')
    r.add('GET', '/_emulator/webhooks/logs/:id', 'delivery')
    r.add('GET', '/_emulator/webhooks/:id', 'webhook')
    r.add('ALL', '/storefront/*', 'storefront middleware')
    return r
  }

  it('matches paths under the prefix with the routes and middleware that reach them, in the order added', () => {
    const r = router()
    expect(names(r, 'GET', '/api/v1/products/p1')).toEqual(['every path', 'api middleware', 'product'])
    expect(names(r, 'GET', '/api/v1/x')).toEqual(['every path', 'api middleware', 'param first'])
    expect(names(r, 'GET', '/api/v1')).toEqual(['every path', 'api middleware'])
  })

  it('matches every other path with the routes that reach it, the ones the fast router cannot hold included', () => {
    const r = router()
    expect(names(r, 'GET', '/_emulator/webhooks/logs/d1')).toEqual(['every path', 'delivery'])
    expect(names(r, 'GET', '/_emulator/webhooks/w1')).toEqual(['every path', 'webhook'])
    expect(names(r, 'GET', '/api')).toEqual(['every path', 'bare api'])
    expect(names(r, 'GET', '/x/v1/x')).toEqual(['every path', 'param first'])
    expect(names(r, 'GET', '/api/v10/x')).toEqual(['every path'])
    expect(names(r, 'POST', '/storefront/demo/checkout')).toEqual(['every path', 'storefront middleware'])
  })

  it('routes a Hono app with parameters on both sides', async () => {
    const app = new Hono({ router: new PrefixRouter('/api/v1') })
    app.get('/api/v1/products/:id', (c) => c.text(`product ${c.req.param('id')}`))
    app.get('/_emulator/webhooks/logs/:id', (c) => c.text(`delivery ${c.req.param('id')}`))
    app.get('/_emulator/webhooks/:id', (c) => c.text(`webhook ${c.req.param('id')}`))
    expect(await (await app.request('/api/v1/products/p9')).text()).toBe('product p9')
    expect(await (await app.request('/_emulator/webhooks/logs/d9')).text()).toBe('delivery d9')
    expect(await (await app.request('/_emulator/webhooks/w9')).text()).toBe('webhook w9')
    expect((await app.request('/api/v1/nothing')).status).toBe(404)
  })
})
