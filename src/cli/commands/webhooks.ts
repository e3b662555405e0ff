// `store webhooks …`: simulate any event kind, forward the emulator's live events, receive and
// validate webhooks, and the emulator's webhook endpoints and delivery log (DESIGN.md, "The CLI").
import type { Command } from 'commander'
import {
  ALL_EVENT_KINDS,
  EVENT_KINDS_IN_READING_ORDER,
  EVENT_TRIGGERS,
  categoryOf,
  fixtureFileOf,
  type WebhookEventKind,
} from '../../contract/event-kinds.js'
import type { WebhookDelivery } from '../../contract/webhooks.js'
import { OPERATION_FLAGS } from '../body-flags.js'
import { commandContext, inContext, type CommandContext } from '../client-factory.js'
import { type CliContext, untilStopped } from '../context.js'
import { counted } from '../counted.js'
import { subcommand } from '../examples.js'
import { UsageError } from '../exit-codes.js'
import { addFieldOptions, buildBody, collect, commaList, readArgument } from '../input.js'
import { wrapWords } from '../layout.js'
import { operationCommand } from '../operation-command.js'
import type { Column } from '../output.js'
import { describeChaos, parseChaos } from '../webhooks/chaos.js'
import { CheckFailedError, webhookContext } from '../webhooks/http.js'
import type { ReceiveOptions } from '../webhooks/receive.js'
import type { TriggerOptions } from '../webhooks/trigger.js'

/** `--events`: comma-separated kinds, or `all` for every kind an endpoint can take. */
function eventKinds(text: string): string[] {
  if (text.trim() === 'all') return ALL_EVENT_KINDS.filter((k) => categoryOf(k) !== 'dynamic')
  return commaList(text)
}

