// `store serve` keeps its key as the profile `local` (on the default port, or with --profile NAME):
// another terminal's commands work at once, and a restarted server still says where the key is. A
// throwaway server changes no profile.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, ensureBuilt, startServe, tmpFolder } from '../e2e/serve-process.js'
import { profileToSave } from '../../src/cli/commands/serve.js'
import { scaled } from '../helpers/time-scale.js'

const run = promisify(execFile)
const folders: (() => void)[] = []
const folder = () => {
  const { dir, remove } = tmpFolder('store-serve-profile-')
  folders.push(remove)
  return dir
}

beforeAll(() => ensureBuilt())
afterAll(() => {
  for (const remove of folders) remove()
})

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A `store` command in another terminal: nothing set but the config's home. */
function store(configHome: string, ...args: string[]) {
  return run(process.execPath, [BIN, ...args], {
    env: { PATH: process.env.PATH, HOME: configHome, XDG_CONFIG_HOME: configHome, NO_COLOR: '1' },
  })
}

describe('store serve and the profile "local"', () => {
  it(
    'saves a new key (mode 0600) that other commands use, and finds it again after a restart',
    async () => {
      const dir = folder()
      const configHome = join(dir, 'config')
      const env = { XDG_CONFIG_HOME: configHome }
      const db = join(dir, 'store.json')
      // Off the default port (a test must not take 4010): --profile local asks for what 4010 does by itself.
      const port = String(await freePort())
      const asLocal = ['--profile', 'local']
      const first = await startServe(['--port', port, '--db', db, '--quiet', ...asLocal], { env })
      const key = /API key {5}(sk_live_\w+) {2}\(new\)/.exec(first.stdout())?.[1]
      expect(key).toBeDefined()
      const configPath = join(configHome, 'store', 'config.json')
      expect(first.stdout()).toContain(
        `  Profile     "local" in ${configPath}: store commands in other terminals use it\n`,
      )
      expect(statSync(configPath).mode & 0o777).toBe(0o600)
      expect(JSON.parse(readFileSync(configPath, 'utf8'))).toEqual({
        profiles: { local: { baseUrl: `${first.origin}/api/v1`, apiKey: key } },
      })

      const listed = await store(configHome, 'products', 'list')
      expect(listed.stdout).toContain('rec_demoSerial001\t')
      expect((await store(configHome, 'config', 'get', 'api-key', '--profile', 'local')).stdout).toBe(`${key}\n`)
      expect((await first.stop()).code).toBe(0)

      const again = await startServe(['--port', port, '--db', db, '--quiet', ...asLocal], { env })
      expect(again.stdout()).toContain(
        `  API key     sk_live_…${key!.slice(-4)}  (from profile "local"; store config get api-key --profile local prints it)\n`,
      )
      expect((await store(configHome, 'orders', 'get', 'ORD-1')).stdout).toContain('ORD-1')
      await again.stop()

      // Without the saved profile the key cannot be shown again: the banner says how to add one.
      rmSync(configHome, { recursive: true })
      const lost = await startServe(['--port', port, '--db', db, '--quiet', ...asLocal], { env })
      expect(lost.stdout()).toContain(
        `  API key     created earlier; the profile "local" holds none of this db's keys\n` +
          '              restart with --api-key KEY if you have one of them (it is saved as profile "local" then), or start a new db (--db FILE) for a new key\n',
      )
      await lost.stop()
      const chosen = await startServe(['--port', port, '--db', db, '--quiet', '--api-key', key!, ...asLocal], {
        env,
      })
      expect(chosen.stdout()).toContain(`  API key     sk_live_…${key!.slice(-4)}  (from --api-key)\n`)
      expect((await store(configHome, 'coupons', 'get', 'WELCOME10')).stdout).toContain('WELCOME10')
      await chosen.stop()
    },
    scaled(60_000),
  )

  it('names the profile in force when another one is current', async () => {
    const dir = folder()
    const configHome = join(dir, 'config')
    await store(configHome, 'config', 'set', 'base-url', 'https://api.example.com/api/v1')
    const server = await startServe(
      ['--port', String(await freePort()), '--db', ':memory:', '--quiet', '--profile', 'local'],
      { env: { XDG_CONFIG_HOME: configHome } },
    )
    try {
      expect(server.stdout()).toMatch(
        / {2}Profile {5}"local" in .*: profile "default" is in force: pass --profile local/,
      )
      expect((await store(configHome, '--profile', 'local', 'products', 'list')).stdout).toContain('rec_demoSerial001')
    } finally {
      await server.stop()
    }
  })

  it('saves nothing on --port 0, whose address changes with every start', async () => {
    const configHome = join(folder(), 'config')
    const server = await startServe(['--port', '0', '--db', ':memory:', '--quiet'], {
      env: { XDG_CONFIG_HOME: configHome },
    })
    await server.stop()
    expect(server.stdout()).toMatch(
      /API key {5}sk_live_\w+ {2}\(new; shown once\)\n {2}Profile {5}none saved \(a --db :memory: server is a throwaway one\); --profile local saves this server as "local"\n/,
    )
    expect(existsSync(configHome)).toBe(false)
  })

  it('changes no profile from a throwaway server: another port, or --db :memory:', async () => {
    const dir = folder()
    const configHome = join(dir, 'config')
    const configPath = join(configHome, 'store', 'config.json')
    mkdirSync(join(configHome, 'store'), { recursive: true })
    const before = `${JSON.stringify({ profiles: { local: { baseUrl: 'http://127.0.0.1:4010/api/v1', apiKey: 'sk_live_the_real_one_000000000000' } } }, null, 2)}\n`
    writeFileSync(configPath, before, { mode: 0o600 })
    const env = { XDG_CONFIG_HOME: configHome }
    for (const args of [
      ['--port', String(await freePort()), '--db', join(dir, 'other.json')],
      ['--port', String(await freePort()), '--db', ':memory:'],
    ]) {
      const server = await startServe([...args, '--quiet'], { env })
      const other = `a server on another port than 4010`
      expect(server.stdout()).toContain(
        `  Profile     none saved (${args.includes(':memory:') ? 'a --db :memory: server is a throwaway one' : other}); --profile local saves this server as "local"\n`,
      )
      await server.stop()
      expect(readFileSync(configPath, 'utf8')).toBe(before)
    }
  })

  it('saves to the profile --profile names, on any port', async () => {
    const dir = folder()
    const configHome = join(dir, 'config')
    const server = await startServe(['--port', '0', '--db', ':memory:', '--quiet', '--profile', 'ci'], {
      env: { XDG_CONFIG_HOME: configHome },
    })
    try {
      expect(server.stdout()).toMatch(
        / {2}Profile {5}"ci" in .*config\.json: pass --profile ci \(or run store config use ci\) to use this server\n/,
      )
      const config = JSON.parse(readFileSync(join(configHome, 'store', 'config.json'), 'utf8'))
      expect(Object.keys(config.profiles)).toEqual(['ci'])
      expect(config.profiles.ci.baseUrl).toBe(server.api)
      expect((await store(configHome, '--profile', 'ci', 'products', 'list')).stdout).toContain('rec_demoSerial001')
    } finally {
      await server.stop()
    }
  })
})

describe('profileToSave', () => {
  it('is "local" on the default port with a db file, the --profile name on any, else none', () => {
    expect(profileToSave({ port: 4010, db: './store.json' })).toBe('local')
    expect(profileToSave({ port: 4010, db: ':memory:' })).toBeUndefined()
    expect(profileToSave({ port: 4011, db: './store.json' })).toBeUndefined()
    expect(profileToSave({ port: 0, db: './store.json' })).toBeUndefined()
    expect(profileToSave({ port: 4011, db: ':memory:', profile: 'ci' })).toBe('ci')
    expect(profileToSave({ port: 4010, db: './store.json', profile: 'staging' })).toBe('staging')
  })
})
