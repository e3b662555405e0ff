// What `store proxy` and `store webhooks receive` share as local HTTP servers.
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { UsageError } from '../exit-codes.js'

/** The request's body as text; undefined when it is larger than `limit` bytes (read to its end all the same). */
export function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= limit) chunks.push(chunk)
    })
    req.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Listens on `host:port`; a port in use is a usage error naming `--port`. */
export function listen(
  server: Server,
  port: number,
  host: string,
): Promise<{ address: AddressInfo; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new UsageError(`--port ${port}: the port is in use on ${host}; pass another --port (0 picks a free one)`)
          : error,
      )
    })
    server.listen(port, host, () =>
      resolve({
        address: server.address() as AddressInfo,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      }),
    )
  })
}
