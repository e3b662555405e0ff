/**
 * Every top-level command: its one-line summary for `store --help`, and the module that holds it,
 * loaded only when that command runs (so `--help` and `--version` load none of them).
 */
export interface CommandEntry {
  name: string
  summary: string
  load: () => Promise<{ register: import('./command.js').Register }>
}

export const COMMANDS: CommandEntry[] = [
  {
    name: 'serve',
    summary: 'run the local emulator of /api/v1 (with checkout, webhooks and a dashboard)',
    load: () => import('./commands/serve.js'),
  },
  {
    name: 'products',
    summary: 'list, show, create, update and delete products',
    load: () => import('./commands/products.js'),
  },
  { name: 'orders', summary: 'list and show orders, set their status', load: () => import('./commands/orders.js') },
  {
    name: 'coupons',
    summary: 'list, show, create, update and delete coupons',
    load: () => import('./commands/coupons.js'),
  },
  {
    name: 'blacklists',
    summary: 'block visitors by IP, country or e-mail',
    load: () => import('./commands/blacklists.js'),
  },
  {
    name: 'categories',
    summary: 'list, show, create, update and delete categories',
    load: () => import('./commands/categories.js'),
  },
  {
    name: 'groups',
    summary: 'list, show, create, update and delete product groups (bundles)',
    load: () => import('./commands/groups.js'),
  },
  { name: 'customers', summary: 'list and show customers (read only)', load: () => import('./commands/customers.js') },
  {
    name: 'subscriptions',
    summary: 'list and show subscriptions; cancel on the emulator',
    load: () => import('./commands/subscriptions.js'),
  },
  { name: 'themes', summary: 'list, show and update storefront themes', load: () => import('./commands/themes.js') },
  {
    name: 'webhooks',
    summary: 'simulate, forward, receive and validate webhooks; endpoints and delivery logs of the emulator',
    load: () => import('./commands/webhooks.js'),
  },
  {
    name: 'mystery',
    summary: 'verify mystery-box rolls (from an order, a file or raw values) and compute them',
    load: () => import('./commands/mystery.js'),
  },
  {
    name: 'emulator',
    summary: 'drive the local emulator: shops, keys, fulfilment, checkout, pay, tracking, clock',
    load: () => import('./commands/emulator.js'),
  },
  {
    name: 'logs',
    summary: "tail the emulator's request log: what your app sent, what it was answered and why it failed",
    load: () => import('./commands/logs.js'),
  },
  {
    name: 'openapi',
    summary: 'print or write the OpenAPI 3.1 documents (/api/v1; --control: control API and storefront)',
    load: () => import('./commands/openapi.js'),
  },
  { name: 'login', summary: 'check an API key and save it as a profile', load: () => import('./commands/login.js') },
  { name: 'config', summary: 'show and change saved profiles', load: () => import('./commands/config.js') },
  {
    name: 'completion',
    summary: 'print a shell completion script (bash, zsh or fish)',
    load: () => import('./commands/completion.js'),
  },
]
