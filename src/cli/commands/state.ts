// `store state …`: the calling account's saved states on the local emulator (docs/testing.md, "Using store
// in your test suite"): save, restore, list, reset, and the shop as a seed file (export, import).
import { resolve } from 'node:path'
import type { Command } from 'commander'
import type { StateChange } from '../../contract/states.js'
import { StoreError } from '../../contract/store-error.js'
import { inContext, type CommandContext } from '../client-factory.js'
import { subcommand } from '../examples.js'
import type { CliContext } from '../context.js'
import { counted } from '../counted.js'
import { UsageError } from '../exit-codes.js'
import { readJsonArgument } from '../input.js'
import { confirmOrYes, operationCommand } from '../operation-command.js'

async function savedState(cc: CommandContext, name: string) {
  return (await cc.client().emulator.listStates()).states.find((s) => s.name === name)
}

const changed = (what: string) => (change: StateChange) => `${what} (${counted(change.records, 'records')})`

export function register(program: Command, ctx: CliContext): void {
  const state = program
    .command('state')
    .description("the account's saved states on the emulator: save, restore, list, reset, export, import")
  const named = (cmd: Command) => cmd.argument('<name>', 'the saved state')
  operationCommand(state, ctx, 'save', 'saveState', {
    examples: ['store state save before-checkout', 'store state save before-checkout --yes'],
    description: "save the account's data and clock under a name",
    flags: { name: false },
    options: (cmd) => named(cmd).option('-y, --yes', 'replace a saved state of that name without asking'),
    // A name already taken is replaced only after a yes on a terminal, or with --yes.
    amend: async (cc, body, o, [name]) => {
      const taken = o.yes ? undefined : await savedState(cc, name)
      const when = `${name} (saved ${taken?.savedAt})`
      if (taken) await confirmOrYes(cc, o, `Replace saved state ${when}?`, `replace saved state ${when}`)
      body.name = name
    },
    show: false,
    done: (change, [name]) => changed(`saved state ${name}`)(change),
  })
  operationCommand(state, ctx, 'restore', 'restoreState', {
    examples: ['store state restore before-checkout', 'store state restore before-checkout --yes'],
    description: 'put the account back to a saved state (its logs are emptied)',
    flags: { name: false, seed: false },
    options: named,
    // The state is looked up before asking: the question says when it was saved.
    confirm: ([name], cc) => [
      async () => {
        const saved = await savedState(cc, name)
        if (!saved) throw new StoreError(404, `no saved state named "${name}"; list them with store state list`)
        return `Restore saved state ${name} (saved ${saved.savedAt})? Every record of the account is replaced and its logs emptied.`
      },
      `restore state ${name} over the account's data`,
    ],
    amend: (_, body, _o, [name]) => {
      body.name = name
    },
    show: false,
    done: (change, [name]) => changed(`restored state ${name}`)(change),
  })
  operationCommand(state, ctx, 'list', 'listStates', {
    examples: ['store state list', 'store state list --json'],
    rows: [
      ['NAME', (s) => s.name],
      ['SAVED', (s) => s.savedAt],
      ['BYTES', (s) => s.bytes],
    ],
    empty: 'No saved states (save one with store state save NAME)',
  })
  operationCommand(state, ctx, 'reset', 'resetAccount', {
    examples: ['store state reset', 'store state reset --yes'],
    description: 'put the account back to the state it was created with',
    confirm: () => [
      'Reset the account to the state it was created with? Every record is replaced and its logs emptied.',
      "reset the account's data",
    ],
    show: false,
    done: changed('reset the account to its seed state'),
  })
  subcommand(state, 'export', "the shop's records as a seed file (for store serve --seed or store state import)", [
    'store state export --out shop.json',
    'store serve --db fresh.json --seed shop.json',
  ])
    .option('--out <file>', 'write to this file instead of stdout')
    .action(
      inContext(ctx, async (cc, o: { out?: string }) => {
        const text = JSON.stringify(await cc.client().emulator.exportState(), null, 2)
        if (!o.out) return cc.out.line(text)
        // node:fs/promises on use: it is a start-up cost for every other command.
        await process.getBuiltinModule('node:fs/promises').writeFile(resolve(cc.cwd, o.out), `${text}\n`)
        cc.out.success(
          `wrote the shop's records to ${o.out} (store serve --seed ${o.out} or store state import ${o.out} load it)`,
        )
      }),
    )
  operationCommand(state, ctx, 'import', 'restoreState', {
    examples: ['store state import shop.json', 'store state export | store state import - --yes'],
    description: "replace the shop's records with a seed file's ('-' reads stdin)",
    flags: { name: false, seed: false },
    options: (cmd) => cmd.argument('<file>', 'a seed file, as store state export writes'),
    confirm: ([file]) => [
      `Replace the shop's records with those of ${file}?`,
      `replace the shop's records with ${file}`,
    ],
    amend: async (cc, body, _o, [file]) => {
      const seed = await readJsonArgument(cc, file === '-' ? '-' : `@${file}`, 'FILE')
      if (typeof seed !== 'object' || seed === null || Array.isArray(seed))
        throw new UsageError(`FILE: ${file} must hold a JSON object, a seed file as store state export writes`)
      body.seed = seed
    },
    show: false,
    done: (change, [file]) => changed(`imported ${file}`)(change),
  })
}
