// The resources whose commands are `registerResource` alone: each a spec, registered under its name
// by commands-index.ts.
import type { Command } from 'commander'
import type { BlacklistEntry } from '../../contract/blacklists.js'
import type { Category } from '../../contract/categories.js'
import { CUSTOMER_LIMIT } from '../../contract/constants.js'
import type { Customer } from '../../contract/customers.js'
import type { Group } from '../../contract/groups.js'
import type { Subscription } from '../../contract/subscriptions.js'
import type { Theme, ThemeSummary } from '../../contract/themes.js'
import type { CliContext } from '../context.js'
import { operationCommand } from '../operation-command.js'
import { formatMoney } from '../output.js'
import { registerResource, type ResourceSpec } from '../resource.js'

const resource =
  <Row extends object>(spec: ResourceSpec<Row>) =>
  (program: Command, ctx: CliContext) =>
    registerResource(program, ctx, spec)

export const blacklists = resource<BlacklistEntry>({
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

export const categories = resource<Category>({
  name: 'categories',
  one: 'Category',
  description: 'list, show, create, update and delete categories',
  columns: [
    ['ID', (c) => c.id],
    ['NAME', (c) => c.name],
    ['SORT', (c) => c.sortOrder],
    ['UNLISTED', (c) => (c.unlisted ? 'yes' : 'no')],
    ['PRODUCTS', (c) => c.products.length],
    ['GROUPS', (c) => c.groups.length],
  ],
  examples: {
    id: 'cat_demo_games',
    create: ['store categories create --name Games --product-ids rec_demoSerial001,rec_demoMystery01'],
    update: ['store categories update cat_demo_merch --sort-order 5'],
  },
})

export const customers = resource<Customer>({
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

export const groups = resource<Group>({
  name: 'groups',
  one: 'Group',
  description: 'list, show, create, update and delete product groups (bundles)',
  columns: [
    ['ID', (g) => g.id],
    ['NAME', (g) => g.name],
    ['DISCOUNT', (g) => `${g.discountPercent}%`],
    ['SORT', (g) => g.sortOrder],
    ['UNLISTED', (g) => (g.unlisted ? 'yes' : 'no')],
    ['PRODUCTS', (g) => g.products.length],
  ],
  examples: {
    id: 'grp_demo_bundle',
    create: [
      'store groups create --name Bundle --discount-percent 10 --product-ids rec_demoSerial001,rec_demoDigital01',
    ],
    update: ['store groups update grp_demo_bundle --discount-percent 20'],
  },
})

const subscriptionCommands = resource<Subscription>({
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

export function subscriptions(program: Command, ctx: CliContext): void {
  // Through the emulator control API: the hosted service does this in its dashboard.
  operationCommand(subscriptionCommands(program, ctx), ctx, 'cancel', 'cancelSubscription', {
    examples: ['store subscriptions cancel sub_… --yes'],
    confirm: ([id]) => [`Cancel subscription ${id}?`, `cancel subscription ${id}`],
    done: (_, [id]) => `Cancelled subscription ${id}`,
  })
}

export const themes = resource<Theme | ThemeSummary>({
  name: 'themes',
  one: 'Theme',
  description: 'list, show and update storefront themes',
  columns: [
    ['ID', (t) => t.id],
    ['NAME', (t) => t.name],
    ['VERSION', (t) => t.version],
    ['OWNER', (t) => t.owner],
    ['ACTIVE', (t) => (t.isActive ? 'active' : '')],
    ['UPDATED', (t) => t.updatedAt],
  ],
  examples: {
    id: 'default',
    update: ['store themes update default --config @theme.json --css @custom.css'],
  },
  show: (cc, theme) => {
    const { config, files, ...summary } = theme as Theme
    cc.out.record(theme, [
      ...Object.entries(summary),
      ['config', config],
      ['theme.json', `${files['theme.json'].length} characters`],
      ['custom.css', `${files['custom.css'].length} characters`],
    ])
  },
  // The two files by their own names: `--css @custom.css` reads the file as it is.
  flags: {
    update: { 'files.custom.css': { flag: 'css', kind: 'text' }, 'files.theme.json': { flag: 'theme-json' } },
  },
})
