// The package as a user gets it: packed, installed into fresh apps (ES modules and CommonJS), its
// types checked and its client, CLI and the README's MSW example run there. Offline: the
// dependencies are linked from this project's node_modules, so npm fetches nothing.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scaled } from '../helpers/time-scale.js'

const run = promisify(execFile)
const ROOT = resolve(import.meta.dirname, '../..')
const MODULES = join(ROOT, 'node_modules')
const KEY = 'sk_live_package_test_key_000000000000'
/** What the apps install besides the package: its dependencies, msw for the handlers, and the tools. */
const LINKED = [
  'zod',
  'zod-openapi',
  'commander',
  'chalk',
  'hono',
  '@hono/node-server',
  '@noble/hashes',
  '@inquirer/prompts',
  'msw',
  'typescript',
  '@types/node',
  'vitest',
]

let work: string
let tarball: string

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'store-package-'))
  await run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT })
  tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!)
}, scaled(120_000))

afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The manual's MSW example (docs/library.md), as a user would paste it into a test file (it imports what it uses). */
function readmeMswExample(): string {
  const readme = readFileSync(join(ROOT, 'docs', 'library.md'), 'utf8')
  const start = readme.indexOf('```ts', readme.indexOf('**MSW**')) + '```ts\n'.length
  return readme.slice(start, readme.indexOf('```', start))
}

const clientScript = (body: string, isEsm: boolean) =>
  isEsm ? body : `async function main(): Promise<void> {\n${body}\n}\nvoid main()\n`

const CLIENT = `import { StoreClient, StoreError, type Product, type ProductList } from 'online-store-cli'
const client = new StoreClient({ baseUrl: process.env.STORE_BASE_URL, apiKey: process.env.STORE_API_KEY })
`
const CLIENT_BODY = `  const product: Product = await client.products.create({ name: 'Key', price: 5, type: 'Serial' })
  const again: Product = await client.products.get(product.productId)
  const page: ProductList = await client.products.list({ limit: 250 })
  let refused = 0
  try {
    await client.coupons.create({ code: 'X', type: 'percentage', value: 150 })
  } catch (error) {
    if (error instanceof StoreError) refused = error.status
  }
  console.log(JSON.stringify({ created: product.productId, read: again.id === product.id, listed: page.products.length > 0, refused }))`

/** A recorded session as fixtures: a read of a seeded coupon, a change to it found through that read, a 404. */
const RECORDED = {
  fixtures: [
    {
      name: 'list-coupons',
      request: { method: 'GET', path: '/api/v1/coupons' },
      expect: { status: 200, body: { coupons: [{ id: '$' + '{any:string}', code: 'SPRING5' }] } },
    },
    {
      name: 'update-coupon',
      request: { method: 'PUT', path: '/api/v1/coupons/$' + '{list-coupons:coupons.0.id}', body: { active: false } },
      expect: { body: { active: false } },
    },
    { name: 'get-coupon-404', request: { method: 'GET', path: '/api/v1/coupons/cpn_gone' }, expect: { status: 404 } },
  ],
}

/** A vitest test of the app that runs fixtures with runFixtures from the package's testing entry. */
const FIXTURES_TEST = `import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestAccount, FixtureStepError, runFixtures, startTestEmulator, type TestEmulator } from 'online-store-cli/testing'

let emulator: TestEmulator
beforeAll(async () => {
  emulator = await startTestEmulator()
})
afterAll(() => emulator.stop())

const RECORDED = ${JSON.stringify(RECORDED)}

test('runFixtures replays a recorded session on a seeded account', async () => {
  const seed = { coupons: [{ id: 'cpn_spring', code: 'SPRING5', type: 'fixed', value: 5 }] }
  const { client, remove } = await createTestAccount({ baseUrl: emulator.baseUrl, key: emulator.key, seed })
  const steps = await runFixtures(client, RECORDED)
  expect(steps.map((s) => s.status)).toEqual([200, 200, 404])
  const again = { fixtures: [RECORDED.fixtures[0], { ...RECORDED.fixtures[1], expect: { body: { active: true } } }] }
  await expect(runFixtures(client, again)).rejects.toBeInstanceOf(FixtureStepError)
  await remove()
})
`

