import type { Command } from 'commander'
import type { Subscription } from '../../contract/subscriptions.js'
import { inContext, type CommandContext } from '../client-factory.js'
import { examples } from '../examples.js'
import type { CliContext } from '../context.js'
import type { Column } from '../output.js'
import { clientCommands, confirmOrYes, registerResource, YES } from '../resource.js'

export const SUBSCRIPTION_COLUMNS: Column<Subscription>[] = [
  ['ID', (s) => s.id],
  ['PRODUCT', (s) => s.productName],
  ['CUSTOMER', (s) => s.customerEmail],
  ['STATUS', (s) => s.status],
  ['PERIOD END', (s) => s.currentPeriodEnd],
  ['CANCELED', (s) => s.canceledAt],
]

/** Cancels through the emulator control API (the hosted service does this in its dashboard). */
export async function cancelSubscription(cc: CommandContext, id: string, opts: { yes?: boolean }): Promise<void> {
  await confirmOrYes(cc, opts, `Cancel subscription ${id}?`, `cancel subscription ${id}`)
  const subscription = await cc.client().emulator.cancelSubscription(id)
  cc.out.record(subscription, Object.entries(subscription))
  if (!cc.out.isJson) cc.out.success(`Cancelled subscription ${id}`)
}

export function register(program: Command, ctx: CliContext): void {
  const cmd = registerResource<Subscription>(program, ctx, {
    name: 'subscriptions',
    singular: 'subscription',
    description: 'list and show subscriptions (read only); cancel on the emulator',
    examples: { id: 'sub_…' },
    schema: () => import('../../contract/subscriptions.js').then((m) => m.SubscriptionSchema),
    ...clientCommands(
      (client) => client.subscriptions,
      'subscriptions',
      SUBSCRIPTION_COLUMNS,
      'No subscriptions found',
    ),
  })
  cmd
    .command('cancel')
    .addHelpText('after', examples('store subscriptions cancel sub_… --yes'))
    .description('cancel a subscription (emulator control API)')
    .argument('<id>', 'subscription id')
    .option(...YES)
    .action(inContext(ctx, (cc, id: string, opts: { yes?: boolean }) => cancelSubscription(cc, id, opts)))
}
