import type { CliContext } from './context.js'

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
}

/**
 * Where and as whom to connect: flags first, then STORE_* env, then the profile, then the local
 * emulator. Profiles are read by `selectProfile` (store login / store config).
 */
export function resolveConnection(
  ctx: CliContext,
  globals: GlobalOptions,
  profile: Partial<Connection> = {},
): Connection {
  const baseUrl = (globals.baseUrl ?? ctx.env.STORE_BASE_URL ?? profile.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '')
  return {
    baseUrl,
    apiKey: globals.apiKey ?? ctx.env.STORE_API_KEY ?? profile.apiKey,
    shop: globals.shop ?? ctx.env.STORE_SHOP ?? profile.shop,
    origin: baseUrl.replace(/\/api\/v1$/, ''),
  }
}
