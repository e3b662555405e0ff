import { readFileSync, readdirSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { MAX_RECORDED_BODY } from '../../../src/cli/fidelity/har-recorder.js'
import { httpFetch } from '../../../src/cli/http-fetch.js'
import { cleanups, folder, startProxyCli, TEST_KEY, until } from './harness.js'

/**
 * `store proxy` under hostile input: keys however encoded and wherever sent never reach the
 * recording; the recording is valid HAR after every exchange and keeps a long body cut, saying so;
 * a gzip answer is relayed as it came and recorded decoded; an answer too large to relay is a 502
 * that says so.
 */

/** A hosted key that does not look like one: only where it was sent tells the proxy it is a key. */
const HOSTED_SECRET = 'hosted-9f8e7d6c5b4a39281706'

/** Each character of `text` as a %XX escape: what a client that encodes everything sends. */
const encodeAll = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')

/** `text` with runs of escapes decoded `rounds` times over, as a reader of the file could. */
function decodedFully(text: string, rounds = 5): string {
  let out = text
  for (let i = 0; i < rounds; i++)
    out = out.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run)
      } catch {
        return run
      }
    })
  return out
}

/** An upstream on 127.0.0.1 that answers as `answer` says; by default it echoes the request. */
async function upstream(
  answer: (req: IncomingMessage, body: string, res: ServerResponse) => void = (req, body, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ url: req.url, headers: req.headers, body })),
): Promise<string> {
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
    req.on('end', () => answer(req, body, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
}

describe('store proxy masks every key in the recording', () => {
  it.each([
    [
      'a key encoded once and twice in one URL',
      TEST_KEY,
      (k: string) => ({
        query: `a=${encodeAll(k)}&b=${encodeAll(encodeAll(k))}`,
        headers: { authorization: 'Bearer sk_live_somethingelse0000000000' },
      }),
    ],
    [
      'a key encoded once and twice in the path',
      TEST_KEY,
      (k: string) => ({ path: `/products/${encodeAll(k)}/${encodeAll(encodeAll(k))}`, headers: {} }),
    ],
    [
      'X-Api-Key, in the query and the body',
      HOSTED_SECRET,
      (k: string) => ({ query: `key=${k}`, headers: { 'x-api-key': k }, body: `{"note":"${k}"}` }),
    ],
    [
      'X-Api-Key, encoded in the query',
      HOSTED_SECRET,
      (k: string) => ({ query: `key=${encodeAll(encodeAll(k))}`, headers: { 'x-api-key': k } }),
    ],
    [
      'Authorization: Token, in the query and the body',
      HOSTED_SECRET,
      (k: string) => ({ query: `key=${k}`, headers: { authorization: `Token ${k}` }, body: `{"note":"${k}"}` }),
    ],
    [
      'Authorization: Token, encoded in the path',
      HOSTED_SECRET,
      (k: string) => ({ path: `/products/${encodeAll(k)}`, headers: { authorization: `Token ${k}` } }),
    ],
    [
      'a bearer key echoed in the answer',
      HOSTED_SECRET,
      (k: string) => ({ headers: { authorization: `Bearer ${k}` }, body: `{"note":"${encodeAll(k)}"}` }),
    ],
    ['a key-shaped key in a header of no known name', TEST_KEY, (k: string) => ({ headers: { 'x-custom': k } })],
  ])('%s', async (_what, key, request) => {
    const dir = folder()
    const api = await upstream()
    const proxy = await startProxyCli(['--upstream', api, '--record', 'keys.har'], dir)
    const r = request(key) as { path?: string; query?: string; headers: Record<string, string>; body?: string }
    const url = `${proxy.api}${r.path ?? '/products'}${r.query ? `?${r.query}` : ''}`
    const res = await httpFetch(url, {
      method: r.body ? 'POST' : 'GET',
      headers: { ...r.headers, ...(r.body ? { 'content-type': 'application/json' } : {}) },
      body: r.body,
    })
    expect(res.status).toBe(200)
    await res.text()
    proxy.stop()
    // The echo's answers are not the API's: the proxy reports them, and exits 1.
    await proxy.done
    const text = readFileSync(join(dir, 'keys.har'), 'utf8')
    const har = JSON.parse(text)
    expect(har.log.entries).toHaveLength(1)
    const middle = key.slice(8, -4)
    for (const form of [text, decodedFully(text), decodedFully(JSON.stringify(JSON.parse(text)))])
      expect(form).not.toContain(middle)
  })
})

describe('store proxy records entry by entry', () => {
  it('leaves a valid HAR, owner-only, after every exchange, and no other file', async () => {
    const dir = folder()
    const api = await upstream()
    const proxy = await startProxyCli(['--upstream', api, '--record', 'live.har'], dir)
    const path = join(dir, 'live.har')
    for (let n = 1; n <= 5; n++) {
      const res = await httpFetch(`${proxy.api}/products?n=${n}`)
      await res.text()
      // The entry is in the file once its answer has come: no flush, no stop needed.
      const har = JSON.parse(readFileSync(path, 'utf8'))
      expect(har.log.entries.map((e: { request: { url: string } }) => new URL(e.request.url).search)).toEqual(
        Array.from({ length: n }, (_, i) => `?n=${i + 1}`),
      )
    }
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir)).toEqual(['live.har'])
    proxy.stop()
    await proxy.done
    expect(JSON.parse(readFileSync(path, 'utf8')).log.entries).toHaveLength(5)
  })

  it('keeps the start of a long answer and says it was cut', async () => {
    const dir = folder()
    const long = JSON.stringify({ products: [], note: 'x'.repeat(MAX_RECORDED_BODY + 1000) })
    const api = await upstream((_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(long),
    )
    const proxy = await startProxyCli(['--upstream', api, '--record', 'long.har'], dir)
    const res = await httpFetch(`${proxy.api}/products`)
    expect(await res.text()).toBe(long)
    proxy.stop()
    await proxy.done
    const [entry] = JSON.parse(readFileSync(join(dir, 'long.har'), 'utf8')).log.entries
    expect(entry.response.content).toMatchObject({
      size: long.length,
      text: long.slice(0, MAX_RECORDED_BODY),
      comment: `store proxy kept the first ${MAX_RECORDED_BODY} characters of this ${long.length}-byte body`,
    })
  })
})

describe('store proxy relays answers as they came, within a bound', () => {
  it('relays a gzip answer with its Content-Encoding and records it decoded', async () => {
    const dir = folder()
    const json = JSON.stringify({ coupons: [] })
    const gzipped = gzipSync(json)
    const api = await upstream((_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipped),
    )
    const proxy = await startProxyCli(['--upstream', api, '--record', 'gzip.har'], dir)
    const res = await httpFetch(`${proxy.api}/coupons`, { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const relayed = Buffer.from(await new Response(res.body).arrayBuffer())
    expect(relayed.equals(gzipped)).toBe(true)
    proxy.stop()
    expect(await proxy.done).toBe(0)
    const [entry] = JSON.parse(readFileSync(join(dir, 'gzip.har'), 'utf8')).log.entries
    expect(entry.response.content).toEqual({
      size: json.length,
      mimeType: 'application/json',
      text: json,
      comment: `decoded from gzip (${gzipped.length} bytes as sent)`,
    })
    expect(entry.response.headers).toContainEqual({ name: 'content-encoding', value: 'gzip' })
  })

  it('relays a 401 whose body is not JSON as it came, and says which key to check', async () => {
    const dir = folder()
    const api = await upstream((_req, _body, res) =>
      res.writeHead(401, { 'content-type': 'text/html' }).end('<h1>Unauthorized</h1>'),
    )
    const proxy = await startProxyCli(['--upstream', api], dir)
    const res = await httpFetch(`${proxy.api}/coupons`)
    expect(res.status).toBe(401)
    expect(res.headers.get('content-type')).toBe('text/html')
    expect(await res.text()).toBe('<h1>Unauthorized</h1>')
    expect(proxy.stderr()).toContain(`store proxy: ${api} refused the key (401): check the key your client sends`)
    proxy.stop()
    await proxy.done
  })

  it('records an answer that is not text as base64, saying so', async () => {
    const dir = folder()
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x81])
    const api = await upstream((_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes),
    )
    const proxy = await startProxyCli(['--upstream', api, '--record', 'bin.har'], dir)
    const res = await httpFetch(`${proxy.api}/products`)
    expect(Buffer.from(await new Response(res.body).arrayBuffer()).equals(bytes)).toBe(true)
    proxy.stop()
    await proxy.done
    const [entry] = JSON.parse(readFileSync(join(dir, 'bin.har'), 'utf8')).log.entries
    expect(entry.response.content).toMatchObject({ text: bytes.toString('base64'), encoding: 'base64', size: 5 })
  })

  it('answers 502 saying so when the answer is larger than it relays, and stays usable', async () => {
    const dir = folder()
    const { MAX_RELAYED_BYTES } = await import('../../../src/cli/fidelity/upstream.js')
    const chunk = Buffer.alloc(1024 * 1024, 0x78)
    let chunksSent = 0
    const api = await upstream((req, _body, res) => {
      if (req.url?.startsWith('/api/v1/coupons'))
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"coupons":[]}')
      res.writeHead(200, { 'content-type': 'application/json' })
      // An endless answer: written as fast as the proxy reads it.
      const more = () => {
        while (!res.destroyed && res.write(chunk)) chunksSent++
        if (!res.destroyed) res.once('drain', more)
      }
      res.on('close', () => undefined)
      more()
    })
    const proxy = await startProxyCli(['--upstream', api, '--record', 'big.har'], dir)
    const started = performance.now()
    const res = await httpFetch(`${proxy.api}/products`)
    expect(res.status).toBe(502)
    expect(await res.json()).toEqual({
      error: `store proxy: the answer of ${api}/products is larger than ${MAX_RELAYED_BYTES} bytes, more than store proxy relays; ask for less at once (a smaller limit, a narrower query)`,
    })
    expect(performance.now() - started).toBeLessThan(20_000)
    expect(chunksSent * chunk.length).toBeLessThan(MAX_RELAYED_BYTES * 2)
    expect((await httpFetch(`${proxy.api}/coupons`)).status).toBe(200)
    await until(() => (proxy.stderr().includes('larger than') ? true : undefined), 'the line')
    proxy.stop()
    expect(await proxy.done).toBe(0)
  })
})
