// Saved profiles (`store login`, `store config`): one JSON file, mode 0600, in the user's config
// dir ($XDG_CONFIG_HOME/store, else ~/.config/store; %APPDATA%\store on Windows).
import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { LowSync, type SyncAdapter } from 'lowdb'
import { DataFileSync } from 'lowdb/node'
import { z } from 'zod'
import type { CliContext } from './context.js'
import type { Connection, GlobalOptions } from './connection.js'
import { UsageError } from './exit-codes.js'

export const ProfileSchema = z.strictObject({
  baseUrl: z.string().optional(),
  apiKey: z.string().optional(),
  shop: z.string().optional(),
})
export type Profile = z.infer<typeof ProfileSchema>

export const ConfigFileSchema = z.strictObject({
  current: z.string().optional(),
  profiles: z.record(z.string(), ProfileSchema),
})
export type ConfigFile = z.infer<typeof ConfigFileSchema>

/** The profile keys as `store config get|set` names them, and their field in the file. */
export const PROFILE_KEYS = { 'base-url': 'baseUrl', 'api-key': 'apiKey', shop: 'shop' } as const satisfies Record<
  string,
  keyof Profile
>
export type ProfileKeyName = keyof typeof PROFILE_KEYS

export const DEFAULT_PROFILE = 'default'

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
  const parsed = ConfigFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new UsageError(
      `${path}: ${issue.path.join('.') || '(root)'}: ${issue.message}; fix or delete it, then run store login`,
    )
  }
  return parsed.data
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
 * The profile in force: `--profile`, else STORE_PROFILE, else the file's current profile. A named
 * profile that does not exist is a usage error; no profile at all is an empty one.
 */
export function selectProfile(
  ctx: Pick<CliContext, 'env' | 'configDir'>,
  globals: Pick<GlobalOptions, 'profile'>,
  config = readConfig(ctx),
): { name: string; profile: Profile; isSaved: boolean } {
  const wanted = globals.profile ?? ctx.env.STORE_PROFILE
  if (wanted !== undefined) {
    const profile = config.profiles[wanted]
    if (!profile) {
      const known = Object.keys(config.profiles)
      throw new UsageError(
        `no profile "${wanted}"${known.length ? ` (saved: ${known.join(', ')})` : ''}; create it with store login --profile ${wanted}`,
      )
    }
    return { name: wanted, profile, isSaved: true }
  }
  const name = config.current ?? DEFAULT_PROFILE
  const profile = config.profiles[name]
  return { name, profile: profile ?? {}, isSaved: Boolean(profile) }
}

/** The profile's connection fields, for `resolveConnection(ctx, globals, loadProfile(ctx, globals))`. */
export function loadProfile(
  ctx: Pick<CliContext, 'env' | 'configDir'>,
  globals: Pick<GlobalOptions, 'profile'>,
): Partial<Connection> {
  return selectProfile(ctx, globals).profile
}

export function profileKeyOf(name: string): keyof Profile {
  const kebab = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/_/g, '-')
  const key = PROFILE_KEYS[kebab as ProfileKeyName]
  if (!key) throw new UsageError(`unknown key "${name}": use one of ${Object.keys(PROFILE_KEYS).join(', ')}`)
  return key
}
