import type { Command } from 'commander'
import type { BlacklistEntry } from '../../contract/blacklists.js'
import type { CliContext } from '../context.js'
import type { Column } from '../output.js'
import { clientCommands, registerResource } from '../resource.js'

export const BLACKLIST_COLUMNS: Column<BlacklistEntry>[] = [
  ['ID', (b) => b.id],
  ['TYPE', (b) => b.type],
  ['VALUE', (b) => b.value],
  ['REASON', (b) => b.reason],
  ['CREATED', (b) => b.createdAt],
]

export function register(program: Command, ctx: CliContext): void {
  registerResource<BlacklistEntry>(program, ctx, {
    name: 'blacklists',
    singular: 'blacklist entry',
    description: 'block visitors by IP, country or e-mail',
    examples: {
      id: 'bl_demo_ip',
      create: ['store blacklists create --type EMAIL --value fraud@example.com --reason chargebacks'],
      update: ['store blacklists update bl_demo_ip --reason "card testing"'],
    },
    schema: () => import('../../contract/blacklists.js').then((m) => m.BlacklistEntrySchema),
    ...clientCommands((client) => client.blacklists, 'blacklists', BLACKLIST_COLUMNS, 'No blacklist entries found', {
      create: 'createBlacklistEntry',
      update: 'updateBlacklistEntry',
    }),
  })
}
