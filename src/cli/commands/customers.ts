import type { Command } from 'commander'
import { CUSTOMER_LIMIT } from '../../contract/constants.js'
import type { Customer } from '../../contract/customers.js'
import type { CliContext } from '../context.js'
import { formatMoney } from '../output.js'
import { registerResource } from '../resource.js'

export function register(program: Command, ctx: CliContext): void {
  registerResource<Customer>(program, ctx, {
    name: 'customers',
    one: 'Customer',
    description: 'list and show customers (read only)',
    columns: [
      ['ID', (c) => c.id],
      ['EMAIL', (c) => c.email],
      ['NAME', (c) => c.name],
      ['ORDERS', (c) => c.totalOrders],
      ['SPENT', (c) => formatMoney(c.totalSpent)],
      ['LAST ORDER', (c) => c.lastOrderAt],
    ],
    flags: {
      list: { limit: { description: `how many (1-${CUSTOMER_LIMIT.max}, default ${CUSTOMER_LIMIT.default})` } },
    },
    examples: { id: 'ada@example.com', list: ['store customers list --limit 10', 'store customers list --json'] },
  })
}
