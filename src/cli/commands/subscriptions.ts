import type { Command } from 'commander'
import type { Subscription } from '../../contract/subscriptions.js'
import type { CliContext } from '../context.js'
import { operationCommand } from '../operation-command.js'
import { registerResource } from '../resource.js'

export function register(program: Command, ctx: CliContext): void {
  const cmd = registerResource<Subscription>(program, ctx, {
    name: 'subscriptions',
    one: 'Subscription',
    description: 'list and show subscriptions (read only); cancel on the emulator',
    columns: [
      ['ID', (s) => s.id],
      ['PRODUCT', (s) => s.productName],
      ['CUSTOMER', (s) => s.customerEmail],
      ['STATUS', (s) => s.status],
      ['PERIOD END', (s) => s.currentPeriodEnd],
      ['CANCELED', (s) => s.canceledAt],
    ],
    examples: { id: 'sub_…' },
  })
  // Through the emulator control API: the hosted service does this in its dashboard.
  operationCommand(cmd, ctx, 'cancel', 'cancelSubscription', {
    examples: ['store subscriptions cancel sub_… --yes'],
    confirm: ([id]) => [`Cancel subscription ${id}?`, `cancel subscription ${id}`],
    done: (_, [id]) => `Cancelled subscription ${id}`,
  })
}