async function makeApp(type: 'module' | 'commonjs'): Promise<string> {
  const dir = join(work, type)
  mkdirSync(dir)
  const dependencies = Object.fromEntries([
    ['online-store-cli', `file:${tarball}`],
    ...LINKED.map((name) => [name, `file:${join(MODULES, name)}`]),
  ])
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `app-${type}`, private: true, type, dependencies }))
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, types: ['node'], outDir: 'out' },
      include: ['*.ts'],
    }),
  )
  writeFileSync(join(dir, 'client.ts'), CLIENT + clientScript(CLIENT_BODY, type === 'module'))
  writeFileSync(join(dir, 'store.test.ts'), readmeMswExample())
  writeFileSync(join(dir, 'fixtures.test.ts'), FIXTURES_TEST)
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir })
  return dir
}

/** `store serve` from the installed package, on a free port; resolves with its base URL. */
function serve(dir: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(
    join(dir, 'node_modules/.bin/store'),
    ['serve', '--port', '0', '--db', ':memory:', '--api-key', KEY, '--quiet'],
    { cwd: dir },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk) => {
      out += chunk
      const api = /API\s+(http:\/\/\S+)/.exec(out)
      if (api) resolve({ child, baseUrl: api[1] })
    })
    child.once('exit', (code) => reject(new Error(`store serve exited ${code}: ${out}`)))
  })
}

describe.each([['module' as const], ['commonjs' as const]])('the packed package in a "type": "%s" app', (type) => {
  let dir: string
  beforeAll(async () => {
    dir = await makeApp(type)
  }, scaled(120_000))

  it(
    "type-checks a client script and the README MSW example with the app's own msw",
    async () => {
      await run(process.execPath, [join(MODULES, 'typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir })
    },
    scaled(120_000),
  )

  it(
    'runs the client script against store serve from the package, and the CLI',
    async () => {
      const { child, baseUrl } = await serve(dir)
      try {
        const env = { ...process.env, STORE_BASE_URL: baseUrl, STORE_API_KEY: KEY }
        const { stdout } = await run(process.execPath, ['out/client.js'], { cwd: dir, env })
        expect(JSON.parse(stdout)).toEqual({
          created: expect.stringMatching(/^rec_/),
          read: true,
          listed: true,
          refused: 400,
        })
        const cli = await run(join(dir, 'node_modules/.bin/store'), ['products', 'list', '--json'], { cwd: dir, env })
        expect(JSON.parse(cli.stdout).products.length).toBeGreaterThan(0)
        // The API reference's Swagger UI comes with the package, without swagger-ui-dist installed.
        const origin = baseUrl.replace(/\/api\/v1$/, '')
        const { version } = JSON.parse(
          readFileSync(join(dir, 'node_modules/online-store-cli/dist/browser/swagger-ui/version.json'), 'utf8'),
        )
        for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
          const asset = await fetch(`${origin}/_assets/swagger-ui/${version}/${file}`)
          expect([file, asset.status, (await asset.arrayBuffer()).byteLength > 100_000]).toEqual([file, 200, true])
        }
      } finally {
        child.kill('SIGTERM')
      }
    },
    scaled(120_000),
  )

  it(
    'runs the README MSW example with vitest',
    async () => {
      const { stdout } = await run(process.execPath, [join(MODULES, 'vitest/vitest.mjs'), 'run', 'store.test.ts'], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
      })
      expect(stdout).toMatch(/1 passed/)
    },
    scaled(120_000),
  )

  it(
    'runs fixtures with runFixtures from the testing entry in a vitest test',
    async () => {
      const { stdout } = await run(process.execPath, [join(MODULES, 'vitest/vitest.mjs'), 'run', 'fixtures.test.ts'], {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
      })
      expect(stdout).toMatch(/1 passed/)
    },
    scaled(120_000),
  )
})
