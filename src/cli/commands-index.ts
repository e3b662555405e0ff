// Every top-level command in `store --help` order. Each module declares its command and flags at
// once and cheaply; what is heavy (zod schemas, the emulator, the fairness code's callers, prompts)
// is imported inside the actions, so declaring them all costs little and `store help <cmd>` is complete.
import type { Command } from 'commander'
import type { CliContext } from './context.js'
import { register as serve } from './commands/serve.js'
import { register as products } from './commands/products.js'
import { register as orders } from './commands/orders.js'
import { register as coupons } from './commands/coupons.js'
import { register as blacklists } from './commands/blacklists.js'
import { register as categories } from './commands/categories.js'
import { register as groups } from './commands/groups.js'
import { register as customers } from './commands/customers.js'
import { register as subscriptions } from './commands/subscriptions.js'
import { register as themes } from './commands/themes.js'
import { register as webhooks } from './commands/webhooks.js'
import { register as fixtures } from './commands/fixtures.js'
import { register as mystery } from './commands/mystery.js'
import { register as emulator } from './commands/emulator.js'
import { register as state } from './commands/state.js'
import { register as logs } from './commands/logs.js'
import { register as openapi } from './commands/openapi.js'
import { register as proxy } from './commands/proxy.js'
import { register as drift } from './commands/drift.js'
import { register as pull } from './commands/pull.js'
import { register as seed } from './commands/seed.js'
import { register as login } from './commands/login.js'
import { register as config } from './commands/config.js'
import { register as completion } from './commands/completion.js'

/** A command module adds its command (and subcommands) to the program. */
type Register = (program: Command, ctx: CliContext) => void

export const COMMANDS: { name: string; register: Register }[] = [
  { name: 'serve', register: serve },
  { name: 'products', register: products },
  { name: 'orders', register: orders },
  { name: 'coupons', register: coupons },
  { name: 'blacklists', register: blacklists },
  { name: 'categories', register: categories },
  { name: 'groups', register: groups },
  { name: 'customers', register: customers },
  { name: 'subscriptions', register: subscriptions },
  { name: 'themes', register: themes },
  { name: 'webhooks', register: webhooks },
  { name: 'fixtures', register: fixtures },
  { name: 'mystery', register: mystery },
  { name: 'emulator', register: emulator },
  { name: 'state', register: state },
  { name: 'logs', register: logs },
  { name: 'openapi', register: openapi },
  { name: 'proxy', register: proxy },
  { name: 'drift', register: drift },
  { name: 'pull', register: pull },
  { name: 'seed', register: seed },
  { name: 'login', register: login },
  { name: 'config', register: config },
  { name: 'completion', register: completion },
]
