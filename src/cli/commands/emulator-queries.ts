// `store emulator queries` and `store emulator feedback`: what customers sent through the
// storefront (docs/emulator.md, "Control API"); `store emulator reply` answers a query.
import type { Command } from 'commander'
import type { Feedback, Query } from '../../contract/storefront.js'
import { inContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { examples } from '../examples.js'
import type { Column } from '../output.js'
import { listAction } from '../resource.js'

const QUERY_COLUMNS: Column<Query>[] = [
  ['ID', (q) => q.id],
  ['STATUS', (q) => q.status],
  ['FROM', (q) => q.customerEmail],
  ['SUBJECT', (q) => q.subject],
  ['REPLIES', (q) => q.replyCount],
  ['CREATED', (q) => q.createdAt],
]

const FEEDBACK_COLUMNS: Column<Feedback>[] = [
  ['ID', (f) => f.id],
  ['ORDER', (f) => f.orderNumber],
  ['PRODUCT', (f) => f.productTitle],
  ['RATING', (f) => f.rating],
  ['FROM', (f) => f.customerEmail],
  ['COMMENT', (f) => f.comment],
]

export function registerQueries(emulator: Command, ctx: CliContext): void {
  const queries = emulator.command('queries').description("customers' queries to the shop (list by default)")
  queries
    .command('list', { isDefault: true })
    .description('list queries, newest first')
    .addHelpText('after', examples('store emulator queries', 'store emulator queries list --json'))
    .action(listAction(ctx, (client) => client.emulator.listQueries(), 'queries', QUERY_COLUMNS, 'No queries found'))
  queries
    .command('get')
    .description('show one query with its replies')
    .addHelpText('after', examples('store emulator queries get qry_…'))
    .argument('<id>', 'query id')
    .action(
      inContext(ctx, async (cc, id: string) => {
        const query = await cc.client().emulator.getQuery(id)
        cc.out.record(query, Object.entries(query))
      }),
    )
  emulator
    .command('feedback')
    .description("customers' feedback on paid orders, newest first")
    .addHelpText('after', examples('store emulator feedback', 'store emulator feedback --json'))
    .action(
      listAction(ctx, (client) => client.emulator.listFeedback(), 'feedback', FEEDBACK_COLUMNS, 'No feedback found'),
    )
}
