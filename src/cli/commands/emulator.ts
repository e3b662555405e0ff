// `store emulator …`: the emulator's control API and storefront from the shell (DESIGN.md,
// "Emulator control API"): what the hosted service does in its dashboard or a buyer's browser.
// Each command calls its operation (operation-command.ts); webhook endpoints live under `store webhooks`.
import type { Command } from 'commander'
import type { FulfilmentSetup } from '../../contract/fulfilment.js'
import type { Order } from '../../contract/orders.js'
import { withOverrides } from '../body-fields.js'
import { inContext, type CommandContext } from '../client-factory.js'
import type { CliContext } from '../context.js'
import { printDeliveries, reportUndelivered } from '../deliveries.js'
import { subcommand } from '../examples.js'
import { UsageError } from '../exit-codes.js'
import {
  addDataOption,
  addFieldOptions,
  buildBody,
  checkBody,
  collect,
  commaList,
  readArgument,
  readJsonArgument,
} from '../input.js'
import type { OperationId } from '../../contract/operations/index.js'
import { OPERATION_FLAGS } from '../body-flags.js'
import { operationCommand, operations, type OperationCommandSpec } from '../operation-command.js'
import { formatMoney } from '../output.js'
import { showOrder } from './orders.js'

/** `90`, `90s`, `15m`, `12h`, `30d`, `2w`, or combined (`1d12h`) → seconds. */
export function parseDuration(text: string): number {
  // A year is 365 days: the clock moves by seconds, not by calendar (renewals keep their calendar).
  const units: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, y: 31_536_000 }
  const trimmed = text.trim().toLowerCase()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  if (!/^(\d+[smhdwy])+$/.test(trimmed))
    throw new UsageError(`"${text}" is not a duration: use seconds or e.g. 90s, 15m, 12h, 30d, 2w, 1y, 1d12h`)
  let seconds = 0
  for (const [, n, unit] of trimmed.matchAll(/(\d+)([smhdwy])/g)) seconds += Number(n) * units[unit]
  return seconds
}

/** The storefront slug: `--store`, else the `--shop` in force (id or slug), else the account's oldest shop. */
async function storefrontSlug(cc: CommandContext, explicit: string | undefined): Promise<string> {
  if (explicit) return explicit
  const { shops } = await cc.client().emulator.listShops()
  const wanted = cc.connection().shop
  const shop = wanted ? shops.find((s) => s.id === wanted || s.slug === wanted.toLowerCase()) : shops[0]
  if (!shop)
    throw new UsageError(
      wanted
        ? `no shop "${wanted}" in this account; see store emulator shops list`
        : 'this account has no shop; create one with store emulator shops create',
    )
  return shop.slug
}

const STORE_OPTION = ['--store <slug>', 'storefront slug (default: the --shop in force, else the oldest shop)'] as const

function showFulfilment(cc: CommandContext, setup: FulfilmentSetup): void {
  const { mystery, serials, ...rest } = setup
  cc.out.record(setup, [
    ...Object.entries(rest),
    ['serials', serials === null ? null : `${serials.length} codes`],
    ['mystery', mystery ? `commitment ${mystery.commitment}, pool version ${mystery.poolVersion}` : null],
  ])
  if (mystery && cc.out.isTTY) {
    cc.out.line()
    cc.out.rows(mystery.outcomes, [
      ['OUTCOME', (o) => o.name],
      ['WEIGHT', (o) => o.weight],
      ['CHANCE', (o) => `${o.chance}%`],
      ['STOCK', (o) => o.stock ?? 'unlimited'],
      ['CODES', (o) => o.codes?.length],
    ])
  }
}

/** `--serials` (`a,b,c`, or `@file` with one code per line) and `--file name=url` into the setup. */
async function fulfilmentParts(cc: CommandContext, body: Record<string, unknown>, o: Record<string, unknown>) {
  const { serials, file } = o as { serials?: string; file?: string[] }
  if (serials !== undefined) {
    const { text, from } = await readArgument(cc, serials)
    body.serials = commaList(text, from === 'the command line' ? /[,\n]/ : /\r?\n/)
  }
  if (file?.length)
    body.files = file.map((entry) => {
      const at = entry.indexOf('=')
      if (at < 1) throw new UsageError(`--file: "${entry}" is not name=url`)
      return { name: entry.slice(0, at), url: entry.slice(at + 1) }
    })
}

/** The checkout's flags: the body's, with `--item` and `--field` read by the command. */
const CHECKOUT_FIELDS = withOverrides(OPERATION_FLAGS.checkout.body!, {
  items: false,
  customFields: false,
  groupId: { flag: 'group' },
  couponCode: { flag: 'coupon' },
})

