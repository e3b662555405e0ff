// What `store proxy` and `store webhooks receive` share as local HTTP servers.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { UsageError } from '../exit-codes.js'

/** The request's body as text; undefined when it is larger than `limit` bytes (read to its end all the same). */
export async function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= limit) chunks.push(chunk)
  }
  return size > limit ? undefined : Buffer.concat(chunks).toString('utf8')
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/** `--port`: 0 (a free port) to 65535. */
export function portOf(text: string): number {
  const port = Number(text)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: "${text}" is not a port (0-65535)`)
  return port
}

/**
 * Serves `handle` on `host:port`, `onError` answering what it throws; a port in use is a usage error
 * naming `--port`.
 */
export async function serveLocally(
  port: number,
  host: string,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onError: (error: Error, res: ServerResponse) => void,
): Promise<{ address: AddressInfo; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => onError(error, res))
  })
  await once(server.listen(port, host), 'listening').catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error
    throw new UsageError(`--port ${port}: the port is in use on ${host}; pass another --port (0 picks a free one)`)
  })
  return {
    address: server.address() as AddressInfo,
    close: () => {
      server.closeAllConnections()
      return new Promise((done) => server.close(() => done()))
    },
  }
}
