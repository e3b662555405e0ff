// Shared by the commerce, storefront and control tests: a demo shop in-process, the storefront as a
// buyer sees it (no key), the control API as the merchant uses it, and the events the bus delivers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PendingEvent } from '../../../src/emulator/services/events/bus.js'
import { testEmulator, type TestEmulatorOptions } from '../../helpers/emulator.js'

export type Shop = Awaited<ReturnType<typeof shop>>

/** The demo shop with every event the bus delivers collected in `events`. */
export async function shop(options: TestEmulatorOptions = {}) {
  const emu = await testEmulator(options)
  const bus = emu.services.events
  const events: PendingEvent[] = []
  bus.subscribe((event) => events.push(event))

  /** A storefront request: public, no Authorization header. */
  const storefront = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers)
    if (!headers.has('accept')) headers.set('accept', 'application/json')
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    return Promise.resolve(emu.app.request(`/storefront/demo${path}`, { ...init, headers, body }))
  }
  const post = (path: string, json?: unknown) =>
    emu.request(path, json === undefined ? { method: 'POST' } : { method: 'POST', json })
  const put = (path: string, json: unknown) => emu.request(path, { method: 'PUT', json })

  async function checkout(body: Record<string, unknown>, headers?: Record<string, string>) {
    const res = await storefront('/checkout', {
      method: 'POST',
      json: { email: 'buyer@example.com', ...body },
      headers,
    })
    return { status: res.status, body: (await res.json()) as any }
  }
  /** Checks out and expects 201; the order. */
  async function order(body: Record<string, unknown>) {
    const res = await checkout(body)
    if (res.status !== 201) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`)
    return res.body.order as any
  }
  async function pay(id: string, body?: Record<string, unknown>) {
    const res = await post(`/_emulator/orders/${id}/pay`, body)
    return { status: res.status, body: (await res.json()) as any }
  }
  async function apiOrder(id: string) {
    return (await (await emu.request(`/api/v1/orders/${id}`)).json()) as any
  }
  async function invoice(id: string) {
    return (await (await storefront(`/invoices/${id}`)).json()) as any
  }
  async function product(id: string) {
    return (await (await storefront(`/products/${id}`)).json()) as any
  }
  const kinds = () => events.map((e) => e.kind)
  return { emu, events, kinds, storefront, post, put, checkout, order, pay, apiOrder, invoice, product }
}

export interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
  json: any
}

/** A throwaway HTTP receiver on 127.0.0.1, port 0: records every request and answers with `respond`. */
export async function receiver(respond: (req: Received, res: ServerResponse) => void = (_r, res) => res.end('ok')) {
  const requests: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch {
        /* not JSON */
      }
      const received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body, json }
      requests.push(received)
      respond(received, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