/** A buyer's checkout on the storefront; `--pay` then pays it in full (fulfilment runs). */
async function checkout(cc: CommandContext, o: Record<string, unknown>): Promise<void> {
  const prompter = cc.interactive ? cc.prompter : undefined
  const body = await buildBody(cc, { fields: CHECKOUT_FIELDS, opts: o, what: 'checkout', prompter })
  const { item, field, clientSeed, pay, store } = o as Record<string, string[] | string | undefined>
  if (item?.length)
    body.items = (item as string[]).map((entry) => {
      const match = /^(.+?)(?::(\d+))?$/.exec(entry.trim())
      return { productId: match![1], quantity: match![2] === undefined ? 1 : Number(match![2]) }
    })
  const fields: Record<string, unknown> = { ...(body.customFields as object | undefined) }
  for (const entry of (field as string[] | undefined) ?? []) {
    const at = entry.indexOf('=')
    if (at < 1) throw new UsageError(`--field: "${entry}" is not key=value`)
    fields[entry.slice(0, at)] = entry.slice(at + 1)
  }
  if (clientSeed !== undefined) fields.__mysteryClientSeed = clientSeed
  if (Object.keys(fields).length) body.customFields = fields
  if (body.items === undefined && body.groupId === undefined)
    throw new UsageError('nothing to buy: give --item PRODUCT[:QUANTITY] (repeatable) or --group GROUP')
  checkBody((await operations()).checkout.body, body, 'checkout')
  const client = cc.client()
  const result = await client.storefront.checkout(await storefrontSlug(cc, store as string | undefined), body as never)
  const order = pay ? await client.emulator.payOrder(result.order.id) : result.order
  if (cc.out.isJson) return cc.out.json({ ...result, order })
  showOrder(cc, order)
  cc.out.info(`Invoice: ${result.invoiceUrl}`)
  if (!pay) return cc.out.success(`Placed order ${order.orderNumber} (unpaid: store emulator pay ${order.orderNumber})`)
  if (!reportUndelivered(cc.out, order)) cc.out.success(`Placed and paid order ${order.orderNumber}`)
}

/** Seconds from the emulator clock's now to an absolute time (ISO 8601); it only moves forward. */
async function secondsUntil(cc: CommandContext, to: string): Promise<number> {
  const target = Date.parse(to)
  if (!/^\d{4}-\d\d-\d\d/.test(to) || Number.isNaN(target))
    throw new UsageError(`--to: "${to}" is not a date: write it like 2027-01-01 or 2027-01-01T09:00:00Z`)
  const { now } = await cc.client().emulator.getClock()
  const seconds = Math.ceil((target - Date.parse(now)) / 1000)
  if (seconds <= 0)
    throw new UsageError(`--to: ${to} is not ahead of the emulator clock (${now}); it only moves forward`)
  return seconds
}

async function showInvoice(cc: CommandContext, order: string, o: { store?: string; codes?: boolean }): Promise<void> {
  const client = cc.client()
  const slug = await storefrontSlug(cc, o.store)
  // Invoices are addressed by the internal id only (the buyer's link); look an ORD- number up first.
  const id = /^ORD-/i.test(order) ? (await client.orders.get(order)).id : order
  if (o.codes) {
    const text = await client.storefront.codes(slug, id)
    // No codes: nothing on stdout (a `> codes.txt` gets no empty line), and a word on stderr.
    if (text === '') return cc.out.info(`${order} has no codes delivered`)
    return cc.out.line(text.replace(/\n$/, ''))
  }
  const invoice = await client.storefront.invoice(slug, id)
  if (cc.out.isJson) return cc.out.json(invoice)
  const { items, tracking, shop, coupon, ...rest } = invoice
  cc.out.record(invoice, [
    ...Object.entries(rest).map(([k, v]): [string, unknown] =>
      ['subtotal', 'discount', 'total', 'amountPaid', 'amountDue'].includes(k) ? [k, formatMoney(v as number)] : [k, v],
    ),
    ['shop', `${shop.name} (${shop.slug})`],
    ['coupon', coupon ? `${coupon.code} (-${formatMoney(coupon.discount)})` : null],
    ['tracking', tracking.map((t) => (t.carrier ? `${t.code} (${t.carrier})` : t.code))],
  ])
  cc.out.line()
  printDeliveries(cc.out, items)
}

