import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { scaled } from './time-scale.js'

export interface ReceivedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
  json(): unknown
}
export type Answer = { status: number; body?: string; contentType?: string } | 'hang'

export interface TestReceiver {
  url: string
  requests: ReceivedRequest[]
  /** Resolves once `count` requests arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>
  close(): Promise<void>
}

/**
 * A throwaway webhook receiver on 127.0.0.1, port 0, that records what arrives (stripe/stripe-cli
 * `pkg/proxy/endpoint_test.go`). `answer` decides each reply by its 0-based number; 'hang' never replies.
 */
export async function startTestReceiver(
  answer: (n: number, req: ReceivedRequest) => Answer = () => ({ status: 200, body: '{"ok":true}' }),
): Promise<TestReceiver> {
  const requests: ReceivedRequest[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const hanging: ServerResponse[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        json: () => JSON.parse(body) as unknown,
      }
      const n = requests.length
      requests.push(received)
      for (const w of waiters.filter((w) => requests.length >= w.count)) w.resolve()
      const a = answer(n, received)
      if (a === 'hang') {
        hanging.push(res)
        return
      }
      res.writeHead(a.status, { 'content-type': a.contentType ?? 'application/json' }).end(a.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    waitFor(count, timeout = 10_000) {
      const timeoutMs = scaled(timeout)
      if (requests.length >= count) return Promise.resolve(requests.slice())
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${requests.length} of ${count} requests within ${timeoutMs} ms`)),
          timeoutMs,
        )
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer)
            resolve(requests.slice())
          },
        })
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
