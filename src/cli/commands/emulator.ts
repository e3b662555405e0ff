// `store emulator …`: the emulator's control API and storefront from the shell (DESIGN.md,
// "Emulator control API"): what the hosted service does in its dashboard or a buyer's browser.
// Webhook endpoints live under `store webhooks`.
import type { Command } from 'commander'
import type { ApiKey, Shop } from '../../contract/shops.js'
import type { FulfilmentSetup } from '../../contract/fulfilment.js'
import type { Order } from '../../contract/orders.js'
import { inContext, type CommandContext } from '../client-factory.js'
import { withExamples } from '../examples.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'
import { addDataOption, addFieldOptions, buildBody, checkBody, readArgument, readJsonArgument } from '../input.js'
import { SPEC_BODIES } from '../bodies.js'
import { withOverrides } from '../body-fields.js'
import { printDeliveries, reportUndelivered } from '../deliveries.js'
import { formatMoney, type Column } from '../output.js'
import { confirmOrYes, listAction, YES } from '../resource.js'
import { registerAccounts } from './emulator-accounts.js'
import { registerQueries } from './emulator-queries.js'
import { showOrder } from './orders.js'

const collect = (value: string, previous: string[] = []) => [...previous, value]

// The body schemas load when a command checks a body, so `--help` and reads start without zod.
const fulfilmentSchemas = () => import('../../contract/fulfilment.js')

