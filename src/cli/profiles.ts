// Saved profiles (`store login`, `store config`): one JSON file, mode 0600, in the user's config
// dir ($XDG_CONFIG_HOME/store, else ~/.config/store; %APPDATA%\store on Windows).
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { LowSync, type SyncAdapter } from 'lowdb'
import { DataFileSync } from 'lowdb/node'
import type { CliContext } from './context.js'
import { UsageError } from './exit-codes.js'

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
export type ProfileKeyName = keyof typeof PROFILE_KEYS

export const DEFAULT_PROFILE = 'default'

/** The profile `store serve` keeps its key and URL in; used when no other profile is in force. */
export const LOCAL_PROFILE = 'local'

/** Where the config lives, from the environment only (tests set XDG_CONFIG_HOME to a tmp dir). */
export function configDirOf(ctx: Pick<CliContext, 'env' | 'configDir'>): string {
  if (ctx.configDir) return ctx.configDir
  const env = ctx.env
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'store')
  if (env.APPDATA && !env.HOME) return join(env.APPDATA, 'store')
  const home = env.HOME ?? env.USERPROFILE
  if (!home) throw new UsageError('cannot tell where to keep the config: set HOME or XDG_CONFIG_HOME')
  return join(home, '.config', 'store')
}

export function configPathOf(ctx: Pick<CliContext, 'env' | 'configDir'>): string {
  return join(configDirOf(ctx), 'config.json')
}

/** The file's text, checked: today's messages for invalid JSON and an invalid shape. */
function parseConfig(path: string, text: string): ConfigFile {
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

const serialise = (config: ConfigFile) => `${JSON.stringify(config, null, 2)}\n`

/**
 * The config file as lowdb's adapter. lowdb's file adapter reads it (no file: null, so lowdb keeps
 * the empty default). Writing stays ours: lowdb writes its temporary file with the default mode
 * (0644 under the usual umask) and renames it into place, and this file holds API keys.
 */
class ConfigFileAdapter implements SyncAdapter<ConfigFile> {
  readonly #path: string
  readonly #file: DataFileSync<ConfigFile>

  constructor(path: string) {
    this.#path = path
    this.#file = new DataFileSync(path, { parse: (text) => parseConfig(path, text), stringify: serialise })
  }

  read(): ConfigFile | null {
    try {
      return this.#file.read()
    } catch (error) {
      if (error instanceof UsageError) throw error
      throw new UsageError(`cannot read ${this.#path}: ${(error as Error).message}`)
    }
  }

  /** Writes the whole file atomically with mode 0600, its directory 0700. */
  write(config: ConfigFile): void {
    mkdirSync(dirname(this.#path), { recursive: true, mode: 0o700 })
    const temp = `${this.#path}.${process.pid}.tmp`
    writeFileSync(temp, serialise(config), { mode: 0o600 })
    chmodSync(temp, 0o600)
    renameSync(temp, this.#path)
  }
}

/**
 * The config file, read now: `data` is an empty config when there is none yet; `update(fn)` (or
 * `write()`) saves it atomically with mode 0600.
 * @example openConfig(ctx).update((config) => { config.current = 'staging' })
 */
export function openConfig(ctx: Pick<CliContext, 'env' | 'configDir'>): LowSync<ConfigFile> {
  const db = new LowSync<ConfigFile>(new ConfigFileAdapter(configPathOf(ctx)), { profiles: {} })
  db.read()
  return db
}

/** The config file, or an empty one when there is none yet. */
export function readConfig(ctx: Pick<CliContext, 'env' | 'configDir'>): ConfigFile {
  return openConfig(ctx).data
}

/**
 * How the profile in force was chosen: `--profile`, STORE_PROFILE, the file's `current`, the
 * profile named `default`, the `local` profile `store serve` saved (when no other is chosen), or
 * none at all.
 */
export type ProfileSource = '--profile' | 'STORE_PROFILE' | 'current' | 'default' | 'local' | 'none'

/** The words for a ProfileSource in messages: `profile "local" (${words})`. */
export const PROFILE_SOURCE_WORDS: Record<ProfileSource, string> = {
  '--profile': 'from --profile',
  STORE_PROFILE: 'from STORE_PROFILE',
  current: 'the current profile, chosen with store config use',
  default: 'the profile named default',
  local: 'the one store serve saved, used when no other is chosen',
  none: 'no profile',
}

/**
 * The profile in force: `--profile`, else STORE_PROFILE, else the file's current profile, else the
 * `local` profile `store serve` saved. A named profile that does not exist is a usage error; no
 * profile at all is an empty one.
 */
export function selectProfile(
  ctx: Pick<CliContext, 'env' | 'configDir'>,
  globals: { profile?: string },
  config = readConfig(ctx),
): { name: string; profile: Profile; isSaved: boolean; source: ProfileSource } {
  const wanted = globals.profile ?? ctx.env.STORE_PROFILE
  if (wanted !== undefined) {
    const profile = config.profiles[wanted]
    if (!profile) throw unknownProfile(config, wanted)
    return {
      name: wanted,
      profile,
      isSaved: true,
      source: globals.profile === undefined ? 'STORE_PROFILE' : '--profile',
    }
  }
  const name = config.current ?? DEFAULT_PROFILE
  const profile = config.profiles[name]
  if (!profile && config.profiles[LOCAL_PROFILE])
    return { name: LOCAL_PROFILE, profile: config.profiles[LOCAL_PROFILE], isSaved: true, source: 'local' }
  if (!profile) return { name, profile: {}, isSaved: false, source: 'none' }
  return { name, profile, isSaved: true, source: config.current === undefined ? 'default' : 'current' }
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
  const key = PROFILE_KEYS[kebab as ProfileKeyName]
  if (!key) throw new UsageError(`unknown key "${name}": use one of ${Object.keys(PROFILE_KEYS).join(', ')}`)
  return key
}
