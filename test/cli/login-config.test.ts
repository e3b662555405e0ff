import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TEST_KEY, testEmulator } from '../helpers/emulator.js'
import { configProblem } from '../../src/cli/profiles.js'
import { BASE_URL, runCli, scriptedPrompter, tmpConfigDir } from './run-cli.js'

const configFile = (home: string) => join(home, 'store', 'config.json')

describe('store login', () => {
  it('checks the key with GET /products?limit=1 and saves the profile with mode 0600', async () => {
    const emu = await testEmulator()
    const home = tmpConfigDir()
    const { code, stderr, requests } = await runCli(
      ['login', '--base-url', BASE_URL, '--api-key', TEST_KEY, '--shop', 'demo'],
      { app: emu.app, connect: false, env: { XDG_CONFIG_HOME: home, NO_COLOR: '1' } },
    )
    expect(code).toBe(0)
    expect(requests.map((r) => r.url)).toEqual([`${BASE_URL}/products?limit=1`])
    expect(stderr).toBe(
      `✓ Logged in to ${BASE_URL} with sk_live_…test (shop demo)\nSaved profile "default" in ${configFile(home)} and made it the current one.\n`,
    )
    expect(JSON.parse(readFileSync(configFile(home), 'utf8'))).toEqual({
      current: 'default',
      profiles: { default: { baseUrl: BASE_URL, apiKey: TEST_KEY, shop: 'demo' } },
    })
    expect(statSync(configFile(home)).mode & 0o777).toBe(0o600)
    expect(statSync(join(home, 'store')).mode & 0o777).toBe(0o700)
  })

  it('with --profile beside a current profile saves it without switching, and says how to', async () => {
    const emu = await testEmulator()
    const home = tmpConfigDir()
    const env = { XDG_CONFIG_HOME: home, NO_COLOR: '1' }
    const login = (...argv: string[]) =>
      runCli(['login', '--base-url', BASE_URL, '--api-key', TEST_KEY, ...argv], { app: emu.app, connect: false, env })
    await login()
    const staging = await login('--profile', 'staging')
    expect(staging.code).toBe(0)
    expect(staging.stderr).toContain(
      `Saved profile "staging" in ${configFile(home)}; the current profile stays "default": use this one with --profile staging, or make it current with store config use staging.\n`,
    )
    expect(JSON.parse(readFileSync(configFile(home), 'utf8')).current).toBe('default')
  })

  it('saves nothing when the key is refused (exit 4)', async () => {
    const emu = await testEmulator()
    const home = tmpConfigDir()
    const { code, stderr } = await runCli(['login', '--base-url', BASE_URL, '--api-key', 'sk_live_notavalidkey000'], {
      app: emu.app,
      connect: false,
      env: { XDG_CONFIG_HOME: home },
    })
    expect(code).toBe(4)
    expect(stderr).toMatch(/^error: login failed, nothing saved: invalid API key/)
    expect(existsSync(configFile(home))).toBe(false)
  })

  it('asks for the URL, the key and the shop on a terminal', async () => {
    const emu = await testEmulator()
    const home = tmpConfigDir()
    const prompter = scriptedPrompter([BASE_URL, TEST_KEY, ''])
    const { code } = await runCli(['login', '--profile', 'work'], {
      app: emu.app,
      connect: false,
      tty: true,
      prompter,
      env: { XDG_CONFIG_HOME: home },
    })
    expect(code).toBe(0)
    expect(prompter.asked).toEqual([
      'API base URL (ends in /api/v1)',
      'API key (sk_live_…)',
      'Shop id or slug (empty for the oldest shop)',
    ])
    expect(JSON.parse(readFileSync(configFile(home), 'utf8'))).toEqual({
      current: 'work',
      profiles: { work: { baseUrl: BASE_URL, apiKey: TEST_KEY } },
    })
  })

  it('needs --api-key or STORE_API_KEY when there is no terminal (exit 2)', async () => {
    const { code, stderr } = await runCli(['login'], {})
    expect(code).toBe(2)
    expect(stderr).toBe('error: no API key: pass --api-key or set STORE_API_KEY (no terminal to ask on)\n')
  })
})

