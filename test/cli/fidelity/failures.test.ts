import { hasOpenssl, selfSignedCertificate } from '../../helpers/certificate.js'
import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { httpFetch } from '../../../src/cli/http-fetch.js'
import { cleanups, folder, runCliTo, startProxyCli, TEST_KEY } from './harness.js'
import { harEntry, harText } from '../../helpers/har-entries.js'

const entry = harEntry()
const har = harText

describe('store drift refuses what is not a recording', () => {
  it.each([
    [
      'not JSON',
      'GET /products',
      /^error: bad\.har is not a HAR file: it is not JSON \(.+\); record one with store proxy --record\n$/,
    ],
    [
      'not HAR',
      '{"entries":[]}',
      /^error: bad\.har is not a HAR file: log: .+; record it again with store proxy --record\n$/,
    ],
    [
      'a damaged entry',
      har([entry, { ...entry, response: { ...entry.response, status: 'OK' } }]),
      /^error: bad\.har is damaged at entry 1: log\.entries\[1\]\.response\.status: .+; record it again with store proxy --record\n$/,
    ],
  ])('%s: exit 2 naming the file and the entry', async (_what, text, message) => {
    const dir = folder()
    writeFileSync(join(dir, 'bad.har'), text)
    const run = await runCliTo(['drift', 'bad.har', '--api-key', TEST_KEY], dir)
    expect(run).toMatchObject({ code: 2, stdout: '' })
    expect(run.stderr).toMatch(message)
  })
})

describe('store proxy and store pull check the hosted URL as --base-url is checked', () => {
  it.each([
    [
      ['proxy', '--upstream', 'shop.example.com'],
      '--upstream: "shop.example.com" has no scheme: write https://shop.example.com/api/v1',
    ],
    [
      ['pull', '--from', 'ftp://x', '--api-key', TEST_KEY],
      '--from: "ftp://x" is not an http(s) URL: write it like https://shop.example.com/api/v1',
    ],
  ])('%j: exit 2 saying what to write', async (argv, message) => {
    const run = await runCliTo(argv, folder())
    expect(run).toEqual({ code: 2, stdout: '', stderr: `error: ${message}\n` })
  })
})

describe('store proxy when the upstream fails', () => {
  it('answers 502 with what to check when the upstream does not answer', async () => {
    const dir = folder()
    const closed = createServer()
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => resolve((closed.address() as AddressInfo).port)),
    )
    await new Promise((resolve) => closed.close(resolve))
    const proxy = await startProxyCli(['--upstream', `http://127.0.0.1:${port}`, '--record', 'none.har'], dir)
    const res = await httpFetch(`${proxy.api}/products`, { headers: { authorization: `Bearer ${TEST_KEY}` } })
    expect(res.status).toBe(502)
    const { error } = (await res.json()) as { error: string }
    expect(error).toMatch(
      /^store proxy: the upstream http:\/\/127\.0\.0\.1:\d+\/api\/v1 gave no answer \(.*ECONNREFUSED.*\): check --upstream/,
    )
    expect(proxy.stderr()).toContain(error)
    proxy.stop()
    expect(await proxy.done).toBe(0)
    expect(JSON.parse(readFileSync(join(dir, 'none.har'), 'utf8')).log.entries).toEqual([])
  })

  it.skipIf(!hasOpenssl)('answers 502 naming the TLS failure when the certificate is not trusted', async () => {
    const dir = folder()
    const { key, cert } = selfSignedCertificate(dir)
    const server: Server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) =>
      res.end('{}'),
    )
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    )
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())))
    const proxy = await startProxyCli(['--upstream', `https://127.0.0.1:${port}/api/v1`], dir)
    const res = await httpFetch(`${proxy.api}/products`)
    expect(res.status).toBe(502)
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^store proxy: the TLS connection to https:\/\/127\.0\.0\.1:\d+\/api\/v1 failed \(\w+\): check the upstream's certificate/,
    )
    proxy.stop()
    await proxy.done
  })
})