const SHOP_COLUMNS: Column<Shop>[] = [
  ['ID', (s) => s.id],
  ['SLUG', (s) => s.slug],
  ['NAME', (s) => s.name],
  ['CREATED', (s) => s.createdAt],
]
const KEY_COLUMNS: Column<ApiKey>[] = [
  ['ID', (k) => k.id],
  ['KEY', (k) => `${k.prefix}…${k.last4}`],
  ['NAME', (k) => (k as { name?: string | null }).name],
  ['CREATED', (k) => k.createdAt],
]

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
export async function storefrontSlug(cc: CommandContext, explicit: string | undefined): Promise<string> {
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

/** An answer that is, or wraps, an order is shown as one; anything else field by field. */
function showAnswer(cc: CommandContext, answer: object, done: string): void {
  if (cc.out.isJson) return cc.out.json(answer)
  if ('orderNumber' in answer) showOrder(cc, answer as Order)
  else cc.out.record(answer, Object.entries(answer))
  cc.out.success(done)
}

async function createShop(cc: CommandContext, opts: Record<string, unknown>): Promise<void> {
  const body = await buildBody(cc, {
    fields: SPEC_BODIES.fields('createShop'),
    opts,
    schema: await SPEC_BODIES.schema('createShop'),
    what: 'shop',
    prompter: cc.interactive ? cc.prompter : undefined,
  })
  const shop = await cc.client().emulator.createShop(body as never)
  cc.out.record(shop, Object.entries(shop))
  if (!cc.out.isJson) cc.out.success(`Created shop ${shop.slug}; use it with --shop ${shop.slug}`)
}

async function createKey(cc: CommandContext, opts: { name?: string }): Promise<void> {
  const key = await cc.client().emulator.createKey(opts.name ? { name: opts.name } : {})
  cc.out.record(key, Object.entries(key))
  if (!cc.out.isJson) cc.out.warn('the secret is shown only now; keep it somewhere safe')
}

/** The setup's flags: shorter names for two, the plan's parts as flags, the pools read by the command. */
const fulfilmentFields = () =>
  withOverrides(SPEC_BODIES.fields('setFulfilment'), {
    deliveryMessage: { flag: 'message', kind: 'text' },
    dynamicWebhookUrl: { flag: 'dynamic-url' },
    files: false,
    serials: false,
    'subscription.interval': { flag: 'interval' },
    'subscription.intervalCount': { flag: 'interval-count' },
    'subscription.trialDays': { flag: 'trial-days' },
  })

/** Dashboard-only product setup; `--serials` reads `@file` as one code per line. */
async function setFulfilment(
  cc: CommandContext,
  product: string,
  opts: Record<string, unknown> & { serials?: string; file?: string[] },
): Promise<void> {
  const body = await buildBody(cc, {
    fields: fulfilmentFields(),
    opts,
    what: 'fulfilment setup',
    isUpdate: opts.serials === undefined && !opts.file?.length,
  })
  if (opts.serials !== undefined) {
    const { text, from } = await readArgument(cc, opts.serials)
    body.serials = text
      .split(from === 'the command line' ? /[,\n]/ : /\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean)
  }
  if (opts.file?.length) {
    body.files = opts.file.map((entry) => {
      const at = entry.indexOf('=')
      if (at < 1) throw new UsageError(`--file: "${entry}" is not name=url`)
      return { name: entry.slice(0, at), url: entry.slice(at + 1) }
    })
  }
  checkBody(await SPEC_BODIES.schema('setFulfilment'), body, 'fulfilment setup')
  showFulfilment(cc, await cc.client().emulator.setFulfilment(product, body as never))
  if (!cc.out.isJson) cc.out.success(`Updated the fulfilment setup of ${product}`)
}

function showFulfilment(cc: CommandContext, setup: FulfilmentSetup): void {
  if (cc.out.isJson) return cc.out.json(setup)
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

interface CheckoutOptions {
  store?: string
  item?: string[]
  group?: string
  email?: string
  name?: string
  coupon?: string
  gateway?: string
  ip?: string
  country?: string
  clientSeed?: string
  field?: string[]
  data?: string
  pay?: boolean
}

/** A buyer's checkout on the storefront; `--pay` then pays it in full (fulfilment runs). */
async function checkout(cc: CommandContext, o: CheckoutOptions): Promise<void> {
  let body: Record<string, unknown> = {}
  if (o.data) {
    const data = await readJsonArgument(cc, o.data, '--data')
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new UsageError('--data: must be a JSON object')
    body = { ...data }
  }
  if (o.item?.length) {
    body.items = o.item.map((entry) => {
      const match = /^(.+?)(?::(\d+))?$/.exec(entry.trim())
      return { productId: match![1], quantity: match![2] === undefined ? 1 : Number(match![2]) }
    })
  }
  const simple: [keyof CheckoutOptions, string][] = [
    ['group', 'groupId'],
    ['email', 'email'],
    ['name', 'name'],
    ['coupon', 'couponCode'],
    ['gateway', 'gateway'],
    ['ip', 'ip'],
    ['country', 'country'],
  ]
  for (const [flag, key] of simple) if (o[flag] !== undefined) body[key] = o[flag]
  if (o.clientSeed !== undefined || o.field?.length) {
    const fields: Record<string, unknown> = { ...(body.customFields as object | undefined) }
    for (const entry of o.field ?? []) {
      const at = entry.indexOf('=')
      if (at < 1) throw new UsageError(`--field: "${entry}" is not key=value`)
      fields[entry.slice(0, at)] = entry.slice(at + 1)
    }
    if (o.clientSeed !== undefined) fields.__mysteryClientSeed = o.clientSeed
    body.customFields = fields
  }
  if (body.items === undefined && body.groupId === undefined)
    throw new UsageError('nothing to buy: give --item PRODUCT[:QUANTITY] (repeatable) or --group GROUP')
  if (body.email === undefined) {
    if (!cc.interactive) throw new UsageError('missing --email for checkout (no terminal to ask on)')
    body.email = await cc.prompter.input('Buyer e-mail', {
      validate: (v) => (/^\S+@\S+\.\S+$/.test(v) ? true : 'enter an e-mail address'),
    })
  }
  checkBody((await import('../../contract/storefront.js')).CheckoutBodySchema, body, 'checkout')
  const client = cc.client()
  const slug = await storefrontSlug(cc, o.store)
  const result = await client.storefront.checkout(slug, body as never)
  let order = result.order
  if (o.pay) order = await client.emulator.payOrder(order.id)
  if (cc.out.isJson) return cc.out.json(o.pay ? { ...result, order } : result)
  showOrder(cc, order)
  cc.out.info(`Invoice: ${result.invoiceUrl}`)
  if (!o.pay)
    return cc.out.success(`Placed order ${order.orderNumber} (unpaid: store emulator pay ${order.orderNumber})`)
  if (!reportUndelivered(cc.out, order)) cc.out.success(`Placed and paid order ${order.orderNumber}`)
}

async function payOrder(cc: CommandContext, order: string, o: { amount?: string; gateway?: string }): Promise<void> {
  const body: Record<string, unknown> = {}
  if (o.amount !== undefined) {
    body.amount = Number(o.amount)
    if (!Number.isFinite(body.amount as number)) throw new UsageError(`--amount: "${o.amount}" is not a number`)
  }
  if (o.gateway !== undefined) body.gateway = o.gateway
  checkBody((await fulfilmentSchemas()).PayBodySchema, body, 'payment')
  const paid = await cc.client().emulator.payOrder(order, body)
  if (cc.out.isJson) return cc.out.json(paid)
  showOrder(cc, paid)
  if (paid.paymentStatus !== 'paid') return cc.out.success(`Paid part of ${order}: ${paid.paymentStatus}`)
  if (!reportUndelivered(cc.out, paid)) cc.out.success(`Paid ${order}`)
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

async function advanceClock(cc: CommandContext, duration: string | undefined, o: { to?: string }): Promise<void> {
  if ((duration === undefined) === (o.to === undefined))
    throw new UsageError('give a duration (30d, 1y) or --to DATE, one of them')
  const body = { seconds: duration === undefined ? await secondsUntil(cc, o.to!) : parseDuration(duration) }
  checkBody((await fulfilmentSchemas()).ClockAdvanceBodySchema, body, 'clock advance')
  const clock = await cc.client().emulator.advanceClock(body.seconds)
  cc.out.record(clock, Object.entries(clock))
  if (!cc.out.isJson) cc.out.success(`Emulator clock moved ${body.seconds} s forward, to ${clock.now}`)
}

async function showInvoice(cc: CommandContext, order: string, o: { store?: string; codes?: boolean }): Promise<void> {
  const client = cc.client()
  const slug = await storefrontSlug(cc, o.store)
  // Invoices are addressed by the internal id only (the buyer's link); look an ORD- number up first.
  const asked = order
  if (/^ORD-/i.test(order)) order = (await client.orders.get(order)).id
  if (o.codes) {
    const text = await client.storefront.codes(slug, order)
    // No codes: nothing on stdout (a `> codes.txt` gets no empty line), and a word on stderr.
    if (text === '') return cc.out.info(`${asked} has no codes delivered`)
    cc.out.line(text.replace(/\n$/, ''))
    return
  }
  const invoice = await client.storefront.invoice(slug, order)
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

  registerAccounts(emu, ctx)
  registerQueries(emu, ctx)

  const shops = emu.command('shops').description("the account's shops (list by default)")
  withExamples(shops.command('list', { isDefault: true }), 'store emulator shops', 'store emulator shops list --json')
    .description('list shops, oldest first')
    .action(listAction(ctx, (client) => client.emulator.listShops(), 'shops', SHOP_COLUMNS, 'No shops found'))
  const createShopCmd = withExamples(
    shops.command('create'),
    'store emulator shops create --name "Second" --slug second',
  ).description('add a shop to the account')
  addDataOption(addFieldOptions(createShopCmd, SPEC_BODIES.fields('createShop'))).action(inContext(ctx, createShop))

  const keys = emu.command('keys').description('API keys of the account (list by default)')
  withExamples(keys.command('list', { isDefault: true }), 'store emulator keys', 'store emulator keys list --json')
    .description('list keys (secrets are never shown again)')
    .action(listAction(ctx, (client) => client.emulator.listKeys(), 'keys', KEY_COLUMNS, 'No keys found'))
  withExamples(keys.command('create'), 'store emulator keys create --name ci')
    .description('create a key; its secret is printed once')
    .option('--name <name>', 'a label for the key')
    .action(inContext(ctx, createKey))
  withExamples(keys.command('revoke'), 'store emulator keys revoke key_… --yes')
    .description('revoke a key')
    .argument('<id>', 'key id')
    .option(...YES)
    .action(
      inContext(ctx, async (cc, id: string, opts: { yes?: boolean }) => {
        await confirmOrYes(cc, opts, `Revoke key ${id}? Clients using it will get 401.`, `revoke key ${id}`)
        const answer = await cc.client().emulator.revokeKey(id)
        if (cc.out.isJson) cc.out.json(answer)
        else cc.out.success(`Revoked key ${id}`)
      }),
    )

  const fulfilment = emu
    .command('fulfilment')
    .description(
      'dashboard-only product setup: delivery message, files, serials, dynamic URL, mystery table, subscription plan',
    )
  withExamples(fulfilment.command('get'), 'store emulator fulfilment get rec_demoSerial001')
    .description("show a product's setup")
    .argument('<product>', 'product id or rec_ id')
    .action(
      inContext(ctx, async (cc, product: string) =>
        showFulfilment(cc, await cc.client().emulator.getFulfilment(product)),
      ),
    )
  const set = withExamples(
    fulfilment.command('set'),
    'store emulator fulfilment set rec_demoSerial001 --serials @codes.txt',
    'store emulator fulfilment set rec_demoDigital01 --file guide.pdf=https://example.com/guide.pdf',
  )
    .description("change a product's setup (only the given parts)")
    .argument('<product>', 'product id or rec_ id')
    .option('--serials <codes|@file|->', 'replace the code pool: a,b,c or @file with one code per line')
    .option('--file <name=url>', 'a download (repeatable; replaces the list)', collect)
  addDataOption(addFieldOptions(set, fulfilmentFields())).action(inContext(ctx, setFulfilment))

  addDataOption(
    withExamples(
      emu.command('checkout'),
      'store emulator checkout --item rec_demoSerial001:2 --email me@example.com --pay',
      'store emulator checkout --group grp_demo_bundle --email me@example.com --coupon WELCOME10',
    )
      .description('buy as a customer on the storefront: a pending order and its invoice URL')
      .option('--store <slug>', 'storefront slug (default: the --shop in force, else the oldest shop)')
      .option('--item <product[:quantity]>', 'a product to buy (repeatable)', collect)
      .option('--group <id>', 'buy a group (bundle) instead of items')
      .option('--email <email>', 'buyer e-mail (asked for on a terminal)')
      .option('--name <name>', 'buyer name')
      .option('--coupon <code>', 'coupon code')
      .option('--gateway <name>', 'payment gateway')
      .option('--ip <address>', 'buyer IP (blacklists apply)')
      .option('--country <code>', 'buyer country, 2 letters (blacklists apply)')
      .option('--client-seed <seed>', 'mystery-box client seed (customFields.__mysteryClientSeed)')
      .option('--field <key=value>', 'a custom field (repeatable)', collect)
      .option('--pay', 'pay the order in full right away (runs fulfilment)'),
  ).action(inContext(ctx, checkout))

  withExamples(emu.command('pay'), 'store emulator pay ORD-2', 'store emulator pay ORD-2 --amount 5')
    .description('mark an order paid (runs fulfilment; idempotent)')
    .argument('<order>', 'order id or ORD- number')
    .option('--amount <amount>', 'pay less than due: a partial payment')
    .option('--gateway <name>', 'payment gateway')
    .action(inContext(ctx, payOrder))

  withExamples(emu.command('tracking'), 'store emulator tracking ORD-2 --code 1Z999 --carrier UPS')
    .description('add tracking to a Physical order')
    .argument('<order>', 'order id or ORD- number')
    .requiredOption('--code <code>', 'tracking code')
    .option('--carrier <name>', 'carrier')
    .action(
      inContext(ctx, async (cc, order: string, opts: { code: string; carrier?: string }) => {
        const body = { code: opts.code, ...(opts.carrier ? { carrier: opts.carrier } : {}) }
        checkBody((await fulfilmentSchemas()).TrackingBodySchema, body, 'tracking')
        showAnswer(cc, await cc.client().emulator.addTracking(order, body), `Added tracking ${opts.code} to ${order}`)
      }),
    )

  withExamples(emu.command('dispute'), 'store emulator dispute ORD-1 --yes')
    .description('mark an order disputed')
    .argument('<order>', 'order id or ORD- number')
    .option(...YES)
    .action(
      inContext(ctx, async (cc, order: string, opts: { yes?: boolean }) => {
        await confirmOrYes(cc, opts, `Mark order ${order} disputed?`, `dispute order ${order}`)
        showAnswer(cc, await cc.client().emulator.disputeOrder(order), `Order ${order} disputed`)
      }),
    )

  const clock = emu.command('clock').description('the emulator clock (renewals, trials, notices)')
  withExamples(clock.command('show'), 'store emulator clock show')
    .description("print the emulator's time")
    .action(
      inContext(ctx, async (cc) => {
        const state = await cc.client().emulator.getClock()
        cc.out.record(state, Object.entries(state))
      }),
    )
  withExamples(
    clock.command('advance'),
    'store emulator clock advance 30d',
    'store emulator clock advance 1y',
    'store emulator clock advance --to 2030-01-01',
  )
    .description('move the clock forward: renewals and trial ends fall due and fire')
    .argument('[duration]', 'seconds, or e.g. 90s, 15m, 12h, 30d, 2w, 1y (365 days), 1d12h')
    .option('--to <date>', 'move it to this time instead (ISO 8601, e.g. 2027-01-01 or 2027-01-01T09:00:00Z)')
    .action(inContext(ctx, advanceClock))

  withExamples(emu.command('reply'), 'store emulator reply qry_… --message "Thanks, fixed!"')
    .description('reply to a customer query as the merchant')
    .argument('<query>', 'query id')
    .requiredOption('--message <text|@file>', 'the reply')
    .action(
      inContext(ctx, async (cc, query: string, opts: { message: string }) => {
        const { text } = await readArgument(cc, opts.message)
        showAnswer(cc, await cc.client().emulator.replyToQuery(query, text), `Replied to ${query}`)
      }),
    )

  withExamples(
    emu.command('invoice'),
    'store emulator invoice ORD-1',
    'store emulator invoice ORD-3 --codes > codes.txt',
  )
    .description("show an order's invoice as the buyer sees it (deliveries, mystery reveals)")
    .argument('<order>', 'order id, or ORD- number (looked up with the key)')
    .option('--store <slug>', 'storefront slug (default: the --shop in force, else the oldest shop)')
    .option('--codes', 'print the bulk export: raw codes, one per line')
    .action(inContext(ctx, showInvoice))
}
