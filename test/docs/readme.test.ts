// The manual (README.md and docs/): every shell and TypeScript block of every page runs as written
// against one real `store serve`, started as the quick start starts it (docs/development.md,
// "The manual is tested").
import { execFile, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { transformSync } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuilt, ROOT, startServe, type ServeProcess } from '../e2e/serve-process.js'
import { scaled } from '../helpers/time-scale.js'
import {
  APP_ADDRESS,
  type Block,
  conventionProblems,
  EMULATOR_ADDRESS,
  isKnownFlag,
  isRunnable,
  manualBlocks,
  type PLACEHOLDERS,
  TAKEN_PORTS,
  where,
} from './readme-blocks.js'

const run = promisify(execFile)
/** How long one block may take: a block of twenty commands took 20 s on a 2-core machine at load 15. */
const BLOCK_TIMEOUT_MS = scaled(90_000)
const blocks = manualBlocks(ROOT)
const runnable = blocks.filter(isRunnable)

let dir: string
let server: ServeProcess
let app: Server
let appAddress: string
let env: Record<string, string>
const holders: Server[] = []

const folderOf = (name: string) => join(dir, name)

/** A block's text with the test's emulator and app in place of the README's addresses. */
function filled(text: string): string {
  return text
    .replaceAll(EMULATOR_ADDRESS, server.origin.replace(/^https?:\/\//, ''))
    .replaceAll(APP_ADDRESS, appAddress)
}

/**
 * Holds a port the reader has in use, as their own emulator or app would: a request that reaches it
 * is answered 503 saying so. Taken already (by anything): as good.
 */
async function hold(port: number): Promise<void> {
  const holder = createServer((request, response) => {
    request.resume()
    response
      .writeHead(503, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: `port ${port} is held by the docs test: a block reached a fixed port` }))
  })
  const held = await new Promise<boolean>((resolve) => {
    holder.once('error', () => resolve(false))
    holder.listen(port, '127.0.0.1', () => resolve(true))
  })
  if (held) holders.push(holder)
}

/** Whether something listens on the port of 127.0.0.1 (it cannot be bound). */
async function isTaken(port: number): Promise<boolean> {
  const probe = createServer()
  return new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(true))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)))
  })
}

beforeAll(async () => {
  ensureBuilt()
  for (const port of TAKEN_PORTS) await hold(port)
  dir = mkdtempSync(join(tmpdir(), 'store-readme-'))
  for (const name of ['home', 'config', 'shop', 'work', 'ts']) mkdirSync(folderOf(name))
  // A curl of a block fails on an HTTP error status, as a command of the CLI does.
  writeFileSync(join(folderOf('home'), '.curlrc'), '--fail-with-body\n--silent\n--show-error\n')
  // "Your app": answers every request (webhooks, forwarded events) with 200.
  app = createServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
  })
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  appAddress = `127.0.0.1:${(app.address() as AddressInfo).port}`
  // The quick start's `store serve`, on a free port instead of 4010, with a config of its own; it
  // saves its key as the profile `local`, as the quick start's does on the default port.
  const port = await freePort()
  server = await startServe(['--port', String(port), '--profile', 'local', '--quiet'], {
    env: { HOME: folderOf('home'), XDG_CONFIG_HOME: folderOf('config') },
    cwd: folderOf('shop'),
  })
  const config = JSON.parse(readFileSync(join(folderOf('config'), 'store', 'config.json'), 'utf8'))
  const placeholders: Record<(typeof PLACEHOLDERS)[number], string> = { KEY: config.profiles.local.apiKey }
  env = {
    PATH: `${join(ROOT, 'bin')}:${process.env.PATH}`,
    HOME: folderOf('home'),
    XDG_CONFIG_HOME: folderOf('config'),
    NO_COLOR: '1',
    ...placeholders,
  }
}, scaled(60_000))

