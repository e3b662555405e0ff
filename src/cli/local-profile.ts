// `store serve` keeps the key it knows, with its URL, in a profile of the user's config (mode
// 0600): `local` on the default port, or the one `--profile` names. `store products list` in
// another terminal then works with no further step.
import type { CliContext } from './context.js'
import { configPathOf, openConfig, readConfig, selectProfile } from './profiles.js'

type ConfigContext = Pick<CliContext, 'env' | 'configDir'>

/** The key saved in the profile `name`, if any (an unreadable config counts as none). */
export function savedKey(ctx: ConfigContext, name: string): string | undefined {
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
  ctx: ConfigContext,
  name: string,
  baseUrl: string,
  apiKey: string,
): { path: string; otherProfile?: string | null } {
  openConfig(ctx).update((config) => {
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