export function register(program: Command, ctx: CliContext): void {
  const wctx = (command: Command) => webhookContext(commandContext(ctx, command))
  const webhooks = program
    .command('webhooks')
    .description('simulate, forward, receive and validate webhooks; endpoints and delivery logs of the emulator')

  subcommand(webhooks, 'events', 'every event kind of the spec and the operation that fires it', [
    'store webhooks events',
    'store webhooks events --json',
  ]).action((_o: unknown, command: Command) => listEvents(wctx(command)))

  subcommand(
    webhooks,
    'trigger <kind>',
    "make the emulator fire an event of any kind in the current account (it reaches the account's endpoints, listen and the delivery log), or with --to POST a sample payload to a URL",
    [
      'store webhooks trigger order:paid',
      'store webhooks trigger order:paid --override product.price=25 --override checkout.email=ada@example.com',
      'store webhooks trigger order:paid --to http://localhost:3000/hooks',
      'store webhooks trigger order:paid --from ORD-1 --override total=0 --to http://localhost:3000/hooks --dry-run',
    ],
  )
    .option('--to <url>', 'POST a sample payload (fixtures/events/) straight to this URL instead')
    .option(
      '--from <ref>',
      'build it from a record of the emulator: ORD-… (order kinds, INVOICE.ITEM.DELIVER-DYNAMIC, product:mystery:revealed), a product id, a subscription id',
    )
    .option(
      '--item <id>',
      'with --from ORD-…: the order line for :product kinds (default: the first, or the first Dynamic/MysteryBox line)',
    )
    .option(
      '--override <path=value>',
      'set one field (repeatable). Without --to: STEP.field of a step of the fixture, e.g. product.price=25; with --to: a field of the payload relative to data, e.g. total=10; path:=json sets JSON',
      collect,
    )
    .option('--dry-run', 'print the steps (with --to: the payload) instead of sending anything')
    .action(async (kind: string, o: TriggerOptions, command: Command) => {
      const w = wctx(command)
      const { checkKind, trigger } = await import('../webhooks/trigger.js')
      if (o.to !== undefined) return trigger(w, kind, o)
      const checked = checkKind(kind)
      if (o.from || o.item)
        throw new UsageError('--from and --item build a payload for --to URL; add --to, or drop them')
      const { triggerInEmulator } = await import('../webhooks/trigger-pipeline.js')
      await triggerInEmulator(w, checked, o)
    })

  subcommand(
    webhooks,
    'listen',
    "print the emulator's events as they happen, or forward them to a local URL; reconnects and resumes by itself",
    [
      'store webhooks listen',
      'store webhooks listen --forward-to http://localhost:3000/hooks --events order:paid',
      "store webhooks listen --forward-to 'order:*=http://localhost:3000/orders' --forward-to 'product:*=http://localhost:3001/catalogue'",
    ],
  )
    .option(
      '--forward-to <[pattern=]url>',
      "POST events to a local URL (without it: print them); 'order:*=URL' forwards only the kinds matching the pattern (repeatable)",
      collect,
    )
    .option('--events <kinds>', 'only these kinds, comma-separated')
    .option('--since <id>', 'first replay the logged events after this event id (0: every event kept)')
    .action(async (o: import('../webhooks/listen.js').ListenOptions, command: Command) =>
      (await import('../webhooks/listen.js')).listen(wctx(command), o),
    )

  subcommand(
    webhooks,
    'receive',
    'a local webhook receiver: prints each webhook, checks it against the schemas, answers dynamic deliveries',
    ['store webhooks receive --port 4011', 'store webhooks receive --port 4011 --status 500'],
  )
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4011')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option(
      '--dynamic-response <text>',
      'the answer to INVOICE.ITEM.DELIVER-DYNAMIC (text, links or JSON): the delivery shown on the invoice',
    )
    .option('--status <code>', "HTTP status to answer with (test your sender's retries with 500)", '200')
    .action((o: ReceiveOptions, command: Command) => receive(wctx(command), o))

  subcommand(
    webhooks,
    'probe <url>',
    'test a webhook handler: every kind, a duplicate, an out-of-order pair, extra fields, an unknown kind; exit 1 when a well-formed event was not acknowledged',
    ['store webhooks probe http://localhost:3000/hooks', 'store webhooks probe http://localhost:3000/hooks --json'],
  )
    .option('--timeout <duration>', 'end the whole probe after this long: seconds, or e.g. 90s, 2m', '60s')
    .action(async (url: string, o: { timeout: string }, command: Command) => {
      await (await import('../webhooks/probe.js')).probe(wctx(command), url, o.timeout)
    })

  subcommand(
    webhooks,
    'validate <file>',
    "check a webhook payload (a file, or - for stdin) against the spec's schemas",
    ['store webhooks validate payload.json', 'cat payload.json | store webhooks validate -'],
  ).action((file: string, _o: unknown, command: Command) => validateFile(wctx(command), file))

  const logs = subcommand(
    webhooks,
    'logs [id]',
    "the emulator's delivery log, newest first; with an id, one delivery with its attempts and exact payload",
    ['store webhooks logs --state failed', 'store webhooks logs dlv_…'],
  )
  addFieldOptions(logs, OPERATION_FLAGS.listDeliveries.query!).action(
    inContext(ctx, async (cc, id: string | undefined, o: Record<string, unknown>) => {
      const w = webhookContext(cc)
      if (id) return showDelivery(w, id)
      const query = await buildBody(cc, { fields: OPERATION_FLAGS.listDeliveries.query!, opts: o, what: 'filter' })
      const raw = await w.client().emulator.webhooks.logs(query)
      cc.out.list(raw, raw.deliveries, DELIVERY_COLUMNS, 'No deliveries logged')
    }),
  )

  subcommand(
    webhooks,
    'resend <id>',
    'send a logged delivery again (its exact payload, to its URL) as a new log entry',
    ['store webhooks resend dlv_…'],
  ).action(async (id: string, _o: unknown, command: Command) => {
    const w = wctx(command)
    reportDelivery(w, await w.client().emulator.webhooks.resend(id))
  })

  operationCommand(webhooks, ctx, 'list', 'listWebhooks', {
    examples: ['store webhooks list', 'store webhooks list --json'],
    rows: [
      ['ID', (h) => h.id],
      ['URL', (h) => h.url],
      ['EVENTS', (h) => h.events.join(',')],
      ['CREATED', (h) => h.createdAt],
      // Last, so scripts reading the columns before it by position keep working.
      ['CHAOS', (h) => describeChaos(h.chaos)],
    ],
    empty: 'No webhook endpoints (add one with store webhooks create)',
  })
  operationCommand(webhooks, ctx, 'create', 'createWebhook', {
    examples: [
      'store webhooks create --url http://localhost:3000/hooks --events order:paid,order:created',
      'store webhooks create --url http://localhost:3000/hooks --events all',
      'store webhooks create --url http://localhost:3000/hooks --events all --chaos duplicate=0.2,reorderMs=2000,seed=7',
    ],
    what: 'webhook endpoint',
    flags: {
      events: { parse: eventKinds, placeholder: '<kind,kind,...|all>' },
      chaos: { parse: parseChaos, placeholder: '<key=value,...|json>' },
    },
    show: (cc, hook) => cc.out.line(hook.id),
    done: (hook) =>
      `webhook ${hook.id} → ${hook.url} (${counted(hook.events.length, 'kinds')})${hook.chaos ? `; chaos ${describeChaos(hook.chaos)}` : ''}`,
  })
  operationCommand(webhooks, ctx, 'delete', 'deleteWebhook', {
    examples: ['store webhooks delete wh_…'],
    done: (_, [id]) => `deleted webhook ${id}`,
  })

  subcommand(webhooks, 'wait', 'wait until the emulator emits an event (exit 0), or time out (exit 1)', [
    'store webhooks wait --event order:paid --timeout 30s',
    'store webhooks wait --event product:created --match title=Sticker --since evt_12',
  ])
    .requiredOption('--event <kind>', 'the event kind to wait for')
    .option('--match <path=value>', "a field of the event's data that must have this value (repeatable)", collect)
    .option('--timeout <duration>', 'give up after this long: seconds, or e.g. 10s, 2m', '10s')
    .option('--since <event-id>', 'also count events already emitted after this one (evt_12)')
    .action(async (o: import('../webhooks/wait.js').WaitOptions, command: Command) =>
      (await import('../webhooks/wait.js')).waitForEvent(wctx(command), o),
    )

  subcommand(
    webhooks,
    'simulate <id>',
    'the dashboard simulator: send sample data of one kind to an endpoint, logged like any delivery',
    ['store webhooks simulate wh_… --event order:paid'],
  )
    .requiredOption('--event <kind>', 'the event kind to simulate')
    .action(async (id: string, o: { event: string }, command: Command) => {
      const w = wctx(command)
      reportDelivery(w, await w.client().emulator.webhooks.simulate(id, o.event as WebhookEventKind))
    })
}

