// Every top-level command in `store --help` order. A run declares only the command it names (all of
// them for `store completion`); what is heavy (zod schemas, the emulator, prompts) is imported
// inside the actions. `store --help` lists them from src/cli/command-list.ts.
import type { Command } from 'commander'
import type { CliContext } from './context.js'

type Register = (program: Command, ctx: CliContext) => void

/** A top-level command: its module is imported only when it runs or its help is asked for. */
export interface CommandModule {
  name: string
  load: () => Promise<{ register: Register }>
}

/** A command of commands/resources.ts, which holds the resources that are a spec alone. */
const resource = (name: keyof typeof import('./commands/resources.js')) => () =>
  import('./commands/resources.js').then((m) => ({ register: m[name] }))

export const COMMANDS: CommandModule[] = [
  { name: 'serve', load: () => import('./commands/serve.js') },
  { name: 'products', load: () => import('./commands/products.js') },
  { name: 'orders', load: () => import('./commands/orders.js') },
  { name: 'coupons', load: () => import('./commands/coupons.js') },
  { name: 'blacklists', load: resource('blacklists') },
  { name: 'categories', load: resource('categories') },
  { name: 'groups', load: resource('groups') },
  { name: 'customers', load: resource('customers') },
  { name: 'subscriptions', load: resource('subscriptions') },
  { name: 'themes', load: resource('themes') },
  { name: 'webhooks', load: () => import('./commands/webhooks.js') },
  { name: 'fixtures', load: () => import('./commands/fixtures.js') },
  { name: 'mystery', load: () => import('./commands/mystery.js') },
  { name: 'emulator', load: () => import('./commands/emulator.js') },
  { name: 'state', load: () => import('./commands/state.js') },
  { name: 'logs', load: () => import('./commands/logs.js') },
  { name: 'openapi', load: () => import('./commands/openapi.js') },
  { name: 'proxy', load: () => import('./commands/proxy.js') },
  { name: 'drift', load: () => import('./commands/drift.js') },
  { name: 'pull', load: () => import('./commands/pull.js') },
  { name: 'seed', load: () => import('./commands/seed.js') },
  { name: 'login', load: () => import('./commands/login.js') },
  { name: 'config', load: () => import('./commands/config.js') },
  { name: 'completion', load: () => import('./commands/completion.js') },
]
