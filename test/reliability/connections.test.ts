import { serve, type ServerType } from '@hono/node-server'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'

/**
 * A refusal sent before the request body was read (wrong key, wrong content type, too large)
 * must leave the kept-alive connection usable: @hono/node-server would otherwise drain the unread
 * body itself and cut the socket 500 ms later, failing whatever request the client sent on it then.
 * One socket (maxSockets 1), so every request here reuses the connection of the one before.
 */

let server: ServerType
let port: number
let emu: Awaited<ReturnType<typeof testEmulator>>
const agents: Agent[] = []
beforeAll(async () => {
  emu = await testEmulator()
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started))
  })
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  for (const agent of agents) agent.destroy()
  await new Promise((resolve) => server.close(resolve))
})

interface Answer {
  status: number
  connection: string | undefined
  socket: number
  body: string
}
const sockets = new WeakMap<object, number>()
let socketCount = 0

/** A client with one kept-alive connection: each request reuses the socket of the one before. */
function client() {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  agents.push(agent)
  return (method: string, path: string, headers: Record<string, string>, body?: Buffer | string) =>
    send(agent, method, path, headers, body)
}

function send(
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const socket = req.socket!
          if (!sockets.has(socket)) sockets.set(socket, ++socketCount)
          resolve({
            status: res.statusCode!,
            connection: res.headers.connection,
            socket: sockets.get(socket)!,
            body: Buffer.concat(chunks).toString('utf8'),
          })
        })
      },
    )
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

const auth = { authorization: `Bearer ${TEST_KEY}` }
const json = { 'content-type': 'application/json' }
const big = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) })

describe('connections after a refusal', () => {
  it.concurrent.each([
    ['401 (no key)', 401, '/api/v1/products', json, big(500_000)],
    ['415 (not JSON)', 415, '/api/v1/products', { ...auth, 'content-type': 'text/plain' }, big(500_000)],
    ['413 (over the body limit)', 413, '/api/v1/products', { ...auth, ...json }, big(3_000_000)],
    ['404 (no such route)', 404, '/api/v1/nothing-here', { ...auth, ...json }, big(200_000)],
    [
      '404 (no such order, body never read)',
      404,
      '/_emulator/orders/ORD-404/deliver',
      { ...auth, ...json },
      big(200_000),
    ],
  ] as const)('%s keeps the connection usable for the next requests', async (_case, status, path, headers, body) => {
    const send = client()
    const refused = await send('POST', path, headers, body)
    expect(refused.status).toBe(status)
    expect(JSON.parse(refused.body).error).toEqual(expect.any(String))
    // Past @hono/node-server's 500 ms drain timer, the same socket still carries requests.
    for (const waitMs of [0, 600]) {
      await new Promise((resolve) => setTimeout(resolve, waitMs))
      const next = await send(
        'POST',
        '/api/v1/products',
        { ...auth, ...json },
        JSON.stringify({ name: 'After', price: 1, type: 'Digital' }),
      )
      expect(next.status).toBe(201)
      if (refused.connection !== 'close') expect(next.socket).toBe(refused.socket)
    }
  })

  it('says Connection: close when the unread rest is beyond what it reads to keep the connection', async () => {
    const send = client()
    const refused = await send('POST', '/api/v1/products', json, big(20_000_000))
    expect(refused).toMatchObject({ status: 413, connection: 'close' })
    expect((await send('GET', '/api/v1/products?limit=1', auth)).status).toBe(200)
  })

  it('refuses a chunked body past the limit with 413 as one of a stated length, and takes one within it', async () => {
    const chunked = (body: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(
          { port, method: 'POST', path: '/api/v1/products', headers: { ...auth, ...json } },
          (res) => {
            let text = ''
            res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
            res.on('end', () => resolve({ status: res.statusCode!, text }))
          },
        )
        req.on('error', reject)
        // No Content-Length: Node sends the body in chunks, as a stream upload would.
        for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.slice(at, at + 64 * 1024))
        req.end()
      })
    const over = await chunked(big(2_000_000))
    expect(over.status).toBe(413)
    expect(JSON.parse(over.text).error).toMatch(/larger than 1048576 bytes/)
    const within = await chunked(JSON.stringify({ name: 'Chunked', price: 1, type: 'Digital' }))
    expect(within.status).toBe(201)
    expect(JSON.parse(within.text).name).toBe('Chunked')
  })

  it("answers a body that breaks off (client gone, broken chunked framing) as the client's failure, logging no internal error", async () => {
    const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`
    const raw = (bytes: string, closeAfterWrite: boolean) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1')
        let answer = ''
        socket.on('connect', () => {
          socket.write(bytes)
          if (closeAfterWrite) setTimeout(() => socket.destroy(), 20)
        })
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')))
        socket.on('error', () => undefined)
        socket.on('close', () => resolve(answer))
      })
    const post = [
      'POST /api/v1/products HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${TEST_KEY}`,
      'Content-Type: application/json',
    ]
    const logged = emu.logs.length
    await raw(`${head([...post, 'Content-Length: 1000'])}{"name":"half`, true)
    await raw(`${head([...post, 'Transfer-Encoding: chunked'])}5\r\n{"nam\r\n`, true)
    const broken = await raw(
      `${head([...post, 'Transfer-Encoding: chunked', 'Connection: close'])}5\r\n{"nam\r\nzz\r\n`,
      false,
    )
    expect(broken).toMatch(/^HTTP\/1\.1 400 /)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(emu.logs.slice(logged).filter((line) => /internal error/.test(line))).toEqual([])
  })
})
