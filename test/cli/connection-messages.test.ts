import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { testEmulator } from '../helpers/emulator.js'
import { runCli, tmpConfigDir } from './run-cli.js'

const WRONG_KEY = 'sk_live_wrongwrongwrongwrongwxyz'

/** A config dir whose profile "staging" holds the given key, current. */
function profileWithKey(apiKey: string): string {
  const home = tmpConfigDir()
  mkdirSync(join(home, 'store'), { recursive: true })
  writeFileSync(
    join(home, 'store', 'config.json'),
    JSON.stringify({ current: 'staging', profiles: { staging: { baseUrl: 'http://emulator.test/api/v1', apiKey } } }),
  )
  return home
}

describe('a refused key', () => {
  it('names the profile it came from and shows its masked prefix and last 4', async () => {
    const emu = await testEmulator()
    const { code, stderr } = await runCli(['orders', 'list'], {
      app: emu.app,
      connect: false,
      env: { XDG_CONFIG_HOME: profileWithKey(WRONG_KEY) },
    })
    expect(code).toBe(4)
    expect(stderr).toMatch(
      /\nhint: the key sk_live_…wxyz \(from profile "staging"\) was refused: pass --api-key, set STORE_API_KEY, or run `store login`\.\n$/,
    )
    expect(stderr).not.toContain(WRONG_KEY)
  })

  it('names STORE_API_KEY, and says so when no key was sent at all', async () => {
    const emu = await testEmulator()
    const fromEnv = await runCli(['--base-url', 'http://emulator.test/api/v1', 'orders', 'list'], {
      app: emu.app,
      connect: false,
      env: { STORE_API_KEY: WRONG_KEY },
    })
    expect(fromEnv.stderr).toMatch(/hint: the key sk_live_…wxyz \(from STORE_API_KEY\) was refused/)
    const none = await runCli(['--base-url', 'http://emulator.test/api/v1', 'orders', 'list'], {
      app: emu.app,
      connect: false,
    })
    expect(none.code).toBe(4)
    expect(none.stderr).toMatch(/hint: no API key was sent: pass --api-key/)
  })
})

describe('--base-url', () => {
  it.each([
    ['localhost:4010', 'http://localhost:4010/api/v1'],
    ['127.0.0.1:4010/api/v1', 'http://127.0.0.1:4010/api/v1'],
  ])('%s without a scheme is a usage error (exit 2) saying what to write', async (given, write) => {
    const { code, stderr, requests } = await runCli(['--base-url', given, 'products', 'list'], {
      fetch: async () => {
        throw new Error('nothing may be sent')
      },
    })
    expect({ code, requests }).toEqual({ code: 2, requests: [] })
    expect(stderr).toBe(`error: --base-url: "${given}" has no scheme: write ${write}\n`)
  })

  it('names STORE_BASE_URL when the environment holds the bad value', async () => {
    const { code, stderr } = await runCli(['products', 'list'], { env: { STORE_BASE_URL: 'localhost:4010' } })
    expect(code).toBe(2)
    expect(stderr).toBe('error: STORE_BASE_URL: "localhost:4010" has no scheme: write http://localhost:4010/api/v1\n')
  })
})

/** Answers every request with the given status (and Retry-After), counting them. */
function failing(status: number, retryAfter?: string) {
  const seen: string[] = []
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    seen.push(init?.method ?? 'GET')
    return new Response(JSON.stringify({ error: 'overloaded' }), {
      status,
      headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
    })
  }
  return { fetch, seen }
}

