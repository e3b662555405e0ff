import type { Command } from 'commander'
import type { BlacklistEntry } from '../../contract/blacklists.js'
import type { CliContext } from '../context.js'
import { registerResource } from '../resource.js'

export function register(program: Command, ctx: CliContext): void {
  registerResource<BlacklistEntry>(program, ctx, {
    name: 'blacklists',
    one: 'BlacklistEntry',
    description: 'block visitors by IP, country or e-mail',
    columns: [
      ['ID', (b) => b.id],
      ['TYPE', (b) => b.type],
      ['VALUE', (b) => b.value],
      ['REASON', (b) => b.reason],
      ['CREATED', (b) => b.createdAt],
    ],
    empty: 'No blacklist entries found',
    examples: {
      id: 'bl_demo_ip',
      create: ['store blacklists create --type EMAIL --value fraud@example.com --reason chargebacks'],
      update: ['store blacklists update bl_demo_ip --reason "card testing"'],
    },
  })
}
