import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { describe, expect, it } from 'vitest'
import { createApiDocument, createControlDocument } from '../../src/contract/openapi/document.js'
import { honoPath } from '../../src/emulator/routes/route.js'
import { testEmulator } from '../helpers/emulator.js'
import { ResponseChecker } from '../helpers/openapi.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js')

/** `redocly lint` with the project's rules: its exit code and what it printed. */
function lint(files: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [REDOCLY, 'lint', '--config', join(ROOT, 'redocly.yaml'), ...files],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' } },
      // Its banner about Node 20 support (a box drawn with ║╔╚) is left out.
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          output: `${stdout}${stderr}`
            .split('\n')
            .filter((line) => !/[║╔╚]/.test(line))
            .join('\n'),
        }),
    )
  })
}

/** Storefront pages (HTML for browsers) that share the JSON storefront's paths; not part of the API. */
const PAGES = ['GET /storefront/:shop', 'GET /storefront/:shop/p/:id', 'GET /storefront/:shop/checkout']

describe('the OpenAPI documents', () => {
  it('are served without a key, name this emulator as their server, and lint clean with redocly', async () => {
    const emu = await testEmulator()
    const server = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server
    await new Promise((resolve) => server.once('listening', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const dir = mkdtempSync(join(tmpdir(), 'store-openapi-'))
    try {
      const api = await (await fetch(`${origin}/api/v1/openapi.json`)).json()
      const control = await (await fetch(`${origin}/_emulator/openapi.json`)).json()
      expect(api).toMatchObject({ openapi: '3.1.0', servers: [{ url: `${origin}/api/v1` }] })
      expect(control).toMatchObject({ openapi: '3.1.0', servers: [{ url: origin }] })
      expect(api).toEqual({ ...createApiDocument({ origin }) })
      expect(control).toEqual({ ...createControlDocument({ origin }) })
      writeFileSync(join(dir, 'api.json'), JSON.stringify(api))
      writeFileSync(join(dir, 'control.json'), JSON.stringify(control))
      const { code, output } = await lint([join(dir, 'api.json'), join(dir, 'control.json')])
      expect(output).toContain('Your API descriptions are valid')
      expect(output).not.toMatch(/warning|error/i)
      expect(code).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await emu.store.close()
    }
  })

  it('are made of every JSON route the app answers, and of no route it does not', async () => {
    const emu = await testEmulator()
    const answered = new Set(
      emu.app.routes
        .filter((r) => r.method !== 'ALL' && /^\/(?:api\/v1|_emulator|storefront)\//.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    )
    for (const page of PAGES) answered.delete(page)
    const described = new Set<string>()
    for (const [prefix, document] of [
      ['/api/v1', createApiDocument()],
      ['', createControlDocument()],
    ] as const) {
      for (const [template, item] of Object.entries(document.paths ?? {}))
        for (const method of Object.keys(item as object))
          described.add(`${method.toUpperCase()} ${prefix}${honoPath(template)}`)
    }
    expect([...answered].filter((r) => !described.has(r))).toEqual([])
    expect([...described].filter((r) => !answered.has(r))).toEqual([])
  })

  it('refuse query parameters they do not take, like every list', async () => {
    const emu = await testEmulator()
    const res = await emu.request('/api/v1/openapi.json?format=yaml')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: 'format: is not a known field',
      errors: [{ field: 'format', message: 'is not a known field' }],
    })
  })
})

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } })

describe('the response check of the tests', () => {
  const checker = new ResponseChecker()
  const coupon = {
    id: 'cpn_1',
    code: 'A',
    type: 'fixed',
    value: 1,
    usageLimit: null,
    usedCount: 0,
    minAmount: null,
    expiresAt: null,
    active: true,
    createdAt: '2026-06-01T12:00:00.000Z',
    updatedAt: '2026-06-01T12:00:00.000Z',
  }

  it('passes an answer that matches the document', async () => {
    await checker.check('GET', '/api/v1/coupons/cpn_1', json(200, coupon))
    await checker.check('GET', '/_dashboard/api/v1/coupons/cpn_1', json(200, coupon))
    await checker.check('GET', '/api/v1/coupons/cpn_9', json(404, { error: 'coupon not found: cpn_9' }))
    await checker.check('GET', '/api/v1/nowhere', json(404, { error: 'not found' }))
  })

  it.each([
    [
      'a field of the wrong type',
      'GET',
      '/api/v1/coupons/cpn_1',
      json(200, { ...coupon, value: '1' }),
      'OpenAPI drift: GET /api/v1/coupons/{id} → 200: /value: must be number',
    ],
    [
      'a missing field',
      'GET',
      '/api/v1/coupons/cpn_1',
      json(200, { ...coupon, code: undefined }),
      'OpenAPI drift: GET /api/v1/coupons/{id} → 200: /code: is required by the document but missing',
    ],
    [
      'a status the route does not list',
      'DELETE',
      '/api/v1/coupons/cpn_1',
      json(202, { success: true }),
      'OpenAPI drift: DELETE /api/v1/coupons/{id} answered 202, which the document does not list for it (it lists 200, 401, 403, 404, 409, 429, 500)',
    ],
    [
      'an error body of another shape',
      'POST',
      '/_emulator/shops',
      json(409, { message: 'taken' }),
      'OpenAPI drift: POST /_emulator/shops → 409: /error: is required by the document but missing',
    ],
    [
      'a content type the status does not list',
      'GET',
      '/api/v1/coupons',
      json(200, { coupons: [] }, 'text/plain'),
      'OpenAPI drift: GET /api/v1/coupons answered 200 as text/plain, but the document lists application/json',
    ],
    [
      'a route the document does not have',
      'GET',
      '/_emulator/nowhere',
      json(200, {}),
      'OpenAPI drift: GET /_emulator/nowhere answered 200, but the document does not describe this route',
    ],
  ])('fails on %s, naming the route, the status and the field', async (_what, method, path, res, message) => {
    await expect(checker.check(method, path, res)).rejects.toThrow(message)
  })
})