describe('profiles in use', () => {
  it('commands use the current profile: its base URL, key and shop', async () => {
    const emu = await testEmulator()
    const home = tmpConfigDir()
    await runCli(['login', '--base-url', BASE_URL, '--api-key', TEST_KEY, '--shop', 'demo'], {
      app: emu.app,
      connect: false,
      env: { XDG_CONFIG_HOME: home },
    })
    const { code, requests } = await runCli(['products', 'list', '--limit', '1'], {
      app: emu.app,
      connect: false,
      env: { XDG_CONFIG_HOME: home },
    })
    expect(code).toBe(0)
    expect(requests[0].url).toBe(`${BASE_URL}/products?limit=1`)
    expect(requests[0].headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`)
    expect(requests[0].headers.get('x-service-shop')).toBe('demo')
  })

  it('falls back to the profile "local" of store serve, and config set changes that one', async () => {
    const emu = await testEmulator()
    const home = tmpConfigDir()
    mkdirSync(join(home, 'store'))
    writeFileSync(configFile(home), JSON.stringify({ profiles: { local: { baseUrl: BASE_URL, apiKey: TEST_KEY } } }))
    const env = { XDG_CONFIG_HOME: home }
    expect(await runCli(['config', 'set', 'shop', 'demo'], { env })).toMatchObject({ code: 0 })
    const { code, requests } = await runCli(['coupons', 'list'], { app: emu.app, connect: false, env })
    expect(code).toBe(0)
    expect(requests[0].headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`)
    expect(requests[0].headers.get('x-service-shop')).toBe('demo')
    expect(JSON.parse(readFileSync(configFile(home), 'utf8'))).toEqual({
      current: 'local',
      profiles: { local: { baseUrl: BASE_URL, apiKey: TEST_KEY, shop: 'demo' } },
    })
  })

  it('flags beat env, env beats the profile', async () => {
    const emu = await testEmulator()
    const home = tmpConfigDir()
    await runCli(['login', '--base-url', BASE_URL, '--api-key', TEST_KEY, '--shop', 'demo'], {
      app: emu.app,
      connect: false,
      env: { XDG_CONFIG_HOME: home },
    })
    const env = { XDG_CONFIG_HOME: home, STORE_SHOP: 'from-env' }
    const fromEnv = await runCli(['products', 'list'], { app: emu.app, connect: false, env })
    expect(fromEnv.requests[0].headers.get('x-service-shop')).toBe('from-env')
    const fromFlag = await runCli(['products', 'list', '--shop', 'from-flag'], { app: emu.app, connect: false, env })
    expect(fromFlag.requests[0].headers.get('x-service-shop')).toBe('from-flag')
    expect(fromFlag.code).toBe(4)
  })

  it('refuses an unknown --profile and an unreadable config file as usage errors', async () => {
    const home = tmpConfigDir()
    expect(await runCli(['products', 'list', '--profile', 'nope'], { env: { XDG_CONFIG_HOME: home } })).toMatchObject({
      code: 2,
      stderr: 'error: no profile "nope"; create it with store login --profile nope\n',
    })
    mkdirSync(join(home, 'store'))
    writeFileSync(configFile(home), '{ not json')
    const broken = await runCli(['products', 'list'], { env: { XDG_CONFIG_HOME: home } })
    expect(broken.code).toBe(2)
    expect(broken.stderr).toMatch(/config\.json is not valid JSON .*; fix or delete it, then run store login\n$/)
  })

  it('names the field of a config file of the wrong shape, and a config path it cannot read', async () => {
    const home = tmpConfigDir()
    mkdirSync(join(home, 'store'))
    writeFileSync(configFile(home), JSON.stringify({ profiles: { default: { apiKey: 7 } } }))
    const shape = await runCli(['config', 'list'], { env: { XDG_CONFIG_HOME: home } })
    expect(shape.code).toBe(2)
    expect(shape.stderr).toBe(
      `error: ${configFile(home)}: profiles.default.apiKey: must be a string; fix or delete it, then run store login\n`,
    )

    const dirHome = tmpConfigDir()
    mkdirSync(configFile(dirHome), { recursive: true })
    const unreadable = await runCli(['config', 'set', 'shop', 'x'], { env: { XDG_CONFIG_HOME: dirHome } })
    expect(unreadable.code).toBe(2)
    expect(unreadable.stderr).toMatch(new RegExp(`^error: cannot read ${configFile(dirHome)}: EISDIR`))
  })

  it('rewrites the file whole, with mode 0600 again, and leaves no temporary file', async () => {
    const home = tmpConfigDir()
    const env = { XDG_CONFIG_HOME: home }
    mkdirSync(join(home, 'store'))
    writeFileSync(configFile(home), JSON.stringify({ current: 'a', profiles: { a: { shop: 'one' } } }))
    chmodSync(configFile(home), 0o644)
    expect((await runCli(['--profile', 'b', 'config', 'set', 'api-key', 'sk_live_secret'], { env })).code).toBe(0)
    expect(readFileSync(configFile(home), 'utf8')).toBe(
      `${JSON.stringify({ current: 'a', profiles: { a: { shop: 'one' }, b: { apiKey: 'sk_live_secret' } } }, null, 2)}\n`,
    )
    expect(statSync(configFile(home)).mode & 0o777).toBe(0o600)
    expect(readdirSync(join(home, 'store'))).toEqual(['config.json'])
    expect((await runCli(['config', 'use', 'b'], { env })).code).toBe(0)
    expect(JSON.parse(readFileSync(configFile(home), 'utf8')).current).toBe('b')
  })

  it('uses ~/.config/store without XDG_CONFIG_HOME', async () => {
    const home = tmpConfigDir()
    const { code, stdout } = await runCli(['config', 'path'], { env: { XDG_CONFIG_HOME: undefined, HOME: home } })
    expect(code).toBe(0)
    expect(stdout).toBe(`${join(home, '.config', 'store', 'config.json')}\n`)
  })
})

