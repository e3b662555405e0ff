import type { Command } from 'commander'
import { CUSTOMER_LIMIT } from '../../contract/constants.js'
import type { Customer } from '../../contract/customers.js'
import type { CliContext } from '../context.js'
import { formatMoney, type Column } from '../output.js'
import { registerResource } from '../resource.js'
import { limitOf } from './orders.js'

const CUSTOMER_COLUMNS: Column<Customer>[] = [
  ['ID', (c) => c.id],
  ['EMAIL', (c) => c.email],
  ['NAME', (c) => c.name],
  ['ORDERS', (c) => c.totalOrders],
  ['SPENT', (c) => formatMoney(c.totalSpent)],
  ['LAST ORDER', (c) => c.lastOrderAt],
]

export function register(program: Command, ctx: CliContext): void {
  registerResource<Customer>(program, ctx, {
    name: 'customers',
    singular: 'customer',
    description: 'list and show customers (read only)',
    examples: { id: 'ada@example.com', list: ['store customers list --limit 10', 'store customers list --json'] },
    schema: () => import('../../contract/customers.js').then((m) => m.CustomerDetailSchema),
    list: {
      options: (cmd) =>
        cmd
          .description('list customers who placed orders, newest first')
          .option('--limit <n>', `how many (1-${CUSTOMER_LIMIT.max}, default ${CUSTOMER_LIMIT.default})`),
      run: async (cc, opts: { limit?: string }) => {
        const envelope = await cc.client().customers.list({ limit: limitOf(opts.limit, CUSTOMER_LIMIT.max) })
        cc.out.list(envelope, envelope.customers, CUSTOMER_COLUMNS, 'No customers found')
      },
    },
    get: (client, id) => client.customers.get(id),
  })
}
