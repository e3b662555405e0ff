// `store serve` keeps the key it knows, with its URL, in the profile `local` of the user's config
// (mode 0600), so `store products list` in another terminal works with no further step.
import type { CliContext } from './context.js'
import { LOCAL_PROFILE, configPathOf, openConfig, readConfig, selectProfile } from './profiles.js'

type ConfigContext = Pick<CliContext, 'env' | 'configDir'>

/** The key saved in the `local` profile, if any (an unreadable config counts as none). */
export function savedLocalKey(ctx: ConfigContext): string | undefined {
  try {
    return readConfig(ctx).profiles[LOCAL_PROFILE]?.apiKey
  } catch {
    return undefined
  }
}

/**
 * Saves `baseUrl` and `apiKey` as the `local` profile, keeping its shop. Returns where, and the
 * profile the CLI uses instead when another one is in force (then `--profile local` picks this).
 */
export function saveLocalProfile(
  ctx: ConfigContext,
  baseUrl: string,
  apiKey: string,
): { path: string; otherProfile?: string } {
  openConfig(ctx).update((config) => {
    config.profiles[LOCAL_PROFILE] = { ...config.profiles[LOCAL_PROFILE], baseUrl, apiKey }
  })
  let inForce: string | undefined
  try {
    inForce = selectProfile(ctx, {}).name
  } catch {
    inForce = ctx.env.STORE_PROFILE
  }
  return { path: configPathOf(ctx), otherProfile: inForce === LOCAL_PROFILE ? undefined : inForce }
}