/** `store webhooks events`: the table the README carries too. */
export function listEvents(w: CommandContext): void {
  const rows = EVENT_KINDS_IN_READING_ORDER.map((kind) => ({
    kind,
    category: categoryOf(kind),
    firedBy: EVENT_TRIGGERS[kind],
    fixture: `fixtures/events/${fixtureFileOf(kind)}`,
  }))
  if (w.out.isJson) return w.out.json(rows)
  if (!w.out.isTTY) {
    for (const r of rows) w.out.line(`${r.kind}\t${r.category}\t${r.firedBy}`)
    return
  }
  // The whole sentence, not a truncated cell (the README repeats this reference), wrapped at word
  // boundaries: beside a column of kinds when the terminal leaves it room enough, else below each kind.
  const columns = w.out.width ?? 80
  const width = Math.max(...rows.map((r) => r.kind.length))
  const isStacked = columns - width - 2 < 60
  const indent = isStacked ? 4 : width + 2
  if (!isStacked) w.out.line(`${w.out.chalk.bold('KIND'.padEnd(width))}  ${w.out.chalk.bold('FIRED BY')}`)
  for (const r of rows) {
    const lines = wrapWords(r.firedBy, Math.max(20, columns - indent))
    if (isStacked) w.out.line(w.out.chalk.bold(r.kind))
    else w.out.line(`${r.kind.padEnd(width)}  ${lines.shift()}`)
    for (const line of lines) w.out.line(`${' '.repeat(indent)}${line}`)
  }
}

