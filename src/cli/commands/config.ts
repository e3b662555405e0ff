import type { Command } from 'commander'
import { maskSecret } from '../../client/http.js'
import { inContext, type CommandContext } from '../client-factory.js'
import { subcommand } from '../examples.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'
import {
  PROFILE_KEYS,
  configPathOf,
  profileKeyOf,
  readConfig,
  selectProfile,
  unknownProfile,
  updateConfig,
  type Profile,
} from '../profiles.js'

const masked = (p: Profile): Profile => (p.apiKey ? { ...p, apiKey: maskSecret(p.apiKey) } : p)

/** Every profile, the current one marked; keys masked (`store config get api-key` prints one whole). */
export function listConfig(cc: CommandContext): void {
  const config = readConfig(cc)
  const current = selectProfile(cc, cc.globals, config).name
  const names = Object.keys(config.profiles)
  if (cc.out.isJson)
    return cc.out.json({
      current: config.current ?? null,
      profiles: Object.fromEntries(names.map((n) => [n, masked(config.profiles[n])])),
    })
  const rows = names.map((name) => ({ name, ...masked(config.profiles[name]) }))
  cc.out.rows(
    rows,
    [
      ['', (r) => (r.name === current ? '*' : ' ')],
      ['PROFILE', (r) => r.name],
      ['BASE URL', (r) => r.baseUrl],
      ['SHOP', (r) => r.shop],
      ['API KEY', (r) => r.apiKey],
    ],
    `No profiles saved yet; run store login (config: ${configPathOf(cc)})`,
  )
}

export function getConfig(cc: CommandContext, key: string): void {
  const field = profileKeyOf(key)
  const { profile } = selectProfile(cc, cc.globals)
  const value = profile[field]
  if (cc.out.isJson) return cc.out.json(value ?? null)
  if (value !== undefined) cc.out.line(value)
  else if (cc.out.isTTY) cc.out.info(`${key} is not set`)
}

/** Sets a key in the selected profile (`--profile`, else the current one), creating the profile if new. */
export function setConfig(cc: CommandContext, key: string, value: string | undefined): void {
  const field = profileKeyOf(key)
  if (field === 'baseUrl' && value !== undefined && !/^https?:\/\/[^\s]+$/.test(value))
    throw new UsageError(`base-url: "${value}" is not an http(s) URL`)
  // With no profile of its own the user is on the one `store serve` saved: change that one.
  const name = cc.globals.profile ?? cc.env.STORE_PROFILE ?? selectProfile(cc, {}).name
  updateConfig(cc, (config) => {
    const profile: Profile = { ...config.profiles[name] }
    if (value === undefined) delete profile[field]
    else profile[field] = field === 'baseUrl' ? value.replace(/\/+$/, '') : value
    config.current ??= name
    config.profiles[name] = profile
  })
  cc.out.success(value === undefined ? `Unset ${key} in profile "${name}"` : `Set ${key} in profile "${name}"`)
}

export function useProfile(cc: CommandContext, name: string): void {
  updateConfig(cc, (config) => {
    if (!config.profiles[name]) throw unknownProfile(config, name)
    config.current = name
  })
  cc.out.success(`Now using profile "${name}"`)
}

/** Forgets a saved profile; the current one too, and then no profile is current. */
export function removeProfile(cc: CommandContext, name: string): void {
  let wasCurrent = false
  updateConfig(cc, (config) => {
    const known = Object.keys(config.profiles)
    if (!known.includes(name))
      throw new UsageError(
        `no profile "${name}"${known.length ? ` (saved: ${known.join(', ')})` : ' (none are saved)'}`,
      )
    wasCurrent = config.current === name
    delete config.profiles[name]
    if (wasCurrent) delete config.current
  })
  cc.out.success(
    `Removed profile "${name}"${wasCurrent ? '; no profile is current now (store config use NAME picks one)' : ''}`,
  )
}

export function register(program: Command, ctx: CliContext): void {
  const keys = Object.keys(PROFILE_KEYS).join(', ')
  const config = program.command('config').description('show and change saved profiles (made by store login)')
  const sub = (
    term: string,
    description: string,
    lines: string[],
    run: (cc: CommandContext, ...args: string[]) => void,
  ) => subcommand(config, term, description, lines).action(inContext(ctx, run))
  sub('list', 'list profiles; * marks the one in use', ['store config list'], listConfig)
  sub(
    `get <key>`,
    `print a value of the profile in use (${keys})`,
    ['store config get api-key', 'store config get base-url --profile staging'],
    getConfig,
  )
  sub(
    'set <key> <value>',
    `set a value in the profile in use or --profile (${keys})`,
    ['store config set shop demo'],
    setConfig,
  )
  sub('unset <key>', 'remove a value from the profile in use or --profile', ['store config unset shop'], (cc, key) =>
    setConfig(cc, key, undefined),
  )
  sub('use <profile>', 'make a saved profile the current one', ['store config use staging'], useProfile)
  sub('remove <profile>', 'forget a saved profile (its key too)', ['store config remove local'], removeProfile)
  sub('path', 'print where the config file is', ['store config path'], (cc) => cc.out.line(configPathOf(ctx)))
}