export function register(program: Command, ctx: CliContext): void {
  const emu = program
    .command('emulator')
    .description('drive the local emulator (store serve): shops, keys, fulfilment, checkout, pay, tracking, clock')
  const op = (parent: Command, name: string, id: OperationId, spec: OperationCommandSpec) =>
    operationCommand(parent, ctx, name, id, spec)

  const accounts = emu
    .command('accounts')
    .description('isolated accounts on this emulator, each with its own key, shop and clock')
  op(accounts, 'create', 'createAccount', {
    examples: ['store emulator accounts create --seed demo', 'store emulator accounts create --slug team-b --json'],
    what: 'account',
    flags: {
      'shop.name': {},
      'shop.slug': { flag: 'slug' },
      seed: {
        placeholder: '<demo|empty|file>',
        parse: (text, io) =>
          text === 'demo' || text === 'empty'
            ? text
            : readJsonArgument(io, text.startsWith('@') ? text : `@${text}`, '--seed'),
      },
    },
    show: (cc, created) =>
      cc.out.record(created, [
        ['account', created.account.id],
        ['name', created.account.name],
        ['shop', `${created.shop.name} (${created.shop.slug})`],
        ['key', created.key.secret],
      ]),
    done: (created) => `Created account ${created.account.id}; its key is shown once: use it with --api-key`,
  })
  op(accounts, 'delete', 'deleteAccount', {
    examples: ['store emulator accounts delete acct_… --yes'],
    confirm: ([id]) => [
      `Delete account ${id} with its shops, records, keys and saved states? This cannot be undone.`,
      `delete account ${id}`,
    ],
    done: (_, [id]) => `Deleted account ${id}`,
  })

  const shops = emu.command('shops').description("the account's shops (list by default)")
  op(shops, 'list', 'listShops', {
    isDefault: true,
    examples: ['store emulator shops', 'store emulator shops list --json'],
    rows: [
      ['ID', (s) => s.id],
      ['SLUG', (s) => s.slug],
      ['NAME', (s) => s.name],
      ['CREATED', (s) => s.createdAt],
    ],
  })
  op(shops, 'create', 'createShop', {
    examples: ['store emulator shops create --name "Second" --slug second'],
    what: 'shop',
    done: (shop) => `Created shop ${shop.slug}; use it with --shop ${shop.slug}`,
  })

  const keys = emu.command('keys').description('API keys of the account (list by default)')
  op(keys, 'list', 'listKeys', {
    isDefault: true,
    examples: ['store emulator keys', 'store emulator keys list --json'],
    rows: [
      ['ID', (k) => k.id],
      ['KEY', (k) => `${k.prefix}…${k.last4}`],
      ['NAME', (k) => k.name],
      ['CREATED', (k) => k.createdAt],
    ],
  })
  op(keys, 'create', 'createKey', {
    examples: ['store emulator keys create --name ci'],
    what: 'key',
    show: (cc, key) => {
      cc.out.record(key, Object.entries(key))
      cc.out.warn('the secret is shown only now; keep it somewhere safe')
    },
  })
  op(keys, 'revoke', 'revokeKey', {
    examples: ['store emulator keys revoke key_… --yes'],
    confirm: ([id]) => [`Revoke key ${id}? Clients using it will get 401.`, `revoke key ${id}`],
    done: (_, [id]) => `Revoked key ${id}`,
  })

  const fulfilment = emu
    .command('fulfilment')
    .description(
      'dashboard-only product setup: delivery message, files, serials, dynamic URL, mystery table, subscription plan',
    )
  op(fulfilment, 'get', 'getFulfilment', {
    examples: ['store emulator fulfilment get rec_demoSerial001'],
    show: showFulfilment,
  })
  op(fulfilment, 'set', 'setFulfilment', {
    examples: [
      'store emulator fulfilment set rec_demoSerial001 --serials @codes.txt',
      'store emulator fulfilment set rec_demoDigital01 --file guide.pdf=https://example.com/guide.pdf',
    ],
    what: 'fulfilment setup',
    // Shorter names for two, the plan's parts as flags, the pools read by the command.
    flags: {
      deliveryMessage: { flag: 'message', kind: 'text' },
      dynamicWebhookUrl: { flag: 'dynamic-url' },
      files: false,
      serials: false,
      'subscription.interval': { flag: 'interval' },
      'subscription.intervalCount': { flag: 'interval-count' },
      'subscription.trialDays': { flag: 'trial-days' },
    },
    options: (cmd) =>
      cmd
        .option('--serials <codes|@file|->', 'replace the code pool: a,b,c or @file with one code per line')
        .option('--file <name=url>', 'a download (repeatable; replaces the list)', collect),
    amend: fulfilmentParts,
    show: showFulfilment,
    done: (_, [id]) => `Updated the fulfilment setup of ${id}`,
  })

  const checkoutCmd = subcommand(
    emu,
    'checkout',
    'buy as a customer on the storefront: a pending order and its invoice URL',
    [
      'store emulator checkout --item rec_demoSerial001:2 --email me@example.com --pay',
      'store emulator checkout --group grp_demo_bundle --email me@example.com --coupon WELCOME10',
    ],
  )
    .option(...STORE_OPTION)
    .option('--item <product[:quantity]>', 'a product to buy (repeatable)', collect)
  addDataOption(addFieldOptions(checkoutCmd, CHECKOUT_FIELDS))
    .option('--client-seed <seed>', 'mystery-box client seed (customFields.__mysteryClientSeed)')
    .option('--field <key=value>', 'a custom field (repeatable)', collect)
    .option('--pay', 'pay the order in full right away (runs fulfilment)')
    .action(inContext(ctx, checkout))

  op(emu, 'pay', 'payOrder', {
    examples: ['store emulator pay ORD-2', 'store emulator pay ORD-2 --amount 5'],
    what: 'payment',
    flags: { amount: { description: 'pay less than due: a partial payment' } },
    show: (cc, paid: Order, [order]) => {
      showOrder(cc, paid)
      if (paid.paymentStatus !== 'paid') cc.out.success(`Paid part of ${order}: ${paid.paymentStatus}`)
      else if (!reportUndelivered(cc.out, paid)) cc.out.success(`Paid ${order}`)
    },
  })
  op(emu, 'tracking', 'addTracking', {
    examples: ['store emulator tracking ORD-2 --code 1Z999 --carrier UPS'],
    show: showOrder,
    done: (_, [order]) => `Added tracking to ${order}`,
  })
  op(emu, 'dispute', 'disputeOrder', {
    examples: ['store emulator dispute ORD-1 --yes'],
    confirm: ([order]) => [`Mark order ${order} disputed?`, `dispute order ${order}`],
    show: showOrder,
    done: (_, [order]) => `Order ${order} disputed`,
  })

  const clock = emu.command('clock').description('the emulator clock (renewals, trials, notices)')
  op(clock, 'show', 'getClock', { examples: ['store emulator clock show'] })
  op(clock, 'advance', 'advanceClock', {
    examples: [
      'store emulator clock advance 30d',
      'store emulator clock advance 1y',
      'store emulator clock advance --to 2030-01-01',
    ],
    what: 'clock advance',
    flags: { seconds: false },
    options: (cmd) =>
      cmd
        .argument('[duration]', 'seconds, or e.g. 90s, 15m, 12h, 30d, 2w, 1y (365 days), 1d12h')
        .option('--to <date>', 'move it to this time instead (ISO 8601, e.g. 2027-01-01 or 2027-01-01T09:00:00Z)'),
    amend: async (cc, body, o, [duration]) => {
      if ((duration === undefined) === (o.to === undefined))
        throw new UsageError('give a duration (30d, 1y) or --to DATE, one of them')
      body.seconds = duration === undefined ? await secondsUntil(cc, o.to as string) : parseDuration(duration)
    },
    done: (clock) => `Emulator clock moved to ${clock.now}`,
  })

  op(emu, 'reply', 'replyToQuery', {
    examples: ['store emulator reply qry_… --message "Thanks, fixed!"'],
    flags: { message: { kind: 'text' } },
    done: (_, [query]) => `Replied to ${query}`,
  })
  const queries = emu.command('queries').description("customers' queries to the shop (list by default)")
  op(queries, 'list', 'listQueries', {
    isDefault: true,
    examples: ['store emulator queries', 'store emulator queries list --json'],
    rows: [
      ['ID', (q) => q.id],
      ['STATUS', (q) => q.status],
      ['FROM', (q) => q.customerEmail],
      ['SUBJECT', (q) => q.subject],
      ['REPLIES', (q) => q.replyCount],
      ['CREATED', (q) => q.createdAt],
    ],
  })
  op(queries, 'get', 'getQuery', { examples: ['store emulator queries get qry_…'] })
  op(emu, 'feedback', 'listFeedback', {
    examples: ['store emulator feedback', 'store emulator feedback --json'],
    rows: [
      ['ID', (f) => f.id],
      ['ORDER', (f) => f.orderNumber],
      ['PRODUCT', (f) => f.productTitle],
      ['RATING', (f) => f.rating],
      ['FROM', (f) => f.customerEmail],
      ['COMMENT', (f) => f.comment],
    ],
  })

  subcommand(emu, 'invoice', "show an order's invoice as the buyer sees it (deliveries, mystery reveals)", [
    'store emulator invoice ORD-1',
    'store emulator invoice ORD-3 --codes > codes.txt',
  ])
    .argument('<order>', 'order id, or ORD- number (looked up with the key)')
    .option(...STORE_OPTION)
    .option('--codes', 'print the bulk export: raw codes, one per line')
    .action(inContext(ctx, showInvoice))
}
