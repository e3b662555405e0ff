import type { Command } from 'commander'
import { DEFAULT_BASE_URL, maskSecret } from '../../client/http.js'
import { StoreError } from '../../contract/store-error.js'
import { clientFor, inContext, type CommandContext } from '../client-factory.js'
import { checkBaseUrl, urlProblem } from '../connection.js'
import { subcommand } from '../examples.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'
import { DEFAULT_PROFILE, configPathOf, readConfig, updateConfig, type Profile } from '../profiles.js'

/**
 * Asks for what the flags and env do not give (on a terminal only), checks the key with
 * GET /products?limit=1, and saves the profile (mode 0600) as the current one.
 */
export async function login(cc: CommandContext): Promise<void> {
  const { globals, env } = cc
  const name = globals.profile ?? env.STORE_PROFILE ?? DEFAULT_PROFILE
  const config = readConfig(cc)
  const saved: Profile = config.profiles[name] ?? {}
  const ask = cc.interactive ? cc.prompter : undefined

  let baseUrl = globals.baseUrl ?? env.STORE_BASE_URL
  if (baseUrl === undefined)
    baseUrl = ask
      ? await ask.input('API base URL (ends in /api/v1)', {
          default: saved.baseUrl ?? DEFAULT_BASE_URL,
          validate: (value) => urlProblem(value, 'the URL') ?? true,
        })
      : (saved.baseUrl ?? DEFAULT_BASE_URL)
  baseUrl = checkBaseUrl(baseUrl, '--base-url').replace(/\/+$/, '')

  let apiKey = globals.apiKey ?? env.STORE_API_KEY
  if (apiKey === undefined) {
    if (!ask) throw new UsageError('no API key: pass --api-key or set STORE_API_KEY (no terminal to ask on)')
    apiKey = (await ask.password('API key (sk_live_…)')).trim()
  }
  let shop = globals.shop ?? env.STORE_SHOP
  if (shop === undefined && ask)
    shop =
      (await ask.input('Shop id or slug (empty for the oldest shop)', { default: saved.shop ?? '' })).trim() ||
      undefined

  try {
    const apiKeySource = globals.apiKey ? '--api-key' : env.STORE_API_KEY ? 'STORE_API_KEY' : 'the prompt'
    await clientFor(cc, { baseUrl, apiKey, shop, apiKeySource }, globals).products.list({ limit: 1 })
  } catch (error) {
    if (error instanceof StoreError)
      throw new StoreError(error.status, `login failed, nothing saved: ${error.message}`, error.errors)
    throw error
  }
  const profile: Profile = { baseUrl, apiKey, ...(shop ? { shop } : {}) }
  // A profile named with --profile (or STORE_PROFILE) beside others is saved, not switched to:
  // the current one stays, until `store config use`. The first profile, or the current one, is current.
  const current = config.current
  const isCurrent =
    current === name ||
    (current === undefined && (Object.keys(config.profiles).length === 0 || name === DEFAULT_PROFILE))
  updateConfig(cc, (changed) => {
    if (isCurrent) changed.current = name
    changed.profiles[name] = profile
  })
  const path = configPathOf(cc)
  if (cc.out.isJson)
    return cc.out.json({
      profile: name,
      baseUrl,
      apiKey: maskSecret(apiKey),
      shop: shop ?? null,
      path,
      current: isCurrent,
    })
  cc.out.success(`Logged in to ${baseUrl} with ${maskSecret(apiKey)}${shop ? ` (shop ${shop})` : ''}`)
  if (isCurrent) cc.out.info(`Saved profile "${name}" in ${path} and made it the current one.`)
  else
    cc.out.info(
      `Saved profile "${name}" in ${path}; the current profile stays ${current ? `"${current}"` : 'as it was'}: use this one with --profile ${name}, or make it current with store config use ${name}.`,
    )
}

export function register(program: Command, ctx: CliContext): void {
  subcommand(
    program,
    'login',
    'check an API key and save it as a profile (uses --api-key, --base-url, --shop, --profile; asks for the rest on a terminal)',
    ['store login', 'store login --profile staging --base-url https://api.example.com/api/v1'],
  ).action(inContext(ctx, (cc) => login(cc)))
}
