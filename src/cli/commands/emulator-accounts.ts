// `store emulator accounts create|delete`: isolated accounts on one emulator (docs/testing.md, "Accounts").
import type { Command } from 'commander'
import { inContext, type CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { examples } from '../examples.js'
import { readJsonArgument } from '../input.js'
import { confirmOrYes, YES } from '../resource.js'

export interface CreateAccountOptions {
  name?: string
  shopName?: string
  slug?: string
  seed?: string
}

/** Creates an account: `--seed demo|empty|FILE` as `store serve --seed`; its key is printed once. */
export async function createAccount(cc: CommandContext, o: CreateAccountOptions): Promise<void> {
  const seed =
    o.seed === undefined || o.seed === 'demo' || o.seed === 'empty'
      ? o.seed
      : ((await readJsonArgument(cc, o.seed.startsWith('@') ? o.seed : `@${o.seed}`, '--seed')) as Record<
          string,
          unknown
        >)
  const shop = o.shopName !== undefined || o.slug !== undefined ? { name: o.shopName, slug: o.slug } : undefined
  const created = await cc.client().emulator.createAccount({ name: o.name, shop, seed })
  if (cc.out.isJson) return cc.out.json(created)
  cc.out.record(created, [
    ['account', created.account.id],
    ['name', created.account.name],
    ['shop', `${created.shop.name} (${created.shop.slug})`],
    ['key', created.key.secret],
  ])
  cc.out.success(`Created account ${created.account.id}; its key is shown once: use it with --api-key`)
}

export async function deleteAccount(cc: CommandContext, id: string, o: { yes?: boolean }): Promise<void> {
  await confirmOrYes(
    cc,
    o,
    `Delete account ${id} with its shops, records, keys and saved states? This cannot be undone.`,
    `delete account ${id}`,
  )
  const answer = await cc.client().emulator.deleteAccount(id)
  if (cc.out.isJson) cc.out.json(answer)
  else cc.out.success(`Deleted account ${id}`)
}

export function registerAccounts(emulator: Command, ctx: CliContext): void {
  const accounts = emulator
    .command('accounts')
    .description('isolated accounts on this emulator, each with its own key, shop and clock')
  accounts
    .command('create')
    .description('create an account; its key is printed once')
    .addHelpText(
      'after',
      examples('store emulator accounts create --seed demo', 'store emulator accounts create --slug team-b --json'),
    )
    .option('--name <name>', 'account name')
    .option('--shop-name <name>', 'name of its first shop')
    .option('--slug <slug>', 'storefront slug of its first shop (default shop-<random>)')
    .option('--seed <demo|empty|file>', 'its first shop: the demo shop, nothing (default), or a seed file')
    .action(inContext(ctx, (cc, o: CreateAccountOptions) => createAccount(cc, o)))
  accounts
    .command('delete')
    .description('delete an account with everything in it (a key deletes its own account only)')
    .addHelpText('after', examples('store emulator accounts delete acct_… --yes'))
    .argument('<id>', 'account id')
    .option(...YES)
    .action(inContext(ctx, (cc, id: string, o: { yes?: boolean }) => deleteAccount(cc, id, o)))
}