describe('store config', () => {
  it('sets, gets, lists (keys masked) and switches profiles', async () => {
    const env = { XDG_CONFIG_HOME: tmpConfigDir(), NO_COLOR: '1' }
    expect((await runCli(['config', 'set', 'base-url', 'https://shop.example/api/v1/'], { env })).code).toBe(0)
    expect((await runCli(['config', 'set', 'api-key', 'sk_live_abcdefghijklmnop'], { env })).code).toBe(0)
    // set creates the profile it names
    expect((await runCli(['--profile', 'other', 'config', 'set', 'shop', 'second'], { env })).code).toBe(0)
    expect(await runCli(['config', 'get', 'base-url'], { env })).toMatchObject({
      code: 0,
      stdout: 'https://shop.example/api/v1\n',
    })
    expect(await runCli(['config', 'get', 'apiKey'], { env })).toMatchObject({
      code: 0,
      stdout: 'sk_live_abcdefghijklmnop\n',
    })
    expect(await runCli(['config', 'get', 'shop'], { env })).toMatchObject({ code: 0, stdout: '' })
    expect(await runCli(['config', 'get', 'colour'], { env })).toMatchObject({
      code: 2,
      stderr: 'error: unknown key "colour": use one of base-url, api-key, shop\n',
    })

    const list = await runCli(['config', 'list'], { env })
    expect(list.stdout).toBe('*\tdefault\thttps://shop.example/api/v1\t\tsk_live_…mnop\n \tother\t\tsecond\t\n')
    const tty = await runCli(['config', 'list'], { env, tty: true })
    expect(tty.stdout).toMatch(
      /^ {3}PROFILE\s+BASE URL\s+SHOP\s+API KEY\n\* +default +https:\/\/shop\.example\/api\/v1 +- +sk_live_…mnop\n {3}other +- +second +-\n$/,
    )
    const json = await runCli(['config', 'list', '--json'], { env })
    expect(JSON.parse(json.stdout)).toEqual({
      current: 'default',
      profiles: {
        default: { baseUrl: 'https://shop.example/api/v1', apiKey: 'sk_live_…mnop' },
        other: { shop: 'second' },
      },
    })

    expect(await runCli(['config', 'use', 'missing'], { env })).toMatchObject({
      code: 2,
      stderr: 'error: no profile "missing" (saved: default, other); create it with store login --profile missing\n',
    })
    expect((await runCli(['config', 'unset', 'api-key'], { env })).code).toBe(0)
    expect(await runCli(['config', 'get', 'api-key', '--json'], { env })).toMatchObject({ code: 0, stdout: 'null\n' })
    expect(await runCli(['config', 'set', 'base-url', 'ftp://x'], { env })).toMatchObject({
      code: 2,
      stderr: 'error: base-url: "ftp://x" is not an http(s) URL\n',
    })
  })

  it('switches the current profile with use', async () => {
    const emu = await testEmulator()
    const env = { XDG_CONFIG_HOME: tmpConfigDir() }
    await runCli(['login', '--base-url', BASE_URL, '--api-key', TEST_KEY, '--profile', 'a'], {
      app: emu.app,
      connect: false,
      env,
    })
    await runCli(['login', '--base-url', 'http://other.test/api/v1', '--api-key', TEST_KEY, '--profile', 'b'], {
      connect: false,
      env,
      fetch: async (input, init) => emu.app.request(String(input).replace('other.test', 'emulator.test'), init),
    })
    expect((await runCli(['config', 'use', 'a'], { env })).code).toBe(0)
    expect((await runCli(['config', 'get', 'base-url'], { env })).stdout).toBe(`${BASE_URL}\n`)
    expect((await runCli(['config', 'get', 'base-url', '--profile', 'b'], { env })).stdout).toBe(
      'http://other.test/api/v1\n',
    )
  })
})

describe('configProblem', () => {
  it.each([
    [{ profiles: {} }, undefined],
    [{ current: 'a', profiles: { a: { baseUrl: 'http://x', apiKey: 'k', shop: 's' } } }, undefined],
    [[], ['(root)', 'must be an object']],
    [{ profiles: {}, colour: 1 }, ['(root)', 'unknown field(s) colour']],
    [{ current: 3, profiles: {} }, ['current', 'must be a string']],
    [{}, ['profiles', 'must be an object of profiles']],
    [{ profiles: { a: 'x' } }, ['profiles.a', 'must be an object']],
    [{ profiles: { a: { key: 'x' } } }, ['profiles.a', 'unknown field(s) key']],
    [{ profiles: { a: { apiKey: 5 } } }, ['profiles.a.apiKey', 'must be a string']],
  ])('%j: %j', (value, expected) => {
    expect(configProblem(value)).toEqual(expected)
  })
})
