// Shared pieces of the browser tests: the emulator on a real port, a second origin serving the
// embed example, a webhook receiver, and Debian's chromium driven by playwright-core.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { testEmulator } from '../helpers/emulator.js'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const SCREENSHOTS = new URL('../../test-output/screenshots/', import.meta.url).pathname
const EXAMPLE = new URL('../../fixtures/embed-example.html', import.meta.url).pathname
/** The emulator origin written in the example page, replaced with the test's own. */
const EXAMPLE_ORIGIN = 'http://127.0.0.1:4010'

function listen(server: Server | ServerType): Promise<string> {
  return new Promise((resolve) => {
    const s = server as Server
    const done = () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)
    if (s.listening) done()
    else s.once('listening', done)
  })
}

function close(server: Server | ServerType): Promise<void> {
  return new Promise((resolve) => {
    const s = server as Server
    s.closeAllConnections?.()
    s.close(() => resolve())
  })
}

/** The emulator in-process (demo seed, fixed clock, real network for webhooks) on 127.0.0.1:0. */
export async function startEmulatorServer() {
  const emu = await testEmulator({ fetch: globalThis.fetch })
  const server = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' })
  const origin = await listen(server)
  return {
    emu,
    origin,
    close: async () => {
      await close(server)
      await emu.store.close()
    },
  }
}

/** fixtures/embed-example.html on its own origin (another port: a foreign origin to the emulator). */
export async function startExampleSite(emulatorOrigin: string) {
  const html = readFileSync(EXAMPLE, 'utf8').replaceAll(EXAMPLE_ORIGIN, emulatorOrigin)
  const server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(html)
    } else {
      res.writeHead(404).end()
    }
  }).listen(0, '127.0.0.1')
  const origin = await listen(server)
  return { origin, close: () => close(server) }
}

export interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** A webhook receiver on 127.0.0.1:0 that answers 200 and records every request. */
export async function startReceiver() {
  const received: Received[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ received: true, count: received.length }))
    })
  }).listen(0, '127.0.0.1')
  const origin = await listen(server)
  return { url: `${origin}/hooks`, received, close: () => close(server) }
}

/** Debian's chromium with a fresh profile; `close` removes the profile. */
export async function launchBrowser(
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'store-browser-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport,
  })
  return {
    context,
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** Fails the test on any script error or CSP violation of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (
      message.type() === 'error' &&
      !/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
    )
      errors.push(`console: ${message.text()}`)
  })
  return errors
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** Logs the page's context in to the dashboard with the test key. */
export async function logIn(page: Page, origin: string, key: string): Promise<void> {
  await page.goto(`${origin}/_dashboard`)
  await page.fill('#key', key)
  await Promise.all([page.waitForURL(`${origin}/_dashboard`), page.click('button[type="submit"]')])
}
