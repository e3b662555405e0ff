// `store state …`: the calling account's saved states on the local emulator (docs/testing.md, "Using store
// in your test suite"): save, restore, list, reset, and the shop as a seed file (export, import).
import { resolve } from 'node:path'
import type { Command } from 'commander'
import { examples } from '../examples.js'
import type { StateChange } from '../../contract/states.js'
import { inContext, type CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'
import { readJsonArgument } from '../input.js'
import { confirmOrYes, listAction, YES } from '../resource.js'
import { StoreError } from '../../contract/store-error.js'

/** The saved state of that name, if the account has one. */
async function savedState(cc: CommandContext, name: string) {
  return (await cc.client().emulator.listStates()).states.find((s) => s.name === name)
}

/** Saves; a name already taken is replaced only after a yes on a terminal, or with --yes. */
async function saveState(cc: CommandContext, name: string, o: { yes?: boolean }): Promise<void> {
  const taken = o.yes ? undefined : await savedState(cc, name)
  if (taken)
    await confirmOrYes(
      cc,
      o,
      `Replace saved state ${name} (saved ${taken.savedAt})?`,
      `replace saved state ${name} (saved ${taken.savedAt})`,
    )
  reportChange(cc, await cc.client().emulator.saveState(name), `saved state ${name}`)
}

/** Restores after a yes on a terminal (or --yes); the state is looked up before asking. */
async function restoreState(cc: CommandContext, name: string, o: { yes?: boolean }): Promise<void> {
  await confirmOrYes(
    cc,
    o,
    async () => {
      const state = await savedState(cc, name)
      if (!state) throw new StoreError(404, `no saved state named "${name}"; list them with store state list`)
      return `Restore saved state ${name} (saved ${state.savedAt})? Every record of the account is replaced and its logs emptied.`
    },
    `restore state ${name} over the account's data`,
  )
  reportChange(cc, await cc.client().emulator.restoreState(name), `restored state ${name}`)
}

function reportChange(cc: CommandContext, change: StateChange, what: string): void {
  if (cc.out.isJson) return cc.out.json(change)
  cc.out.success(`${what} (${change.records} record${change.records === 1 ? '' : 's'})`)
}

async function exportState(cc: CommandContext, o: { out?: string }): Promise<void> {
  const seed = await cc.client().emulator.exportState()
  const text = `${JSON.stringify(seed, null, 2)}\n`
  if (!o.out) return cc.out.line(text.replace(/\n$/, ''))
  // node:fs/promises on use: it is a start-up cost for every other command.
  await process.getBuiltinModule('node:fs/promises').writeFile(resolve(cc.cwd, o.out), text)
  cc.out.success(
    `wrote the shop's records to ${o.out} (store serve --seed ${o.out} or store state import ${o.out} load it)`,
  )
}

async function importState(cc: CommandContext, file: string, o: { yes?: boolean } = {}): Promise<void> {
  const seed = await readJsonArgument(cc, file === '-' ? '-' : `@${file}`, 'FILE')
  if (typeof seed !== 'object' || seed === null || Array.isArray(seed))
    throw new UsageError(`FILE: ${file} must hold a JSON object, a seed file as store state export writes`)
  await confirmOrYes(
    cc,
    o,
    `Replace the shop's records with those of ${file}?`,
    `replace the shop's records with ${file}`,
  )
  reportChange(cc, await cc.client().emulator.importState(seed as Record<string, unknown>), `imported ${file}`)
}

export function register(program: Command, ctx: CliContext): void {
  const state = program
    .command('state')
    .description("the account's saved states on the emulator: save, restore, list, reset, export, import")
  state
    .command('save <name>')
    .description("save the account's data and clock under a name")
    .addHelpText('after', examples('store state save before-checkout', 'store state save before-checkout --yes'))
    .option(...YES)
    .action(inContext(ctx, saveState))
  state
    .command('restore <name>')
    .description('put the account back to a saved state (its logs are emptied)')
    .addHelpText('after', examples('store state restore before-checkout', 'store state restore before-checkout --yes'))
    .option(...YES)
    .action(inContext(ctx, restoreState))
  state
    .command('list')
    .description("the account's saved states")
    .addHelpText('after', examples('store state list', 'store state list --json'))
    .action(
      listAction(
        ctx,
        (client) => client.emulator.listStates(),
        'states',
        [
          ['NAME', (s) => s.name],
          ['SAVED', (s) => s.savedAt],
          ['BYTES', (s) => s.bytes],
        ],
        'No saved states (save one with store state save NAME)',
      ),
    )
  state
    .command('reset')
    .description('put the account back to the state it was created with')
    .addHelpText('after', examples('store state reset', 'store state reset --yes'))
    .option(...YES)
    .action(
      inContext(ctx, async (cc, o: { yes?: boolean }) => {
        await confirmOrYes(
          cc,
          o,
          'Reset the account to the state it was created with? Every record is replaced and its logs emptied.',
          "reset the account's data",
        )
        reportChange(cc, await cc.client().emulator.reset(), 'reset the account to its seed state')
      }),
    )
  state
    .command('export')
    .description("the shop's records as a seed file (for store serve --seed or store state import)")
    .addHelpText(
      'after',
      examples('store state export --out shop.json', 'store serve --db fresh.json --seed shop.json'),
    )
    .option('--out <file>', 'write to this file instead of stdout')
    .action(inContext(ctx, exportState))
  state
    .command('import <file>')
    .description("replace the shop's records with a seed file's ('-' reads stdin)")
    .addHelpText('after', examples('store state import shop.json', 'store state export | store state import - --yes'))
    .option(...YES)
    .action(inContext(ctx, importState))
}