describe('failures after retries', () => {
  it('a POST answered 503 is not retried, and the hint does not say it was', async () => {
    const { fetch, seen } = failing(503)
    const { code, stderr } = await runCli(
      [
        '--base-url',
        'http://x.test/api/v1',
        '--api-key',
        WRONG_KEY,
        'coupons',
        'create',
        '--code',
        'A',
        '--type',
        'fixed',
        '--value',
        '1',
      ],
      { fetch },
    )
    expect(code).toBe(6)
    expect(seen).toEqual(['POST'])
    expect(stderr).toBe(
      'error: overloaded\nhint: the API is busy or failing. The request was not retried (it may have been applied): check before sending it again.\n',
    )
  })

  it("a fault rule's 5xx on a write says the request was not applied, as the answer says", async () => {
    const emu = await testEmulator()
    const rule = await emu.request('/_emulator/faults', {
      method: 'POST',
      // 500: the documents list it for every write (a rule may answer any status; 503 is not listed there).
      json: { match: { method: 'POST', path: '/api/v1/coupons' }, status: 500 },
    })
    expect(rule.status).toBe(201)
    const { code, stderr } = await runCli(
      ['coupons', 'create', '--code', 'FAULTY', '--type', 'fixed', '--value', '1'],
      { app: emu.app },
    )
    expect(code, stderr).toBe(6)
    expect(stderr).toMatch(
      /^error: answered 500 by the fault rule \w+ \(0 more to fail; .*\); the request changed nothing\n/,
    )
    expect(stderr).toMatch(
      /\nhint: the API answered this failure without applying the request \(it says so\): send it again when you are ready\.\n$/,
    )
    expect((await emu.request('/api/v1/coupons/FAULTY')).status).toBe(404)
  })

  it('a GET answered 503 is retried and says how many times it was tried', async () => {
    const { fetch, seen } = failing(503)
    const { code, stderr } = await runCli(['--base-url', 'http://x.test/api/v1', 'coupons', 'list'], { fetch })
    expect(code).toBe(6)
    expect(seen).toHaveLength(4)
    expect(stderr).toMatch(/\nhint: the API is busy or failing; the request was tried 4 times\. Try again later\.\n$/)
  })

  it('says on stderr when it waits for a rate limit', async () => {
    const { fetch } = failing(429, '2')
    const { code, stderr, sleeps } = await runCli(['--base-url', 'http://x.test/api/v1', 'coupons', 'list'], { fetch })
    expect(code).toBe(6)
    expect(sleeps).toEqual([2000, 2000, 2000])
    expect(stderr.split('\n').filter((l) => l.startsWith('rate limited'))).toEqual([
      'rate limited (429): waiting 2 s as Retry-After asks, then retrying GET /coupons',
      'rate limited (429): waiting 2 s as Retry-After asks, then retrying GET /coupons',
      'rate limited (429): waiting 2 s as Retry-After asks, then retrying GET /coupons',
    ])
  })
})

describe('a base URL that is not the API', () => {
  it('says so for a redirect (the dashboard) and for https:// to a plain HTTP server', async () => {
    const emu = await testEmulator()
    const dashboard = await runCli(['products', 'list', '--base-url', 'http://emulator.test/_dashboard'], {
      app: emu.app,
    })
    expect(dashboard.stderr).toBe(
      "error: HTTP 303 See Other: a redirect to /_dashboard/login?next=%2F_dashboard%2Fproducts, not an API answer; the base URL must be the API's, ending in /api/v1 (e.g. http://127.0.0.1:4010/api/v1)\n",
    )
    // What Node's fetch throws when an https:// request meets a plain HTTP server.
    const tls = Object.assign(
      new Error('write EPROTO 80:error:0A00010B:SSL routines:ssl3_get_record:wrong version number'),
      {
        code: 'EPROTO',
      },
    )
    const plain = await runCli(['products', 'list', '--base-url', 'https://127.0.0.1:4010/api/v1', '--api-key', 'k'], {
      fetch: async () => {
        throw new TypeError('fetch failed', { cause: tls })
      },
    })
    expect(plain.code).toBe(7)
    expect(plain.stderr).toMatch(
      /^error: could not reach https:\/\/127\.0\.0\.1:4010\/api\/v1\/products: the server there does not speak TLS \(is it an http:\/\/ server, such as store serve without --tls-cert\?\): write the URL with http:\/\/\n/,
    )
  })
})

describe('a list answer without its list', () => {
  it('is shown field by field, not as a crash', async () => {
    const { code, stdout, stderr } = await runCli(
      ['--base-url', 'http://emulator.test/api/v1', '--api-key', WRONG_KEY, 'categories', 'list'],
      { fetch: async () => Response.json({ note: 'not a list' }) },
    )
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
    expect(stdout).toMatch(/note\s+not a list/i)
  })
})