afterAll(async () => {
  await server?.stop()
  app?.close()
  for (const holder of holders) holder.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** The PATH of a new terminal: without the clone's `bin/` (nor the `node_modules/.bin` npm adds). */
const newTerminalPath = () =>
  (process.env.PATH ?? '')
    .split(':')
    .filter((p) => p !== join(ROOT, 'bin') && !p.endsWith(join('node_modules', '.bin')))
    .join(':')

/**
 * A `new-terminal` block runs as a reader pastes it into a second terminal: in the clone's folder,
 * with that terminal's PATH, where `store` is not found until the block puts it there.
 */
async function runShell(block: Block): Promise<void> {
  const newTerminal = block.flags.includes('new-terminal')
  // Set inside the script: bash reads /etc/bash.bashrc first when its stdin is a socket, as Node's pipes are.
  const result = await run('bash', ['-c', `set -euo pipefail\n${filled(block.text)}`], {
    cwd: newTerminal ? ROOT : folderOf('work'),
    env: newTerminal ? { ...env, PATH: newTerminalPath() } : env,
    timeout: BLOCK_TIMEOUT_MS,
  }).catch((error: { code: number; stdout: string; stderr: string }) => error)
  if ('code' in result && result.code !== 0)
    throw new Error(`${where(block)}: exit ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`)
}

/**
 * A `long-running` block: every line starts (each in a folder of its own), keeps running without
 * an error until it is stopped with Ctrl+C, and then exits.
 */
async function runLongRunning(block: Block): Promise<void> {
  const lines = filled(block.text)
    .split('\n')
    .filter((l) => l.trim() && !l.trim().startsWith('#'))
  await Promise.all(
    lines.map(async (line, i) => {
      const cwd = join(folderOf('work'), `long-${blocks.indexOf(block)}-${i}`)
      mkdirSync(cwd)
      for (const f of readdirSync(folderOf('work'), { withFileTypes: true }))
        if (f.isFile()) writeFileSync(join(cwd, f.name), readFileSync(join(folderOf('work'), f.name)))
      const child = spawn('bash', ['-c', line], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      let err = ''
      child.stdout.on('data', (c) => (out += c))
      child.stderr.on('data', (c) => (err += c))
      const exited = new Promise<number | string>((resolve) =>
        child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
      )
      const started = Date.now()
      let early: number | string | undefined
      void exited.then((code) => (early = code))
      while (early === undefined && Date.now() - started < scaled(8_000) && !(out || err)) await delay(50)
      await delay(500)
      const failure = `${where(block)}: \`${line}\``
      expect(early, `${failure} ended by itself\nstdout:\n${out}\nstderr:\n${err}`).toBeUndefined()
      process.kill(-child.pid!, 'SIGINT')
      const code = await exited
      expect(err, `${failure} wrote an error\nstdout:\n${out}`).not.toMatch(/^error:/m)
      expect([0, 130, 'SIGINT'], `${failure} exited ${code} on Ctrl+C\nstderr:\n${err}`).toContain(code)
    }),
  )
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the manual', () => {
  it('holds runnable blocks that follow the convention (docs/development.md)', () => {
    expect(runnable.length).toBeGreaterThan(5)
    expect(blocks.filter(isRunnable).flatMap(conventionProblems)).toEqual([])
    for (const b of blocks)
      if (b.lang === 'sh' || b.lang === 'ts')
        expect(b.flags.every(isKnownFlag), `${where(b)}: unknown flag ${b.flags}`).toBe(true)
  })

  it(`runs while ports ${TAKEN_PORTS.join(', ')} are taken, as on a reader's machine`, async () => {
    for (const port of TAKEN_PORTS) expect(await isTaken(port), `port ${port}`).toBe(true)
  })

  it('has a new-terminal block, and no `store` on the PATH of a new terminal', async () => {
    expect(runnable.some((b) => b.flags.includes('new-terminal'))).toBe(true)
    const found = await run('bash', ['-c', 'command -v store'], {
      cwd: ROOT,
      env: { ...env, PATH: newTerminalPath() },
    }).catch((error: { code: number }) => error)
    expect('code' in found && found.code).toBe(1)
  })

  it("runs the predicate of events.waitFor's JSDoc example in a TypeScript block", () => {
    const source = readFileSync(join(ROOT, 'src', 'client', 'emulator.ts'), 'utf8')
    const example = /@example const paid = await client\.emulator\.events\.waitFor\('order:paid', (.+?), \{/.exec(
      source,
    )
    expect(example?.[1]).toBe('(e) => e.data.uniqid === order.id')
    expect(runnable.some((b) => b.lang === 'ts' && b.text.includes(`waitFor('order:paid', ${example![1]}`))).toBe(true)
  })

  /** A block that is a file (`file=NAME`) is written to the working folder before the blocks after it run. */
  const fileNameOf = (b: Block) => b.flags.find((f) => f.startsWith('file='))?.slice('file='.length)
  const writeFilesBefore = (block: Block) => {
    for (const b of blocks.slice(0, blocks.indexOf(block))) {
      const name = fileNameOf(b)
      if (name) writeFileSync(join(folderOf('work'), name), `${filled(b.text)}\n`)
    }
  }

  const shell = runnable.filter((b) => b.lang === 'sh')
  it.each(shell.map((b) => [where(b), b] as const))(
    '%s (sh) runs as written',
    async (_name, block) => {
      writeFilesBefore(block)
      if (block.flags.includes('long-running')) await runLongRunning(block)
      else await runShell(block)
    },
    BLOCK_TIMEOUT_MS + 5_000,
  )

  const typescript = runnable.filter((b) => b.lang === 'ts')
  /** The file a ts block is: the name its first line gives (`// checkout.test.ts`), else one of its line. */
  const fileOf = (b: Block) => /^\/\/ (\S+\.ts)\b/.exec(b.text)?.[1] ?? `${b.page.replace(/\W+/g, '-')}-${b.line}.ts`
  const isTestFile = (b: Block) => /\.test\.ts$|^vitest\./.test(fileOf(b))

  it(
    'has TypeScript blocks that compile under module nodenext',
    async () => {
      const ts = folderOf('ts')
      mkdirSync(join(ts, 'node_modules'))
      for (const name of readdirSync(join(ROOT, 'node_modules')))
        symlinkSync(join(ROOT, 'node_modules', name), join(ts, 'node_modules', name))
      symlinkSync(ROOT, join(ts, 'node_modules', 'online-store-cli'))
      writeFileSync(join(ts, 'package.json'), JSON.stringify({ type: 'module', private: true }))
      writeFileSync(
        join(ts, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: ['node'] },
          include: ['*.ts'],
        }),
      )
      for (const b of typescript) writeFileSync(join(ts, fileOf(b)), filled(b.text))
      const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
      const checked = await run(process.execPath, [tsc, '-p', ts], { cwd: ts }).catch(
        (error: { stdout: string }) => error,
      )
      expect(checked.stdout).toBe('')
    },
    scaled(60_000),
  )

  it.each(typescript.filter((b) => !isTestFile(b)).map((b) => [where(b), b] as const))(
    '%s (ts) runs against the emulator',
    async (_name, block) => {
      const ts = folderOf('ts')
      const js = join(ts, fileOf(block).replace(/\.ts$/, '.mjs'))
      writeFileSync(js, transformSync(filled(block.text), { loader: 'ts', format: 'esm' }).code)
      const result = await run(process.execPath, [js], {
        cwd: ts,
        env: { ...env, STORE_API_KEY: env.KEY },
      }).catch((error: { code: number; stderr: string }) => error)
      expect('code' in result ? `exit ${result.code}: ${result.stderr}` : 'ok').toBe('ok')
    },
  )

  it(
    'has test-file blocks that pass under vitest',
    async () => {
      const ts = folderOf('ts')
      // The files a test reads (`file=NAME` blocks: a seed, a fixtures file) beside the tests.
      for (const b of blocks) {
        const name = fileNameOf(b)
        if (name) writeFileSync(join(ts, name), `${filled(b.text)}\n`)
      }
      const tests = typescript.filter(isTestFile).map(fileOf)
      const setup = tests.filter((f) => f.startsWith('vitest.global-setup'))
      writeFileSync(
        join(ts, 'vitest.config.mjs'),
        `export default { test: { include: ['*.test.ts'], globalSetup: ${JSON.stringify(setup.map((f) => `./${f}`))} } }\n`,
      )
      const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs')
      const result = await run(process.execPath, [vitest, 'run', '--root', ts], { cwd: ts, env }).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
      expect('code' in result ? `exit ${result.code}\n${result.stdout}\n${result.stderr}` : 'ok').toBe('ok')
      expect(result.stdout).toMatch(new RegExp(`Test Files +${tests.length - setup.length} passed`))
    },
    scaled(60_000),
  )
})
