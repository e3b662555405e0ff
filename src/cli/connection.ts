import type { CliContext } from './context.js'
import { UsageError } from './exit-codes.js'

export const DEFAULT_BASE_URL = 'http://127.0.0.1:4010/api/v1'

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
}

/**
 * Where and as whom to connect: flags first, then STORE_* env, then the profile, then the local
 * emulator. Profiles are read by `selectProfile` (store login / store config).
 */
export function resolveConnection(
  ctx: CliContext,
  globals: GlobalOptions,
  profile: Partial<Connection> = {},
  profileName = 'default',
): Connection {
  const fromProfile = `profile "${profileName}"`
  const [rawBaseUrl, baseUrlSource] = firstOf([
    [globals.baseUrl, '--base-url'],
    [ctx.env.STORE_BASE_URL || undefined, 'STORE_BASE_URL'],
    [profile.baseUrl, `the base-url of ${fromProfile}`],
  ]) ?? [DEFAULT_BASE_URL, 'default']
  const baseUrl = checkBaseUrl(rawBaseUrl, baseUrlSource).replace(/\/+$/, '')
  const [apiKey, apiKeySource] = firstOf([
    [globals.apiKey, '--api-key'],
    [ctx.env.STORE_API_KEY || undefined, 'STORE_API_KEY'],
    [profile.apiKey, fromProfile],
  ]) ?? [undefined, undefined]
  return {
    baseUrl,
    apiKey,
    apiKeySource,
    shop: globals.shop ?? ctx.env.STORE_SHOP ?? profile.shop,
    origin: baseUrl.replace(/\/api\/v1$/, ''),
  }
}

function firstOf(candidates: [value: string | undefined, source: string][]): [string, string] | undefined {
  return candidates.find((c): c is [string, string] => c[0] !== undefined)
}

/** An http(s) URL, or a usage error that says what to write instead (`localhost:4010` has no scheme). */
function checkBaseUrl(value: string, source: string): string {
  const example = (host: string) => `http://${host.replace(/\/+$/, '')}${/\/api\/v1\/?$/.test(host) ? '' : '/api/v1'}`
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    throw new UsageError(`${source}: "${value}" has no scheme: write ${example(value)}`)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`${source}: "${value}" is not a URL: write it like ${DEFAULT_BASE_URL}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${source}: "${value}" is not an http(s) URL: write it like ${DEFAULT_BASE_URL}`)
  return value
}
