// A command that cannot reach its server says which profile sent it there and how that profile was
// chosen; `store config remove` forgets a profile whose server is gone.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, tmpConfigDir } from './run-cli.js'

const configFile = (home: string) => join(home, 'store', 'config.json')

function configWith(content: object): string {
  const home = tmpConfigDir()
  mkdirSync(join(home, 'store'))
  writeFileSync(configFile(home), JSON.stringify(content))
  return home
}

const GONE = 'http://127.0.0.1:4010/api/v1'
const START = 'Start the emulator with `store serve`, or pass --base-url (or --profile).'

describe('a command whose server does not answer', () => {
  const profiles = { local: { baseUrl: GONE, apiKey: 'sk_live_local_0000000000' }, staging: { baseUrl: GONE } }

  it.each([
    ['the local profile store serve saved', {}, [], 'local', 'the one store serve saved, used when no other is chosen'],
    ['--profile', {}, ['--profile', 'staging'], 'staging', 'from --profile'],
    ['STORE_PROFILE', { STORE_PROFILE: 'staging' }, [], 'staging', 'from STORE_PROFILE'],
    ['the current profile', { current: 'staging' }, [], 'staging', 'the current profile, chosen with store config use'],
  ] as const)('names the profile when it came from %s', async (_, setting, flags, name, how) => {
    const isEnv = 'STORE_PROFILE' in setting
    const home = configWith({ ...(isEnv ? {} : setting), profiles })
    const { code, stderr } = await runCli([...flags, 'products', 'list'], {
      env: { XDG_CONFIG_HOME: home, ...(isEnv ? setting : {}) },
    })
    expect(code).toBe(7)
    expect(stderr.split('\n')[1]).toBe(
      `hint: is the API running there? The URL came from the base-url of profile "${name}" (${how}). ${START} If its server is gone for good, \`store config remove ${name}\` forgets the profile.`,
    )
  })

  it('names the flag or variable the URL came from, and the default when nothing gave one', async () => {
    const home = configWith({ profiles })
    const flag = await runCli(['--base-url', GONE, 'products', 'list'], { env: { XDG_CONFIG_HOME: home } })
    expect(flag.stderr).toContain(`hint: is the API running there? The URL came from --base-url. ${START}\n`)
    const env = await runCli(['products', 'list'], { env: { XDG_CONFIG_HOME: home, STORE_BASE_URL: GONE } })
    expect(env.stderr).toContain(`hint: is the API running there? The URL came from STORE_BASE_URL. ${START}\n`)
    const none = await runCli(['products', 'list'], {})
    expect(none.stderr).toContain(
      `hint: is the API running there? The URL is the default (no profile is saved). ${START}\n`,
    )
    const keyOnly = configWith({ current: 'ci', profiles: { ci: { apiKey: 'sk_live_ci_000000000000' } } })
    const noUrl = await runCli(['products', 'list'], { env: { XDG_CONFIG_HOME: keyOnly } })
    expect(noUrl.stderr).toContain(
      `hint: is the API running there? The URL is the default, as profile "ci" (the current profile, chosen with store config use) sets no base-url. ${START}\n`,
    )
  })
})

describe('store config remove', () => {
  it('forgets a profile; the current one leaves no profile current', async () => {
    const home = configWith({
      current: 'staging',
      profiles: { local: { baseUrl: GONE }, staging: { baseUrl: 'https://staging.example/api/v1' } },
    })
    const env = { XDG_CONFIG_HOME: home, NO_COLOR: '1' }
    expect(await runCli(['config', 'remove', 'local'], { env })).toMatchObject({
      code: 0,
      stderr: '✓ Removed profile "local"\n',
    })
    expect(JSON.parse(readFileSync(configFile(home), 'utf8'))).toEqual({
      current: 'staging',
      profiles: { staging: { baseUrl: 'https://staging.example/api/v1' } },
    })
    expect(await runCli(['config', 'remove', 'staging'], { env })).toMatchObject({
      code: 0,
      stderr: '✓ Removed profile "staging"; no profile is current now (store config use NAME picks one)\n',
    })
    expect(JSON.parse(readFileSync(configFile(home), 'utf8'))).toEqual({ profiles: {} })
    expect(await runCli(['config', 'remove', 'staging'], { env })).toMatchObject({
      code: 2,
      stderr: 'error: no profile "staging" (none are saved)\n',
    })
  })
})
