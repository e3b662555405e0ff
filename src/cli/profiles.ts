// Saved profiles (`store login`, `store config`): one JSON file, mode 0600, in the user's config
// dir ($XDG_CONFIG_HOME/store, else ~/.config/store; %APPDATA%\store on Windows).
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { UsageError } from './exit-codes.js'

/** The environment, which locates the config file and holds the `STORE_*` settings. */
export type WithEnv = { env: Record<string, string | undefined> }

export interface Profile {
  baseUrl?: string
  apiKey?: string
  shop?: string
}

export interface ConfigFile {
  current?: string
  profiles: Record<string, Profile>
}

const PROFILE_FIELDS = ['baseUrl', 'apiKey', 'shop'] as const

/**
 * The first problem of a config file's content as `[path, message]`, or undefined when it is a
 * ConfigFile. Checked by hand, not with zod: every command reads this file, and loading zod would
 * cost more than the rest of a command's start-up.
 */
export function configProblem(value: unknown): [path: string, message: string] | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
  const unknownKeys = (v: Record<string, unknown>, known: readonly string[]) =>
    Object.keys(v).filter((k) => !known.includes(k))
  if (!isObject(value)) return ['(root)', 'must be an object']
  const extra = unknownKeys(value, ['current', 'profiles'])
  if (extra.length) return ['(root)', `unknown field(s) ${extra.join(', ')}`]
  if (value.current !== undefined && typeof value.current !== 'string') return ['current', 'must be a string']
  if (!isObject(value.profiles)) return ['profiles', 'must be an object of profiles']
  for (const [name, profile] of Object.entries(value.profiles)) {
    if (!isObject(profile)) return [`profiles.${name}`, 'must be an object']
    const unknown = unknownKeys(profile, PROFILE_FIELDS)
    if (unknown.length) return [`profiles.${name}`, `unknown field(s) ${unknown.join(', ')}`]
    for (const field of PROFILE_FIELDS)
      if (profile[field] !== undefined && typeof profile[field] !== 'string')
        return [`profiles.${name}.${field}`, 'must be a string']
  }
  return undefined
}

/** The profile keys as `store config get|set` names them, and their field in the file. */
export const PROFILE_KEYS = { 'base-url': 'baseUrl', 'api-key': 'apiKey', shop: 'shop' } as const satisfies Record<
  string,
  keyof Profile
>

export const DEFAULT_PROFILE = 'default'

/** The profile `store serve` keeps its key and URL in; used when no other profile is in force. */
export const LOCAL_PROFILE = 'local'

/** Where the config lives, from the environment only (tests set XDG_CONFIG_HOME to a tmp dir). */
export function configPathOf({ env }: WithEnv): string {
  const home = env.HOME ?? env.USERPROFILE
  const dir = env.XDG_CONFIG_HOME || (env.APPDATA && !env.HOME ? env.APPDATA : home && join(home, '.config'))
  if (!dir) throw new UsageError('cannot tell where to keep the config: set HOME or XDG_CONFIG_HOME')
  return join(dir, 'store', 'config.json')
}

export function readConfig(ctx: WithEnv): ConfigFile {
  const path = configPathOf(ctx)
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} }
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new UsageError(
      `${path} is not valid JSON (${(error as Error).message}); fix or delete it, then run store login`,
    )
  }
  const problem = configProblem(json)
  if (problem) throw new UsageError(`${path}: ${problem[0]}: ${problem[1]}; fix or delete it, then run store login`)
  return json as ConfigFile
}

/**
 * Reads the config file, lets `change` change it, and writes it whole: atomically (a temporary
 * file renamed into place) with mode 0600 in a folder of mode 0700, since it holds API keys.
 */
export function updateConfig(ctx: WithEnv, change: (config: ConfigFile) => void): void {
  const config = readConfig(ctx)
  change(config)
  const path = configPathOf(ctx)
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const temp = `${path}.${process.pid}.tmp`
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 })
  chmodSync(temp, 0o600)
  renameSync(temp, path)
}

/** How the profile in force was chosen (see selectProfile), in words for messages: `profile "local" (${words})`. */
export const PROFILE_SOURCE_WORDS = {
  '--profile': 'from --profile',
  STORE_PROFILE: 'from STORE_PROFILE',
  current: 'the current profile, chosen with store config use',
  default: 'the profile named default',
  local: 'the one store serve saved, used when no other is chosen',
  none: 'no profile',
}

export type ProfileSource = keyof typeof PROFILE_SOURCE_WORDS

/**
 * The profile in force: `--profile`, else STORE_PROFILE, else the file's current profile, else the
 * `local` profile `store serve` saved. A named profile that does not exist is a usage error; no
 * profile at all is an empty one.
 */
export function selectProfile(
  ctx: WithEnv,
  globals: { profile?: string },
  config = readConfig(ctx),
): { name: string; profile: Profile; source: ProfileSource } {
  const wanted = globals.profile ?? ctx.env.STORE_PROFILE
  if (wanted !== undefined) {
    const profile = config.profiles[wanted]
    if (!profile) throw unknownProfile(config, wanted)
    return { name: wanted, profile, source: globals.profile === undefined ? 'STORE_PROFILE' : '--profile' }
  }
  const name = config.current ?? DEFAULT_PROFILE
  const profile = config.profiles[name]
  if (!profile && config.profiles[LOCAL_PROFILE])
    return { name: LOCAL_PROFILE, profile: config.profiles[LOCAL_PROFILE], source: 'local' }
  if (!profile) return { name, profile: {}, source: 'none' }
  return { name, profile, source: config.current === undefined ? 'default' : 'current' }
}

/** A profile the config does not hold, named in a usage error with those it does. */
export function unknownProfile(config: ConfigFile, name: string): UsageError {
  const known = Object.keys(config.profiles)
  return new UsageError(
    `no profile "${name}"${known.length ? ` (saved: ${known.join(', ')})` : ''}; create it with store login --profile ${name}`,
  )
}

export function profileKeyOf(name: string): keyof Profile {
  const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, '-')
  const key = PROFILE_KEYS[kebab as keyof typeof PROFILE_KEYS]
  if (!key) throw new UsageError(`unknown key "${name}": use one of ${Object.keys(PROFILE_KEYS).join(', ')}`)
  return key
}

// `store serve` keeps the key it knows, with its URL, in a profile: `local` on the default port, or
// the one `--profile` names, so `store products list` in another terminal works with no further step.

/** The key saved in the profile `name`, if any (an unreadable config counts as none). */
export function savedKey(ctx: WithEnv, name: string): string | undefined {
  try {
    return readConfig(ctx).profiles[name]?.apiKey
  } catch {
    return undefined
  }
}

/**
 * Saves `baseUrl` and `apiKey` as the profile `name`, keeping its shop. Returns where, and the
 * profile the CLI uses instead when another one is in force (then `--profile NAME` picks this);
 * `otherProfile` is null when commands use no profile unless told.
 */
export function saveProfile(
  ctx: WithEnv,
  name: string,
  baseUrl: string,
  apiKey: string,
): { path: string; otherProfile?: string | null } {
  updateConfig(ctx, (config) => {
    config.profiles[name] = { ...config.profiles[name], baseUrl, apiKey }
  })
  let inForce: string | null | undefined
  try {
    const selected = selectProfile(ctx, {})
    inForce = selected.source === 'none' ? null : selected.name
  } catch {
    inForce = ctx.env.STORE_PROFILE
  }
  return { path: configPathOf(ctx), otherProfile: inForce === name ? undefined : inForce }
}
