import { connect } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { E2E_KEY, ensureBuilt, startServe, tmpFolder, type ServeProcess } from '../e2e/serve-process.js'
import { scaled } from '../helpers/time-scale.js'

/**
 * What Node's HTTP parser refuses before the app sees it (a URL and headers past 16 KB, bytes that
 * are not HTTP) is answered as every other refusal is: a 4xx with a JSON `error` saying what to do.
 */
describe('requests store serve cannot parse', () => {
  const { dir, remove } = tmpFolder('store-client-errors-')
  let serveProcess: ServeProcess
  beforeAll(async () => {
    ensureBuilt()
    serveProcess = await startServe(['--port', '0', '--db', join(dir, 'db.json'), '--api-key', E2E_KEY, '--quiet'])
  }, scaled(60_000))
  afterAll(async () => {
    await serveProcess?.stop()
    remove()
  })

  /** Writes `text` on a new connection; the whole answer once the server closes it. */
  function rawAnswer(text: string): Promise<string> {
    const { port } = new URL(serveProcess.origin)
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(text))
      let answer = ''
      socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk))
      socket.on('error', reject)
      socket.on('close', () => resolve(answer))
    })
  }

  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { error: string }

  it('answers a URL and headers past 16 KB with 431 and a JSON error', async () => {
    const res = await fetch(`${serveProcess.origin}/api/v1/products?q=${'a'.repeat(20_000)}`, {
      headers: { authorization: `Bearer ${E2E_KEY}` },
    })
    expect(res.status).toBe(431)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await res.json()).toEqual({
      error:
        "the request's URL and headers are larger than the 16 KB the server reads: send a shorter URL (fewer query parameters) or fewer headers",
    })
  })

  it('answers bytes that are not HTTP with 400 and a JSON error, and goes on serving', async () => {
    const answer = await rawAnswer('GET /api/v1/products HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(answer).toMatch(/\r\nContent-Type: application\/json; charset=UTF-8\r\n/)
    expect(bodyOf(answer).error).toBe(
      'the request is not valid HTTP/1.1: check the request line, the headers, Content-Length and Transfer-Encoding',
    )
    const next = await fetch(`${serveProcess.origin}/api/v1/products?limit=1`, {
      headers: { authorization: `Bearer ${E2E_KEY}` },
    })
    expect(next.status).toBe(200)
  })
})
