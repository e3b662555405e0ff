import { DEFAULT_BASE_URL } from '../client/http.js'
import { UsageError } from './exit-codes.js'
import { PROFILE_SOURCE_WORDS, type ProfileSource, type WithEnv } from './profiles.js'

/** Global options as commander hands them over (`command.optsWithGlobals()`). */
export interface GlobalOptions {
  apiKey?: string
  baseUrl?: string
  shop?: string
  profile?: string
  json?: boolean
  color?: boolean
  verbose?: boolean
}

export interface Connection {
  baseUrl: string
  apiKey?: string
  shop?: string
  /** The emulator's origin (base URL without /api/v1), for /_emulator and /storefront paths. */
  origin: string
  /** Where the key came from, for messages: `--api-key`, `STORE_API_KEY` or `profile "default"`. */
  apiKeySource?: string
  /**
   * Where the base URL came from, for messages: `--base-url`, `STORE_BASE_URL`, `the base-url of
   * profile "local" (the one store serve saved, …)`, or the default (naming the profile in force, if any).
   */
  baseUrlSource: string
  /** The profile in force, if any, and how it was chosen. */
  profile?: { name: string; source: ProfileSource }
}

/**
 * Where and as whom to connect: flags first, then STORE_* env, then the profile, then the local
 * emulator. Profiles are read by `selectProfile` (store login / store config).
 */
export function resolveConnection(
  ctx: WithEnv,
  globals: GlobalOptions,
  profile: Partial<Pick<Connection, 'baseUrl' | 'apiKey' | 'shop'>> = {},
  chosen: { name: string; source: ProfileSource } = { name: 'default', source: 'none' },
): Connection {
  const fromProfile = `profile "${chosen.name}"`
  const [rawBaseUrl, label] = firstOf([
    [globals.baseUrl, '--base-url'],
    [ctx.env.STORE_BASE_URL || undefined, 'STORE_BASE_URL'],
    [profile.baseUrl, `the base-url of ${fromProfile}`],
  ]) ?? [DEFAULT_BASE_URL, 'default']
  const baseUrl = checkBaseUrl(rawBaseUrl, label).replace(/\/+$/, '')
  const inForce = chosen.source === 'none' ? undefined : `${fromProfile} (${PROFILE_SOURCE_WORDS[chosen.source]})`
  const baseUrlSource =
    label === 'default'
      ? `the default${inForce ? `, as ${inForce} sets no base-url` : ' (no profile is saved)'}`
      : label.startsWith('the base-url') && inForce
        ? `the base-url of ${inForce}`
        : label
  const [apiKey, apiKeySource] = firstOf([
    [globals.apiKey, '--api-key'],
    [ctx.env.STORE_API_KEY || undefined, 'STORE_API_KEY'],
    [profile.apiKey, fromProfile],
  ]) ?? [undefined, undefined]
  return {
    baseUrl,
    apiKey,
    apiKeySource,
    baseUrlSource,
    profile: chosen.source === 'none' ? undefined : chosen,
    shop: globals.shop ?? ctx.env.STORE_SHOP ?? profile.shop,
    origin: baseUrl.replace(/\/api\/v1$/, ''),
  }
}

function firstOf(candidates: [value: string | undefined, source: string][]): [string, string] | undefined {
  return candidates.find((c): c is [string, string] => c[0] !== undefined)
}

/** What is wrong with a base URL, saying what to write instead; undefined for an http(s) URL. */
export function urlProblem(value: string, source: string, like = DEFAULT_BASE_URL): string | undefined {
  const example = (host: string) =>
    `${new URL(like).protocol}//${host.replace(/\/+$/, '')}${/\/api\/v1\/?$/.test(host) ? '' : '/api/v1'}`
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return `${source}: "${value}" has no scheme: write ${example(value)}`
  if (!URL.canParse(value)) return `${source}: "${value}" is not a URL: write it like ${like}`
  if (!/^https?:$/.test(new URL(value).protocol))
    return `${source}: "${value}" is not an http(s) URL: write it like ${like}`
}

export function checkBaseUrl(value: string, source: string, like?: string): string {
  const problem = urlProblem(value, source, like)
  if (problem) throw new UsageError(problem)
  return value
}

/** A hosted service's API (`--upstream`, `--from`), checked as a base URL is, with `/api/v1` added when it lacks it. */
export function apiBaseOf(value: string, source: string): string {
  const base = checkBaseUrl(value, source, 'https://shop.example.com/api/v1')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
  return base.endsWith('/api/v1') ? base : `${base}/api/v1`
}