async function receive(w: CommandContext, o: ReceiveOptions): Promise<void> {
  const { printReceived, startReceiver } = await import('../webhooks/receive.js')
  const receiver = await startReceiver(
    o,
    (r) => printReceived(w, r),
    () => w.now(),
  )
  w.out.info(`Listening on ${receiver.url} for webhooks (Ctrl+C to stop)`)
  await untilStopped(w)
  await receiver.close()
}

async function validateFile(w: CommandContext, file: string): Promise<void> {
  const { text, from } = await readArgument(w, file === '-' ? '-' : `@${file}`)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch (error) {
    throw new CheckFailedError(`${from} is not valid JSON (${(error as Error).message})`)
  }
  const { validateWebhookPayload } = await import('../../contract/events.js')
  const check = validateWebhookPayload(body)
  if (w.out.isJson) w.out.json({ file: from, event: check.kind ?? null, valid: check.ok, problems: check.problems })
  else if (check.ok) w.out.line(`✓ ${from}: a valid ${check.kind} payload`)
  else {
    w.out.line(
      `✗ ${from}: ${check.kind ? `not a valid ${check.kind} payload` : 'not a webhook payload'} (${counted(check.problems.length, 'problems')})`,
    )
    for (const problem of check.problems) w.out.line(`  ${problem}`)
  }
  if (!check.ok) throw new CheckFailedError(`${from} does not match the spec's schemas`)
}

const DELIVERY_COLUMNS: Column<Omit<WebhookDelivery, 'payload' | 'attempts'>>[] = [
  ['ID', (d) => d.id],
  ['EVENT', (d) => d.event],
  ['URL', (d) => d.url],
  ['STATE', (d) => d.state],
  ['STATUS', (d) => d.responseStatus],
  ['RETRIES', (d) => d.retryCount],
  ['CREATED', (d) => d.createdAt],
]

async function showDelivery(w: CommandContext, id: string): Promise<void> {
  const d = await w.client().emulator.webhooks.log(id)
  if (w.out.isJson) return w.out.json(d)
  const { payload, attempts, ...fields } = d
  w.out.record(d, Object.entries(fields))
  w.out.line()
  w.out.rows(
    attempts,
    [
      ['ATTEMPT', (a) => a.attempt],
      ['AT', (a) => a.at],
      ['STATUS', (a) => a.status ?? a.error],
      ['MS', (a) => a.durationMs],
      ['RESPONSE', (a) => `${a.responseBody}${a.responseTruncated ? '…' : ''}`],
    ],
    'No attempt yet',
  )
  w.out.line()
  w.out.line(JSON.stringify(JSON.parse(payload), null, 2))
}

/** The result of a one-attempt delivery (resend, simulate); exit 1 when it was not delivered. */
function reportDelivery(w: CommandContext, d: WebhookDelivery): void {
  const attempt = d.attempts.at(-1)
  if (w.out.isJson) w.out.json(d)
  else {
    w.out.line(
      `${d.id}  ${d.event} → ${d.url}  ${attempt?.status ?? attempt?.error ?? 'not sent'}  ${attempt ? `${attempt.durationMs} ms` : ''}`.trimEnd(),
    )
    if (attempt?.responseBody) w.out.line(attempt.responseBody)
  }
  if (d.state !== 'delivered')
    throw new CheckFailedError(`delivery ${d.id} was not delivered (${attempt?.status ?? attempt?.error ?? d.state})`)
}
