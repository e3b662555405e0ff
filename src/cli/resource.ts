// `store <resource> list|get|create|update|delete`, declared per resource (cloudflare/workers-sdk
// packages/wrangler/src/kv/index.ts keeps commands as small declarative objects), wired by `registerResource`.
import type { Command } from 'commander'
import type { StoreClient } from '../client/index.js'
import { SPEC_BODIES, type Bodies, type BodyName } from './bodies.js'
import { withOverrides, type FlagOverrides } from './body-fields.js'
import { inContext, type CommandContext } from './client-factory.js'
import type { CliContext } from './context.js'
import { withExamples } from './examples.js'
import { CancelledError, UsageError } from './exit-codes.js'
import { addDataOption, addFieldOptions, buildBody } from './input.js'
import type { Column, Output } from './output.js'

export interface ResourceSpec<Row extends object> {
  /** The command and API path name: `coupons`. */
  name: string
  /** For messages: `coupon`. */
  singular: string
  description: string
  /** How `get`, `create` and `update` show one record off `--json`; default every field, the schema's first. */
  show?: (cc: CommandContext, row: Row, shape?: RecordShape) => void
  /**
   * The record schema, loaded when a record is shown (zod stays out of `--help` and `list`): its
   * field order is the display order of the default `show`.
   */
  schema?: () => Promise<RecordShape>
  list?: {
    /** Extra flags of `list`. */
    options?: (cmd: Command) => Command
    run: (cc: CommandContext, opts: Record<string, unknown>) => Promise<void>
  }
  get?: (client: StoreClient, id: string) => Promise<Row>
  /** Its flags are the body schema's fields (body-fields.ts), with the resource's `flags` changes. */
  create?: {
    body: BodyName
    flags?: FlagOverrides
    run: (client: StoreClient, body: never) => Promise<Row>
  }
  /** As `create`; nothing is required: an update sends only the fields given. */
  update?: {
    body: BodyName
    flags?: FlagOverrides
    run: (client: StoreClient, id: string, body: never) => Promise<Row>
  }
  delete?: (client: StoreClient, id: string) => Promise<unknown>
  /** The messages after a create or update (off `--json`); default `✓ Created coupon cpn_…`. */
  saved?: (out: Output, row: Row, verb: 'Created' | 'Updated') => void
  /**
   * Examples for each subcommand's `--help`: an id for `get` and `delete` (as in the demo shop),
   * and whole command lines for `create` and `update`; `list` gets `list` and `list --json`.
   */
  examples: { id: string; create?: string[]; update?: string[]; list?: string[]; get?: string[] }
  /** Where the `create` and `update` flags and schemas come from; default the spec's bodies. */
  bodies?: Bodies
}

/** A resource's calls on the client (`client.groups`): its envelope under `Key`, one record, and the writes it has. */
interface ResourceCalls<Row, Key extends string> {
  list(): Promise<Record<Key, Row[]>>
  get(id: string): Promise<Row>
  create?(body: never): Promise<Row>
  update?(id: string, body: never): Promise<Row>
  delete?(id: string): Promise<unknown>
}

/**
 * The subcommands of a resource the client holds as its calls: `list` shows the whole envelope's
 * `key` in `columns` (`empty` when there is none), `get` one record, and with `bodies`, `create`,
 * `update` and `delete`.
 * @example
 * registerResource(program, ctx, { name: 'groups', …, ...clientCommands((client) => client.groups, 'groups', GROUP_COLUMNS, 'No groups found') })
 */
export function clientCommands<Row extends object, Key extends string>(
  calls: (client: StoreClient) => ResourceCalls<Row, Key>,
  key: Key,
  columns: Column<Row>[],
  empty: string,
  bodies?: { create: BodyName; update: BodyName },
): Pick<ResourceSpec<Row>, 'list' | 'get' | 'create' | 'update' | 'delete'> {
  const list = async (cc: CommandContext) => {
    const envelope = await calls(cc.client()).list()
    cc.out.list(envelope, envelope[key], columns, empty)
  }
  return {
    list: { run: (cc) => list(cc) },
    get: (client, id) => calls(client).get(id),
    ...(bodies && {
      create: { body: bodies.create, run: (client, body) => calls(client).create!(body) },
      update: { body: bodies.update, run: (client, id, body) => calls(client).update!(id, body) },
      delete: (client, id) => calls(client).delete!(id),
    }),
  }
}

/** `--yes` of a command that asks first. */
export const YES = ['-y, --yes', 'do not ask for confirmation (required when not on a terminal)'] as const

/** The action of a `list` command: the envelope's `key` in `columns` (the envelope itself with `--json`). */
export const listAction = <Row, Key extends string>(
  ctx: CliContext,
  call: (client: StoreClient) => Promise<Record<Key, readonly Row[]>>,
  key: Key,
  columns: Column<Row>[],
  empty: string,
) =>
  inContext(ctx, async (cc) => {
    const envelope = await call(cc.client())
    cc.out.list(envelope, envelope[key], columns, empty)
  })

/** Registers the resource's command and its subcommands on the program. */
export function registerResource<Row extends object>(
  program: Command,
  ctx: CliContext,
  spec: ResourceSpec<Row>,
): Command {
  const bodies = spec.bodies ?? SPEC_BODIES
  const cmd = program.command(spec.name).description(spec.description)
  const { singular, examples } = spec
  const store = `store ${spec.name}`
  if (spec.list) {
    const list = withExamples(
      cmd.command('list').description(`list ${spec.name}`),
      ...(examples.list ?? [`${store} list`, `${store} list --json`]),
    )
    ;(spec.list.options?.(list) ?? list).action(
      inContext(ctx, (cc, opts: Record<string, unknown>) => spec.list!.run(cc, opts)),
    )
  }
  if (spec.get) {
    withExamples(
      cmd.command('get'),
      ...(examples.get ?? [`${store} get ${examples.id}`, `${store} get ${examples.id} --json`]),
    )
      .description(`show one ${singular}`)
      .argument('<id>', `${singular} id`)
      .action(inContext(ctx, async (cc, id: string) => showRecord(cc, spec, await spec.get!(cc.client(), id))))
  }
  if (spec.create) {
    const { body: name, flags, run } = spec.create
    const create = withExamples(
      cmd.command('create'),
      ...(examples.create ?? []),
      `${store} create --data @${singular.replace(/\s+/g, '-')}.json`,
    ).description(`create a ${singular} (missing required fields are asked for on a terminal)`)
    const fields = withOverrides(bodies.fields(name), flags)
    addDataOption(addFieldOptions(create, fields)).action(
      inContext(ctx, async (cc, opts: Record<string, unknown>) => {
        const prompter = cc.interactive ? cc.prompter : undefined
        const schema = await bodies.schema(name)
        const body = await buildBody(cc, { fields, opts, schema, what: singular, prompter })
        await showSaved(cc, spec, 'Created', await run(cc.client(), body as never))
      }),
    )
  }
  if (spec.update) {
    const { body: name, flags, run } = spec.update
    const update = withExamples(cmd.command('update'), ...(examples.update ?? []))
      .description(`change a ${singular}: only the given fields`)
      .argument('<id>', `${singular} id`)
    const fields = withOverrides(bodies.fields(name), flags).map((f) => ({ ...f, required: false }))
    addDataOption(addFieldOptions(update, fields)).action(
      inContext(ctx, async (cc, id: string, opts: Record<string, unknown>) => {
        const schema = await bodies.schema(name)
        const body = await buildBody(cc, { fields, opts, schema, what: `${singular} update`, isUpdate: true })
        await showSaved(cc, spec, 'Updated', await run(cc.client(), id, body as never))
      }),
    )
  }
  const remove = spec.delete
  if (remove) {
    withExamples(cmd.command('delete'), `${store} delete ${examples.id}`, `${store} delete ${examples.id} --yes`)
      .description(`delete a ${singular} (asks first on a terminal)`)
      .argument('<id>', `${singular} id`)
      .option(...YES)
      .action(
        inContext(ctx, async (cc, id: string, opts: { yes?: boolean }) => {
          // The record is looked up first: the question names it, and an unknown id is a not-found error.
          const question = async () => {
            const row = spec.get ? await spec.get(cc.client(), id) : undefined
            return `Delete ${singular} ${row ? labelOf(row) : id}? This cannot be undone.`
          }
          await confirmOrYes(cc, opts, question, `delete ${singular} ${id}`)
          const answer = await remove(cc.client(), id)
          if (cc.out.isJson) cc.out.json(answer)
          else cc.out.success(`Deleted ${singular} ${id}`)
        }),
      )
  }
  return cmd
}

/** A record schema as far as display needs it: the field names, in order. */
export type RecordShape = { shape: object }

/** Shows a record: the API's JSON with `--json`, else the resource's view. */
async function showRecord<Row extends object>(
  cc: CommandContext,
  spec: Pick<ResourceSpec<Row>, 'show' | 'schema'>,
  row: Row,
): Promise<void> {
  if (cc.out.isJson) return cc.out.record(row, [])
  const shape = await spec.schema?.()
  if (!spec.show) return cc.out.record(row, entriesOf(row, shape))
  spec.show(cc, row, shape)
}

/** A record's fields: those the schema lists, in its order, then any others the server sent. */
export function entriesOf(row: object, schema?: { shape: object }): [string, unknown][] {
  const known = schema ? Object.keys(schema.shape).filter((k) => k in row) : []
  const rest = Object.keys(row).filter((k) => !known.includes(k))
  return [...known, ...rest].map((k) => [k, (row as Record<string, unknown>)[k]])
}

/** The saved record, then (off `--json`) the line that says so: the resource's own, or `✓ Created coupon cpn_…`. */
async function showSaved<Row extends object>(
  cc: CommandContext,
  spec: ResourceSpec<Row>,
  verb: 'Created' | 'Updated',
  row: Row,
): Promise<void> {
  await showRecord(cc, spec, row)
  if (cc.out.isJson) return
  if (spec.saved) spec.saved(cc.out, row, verb)
  else cc.out.success(`${verb} ${spec.singular} ${idOf(row)}`)
}

/**
 * `--yes`, or a yes on a terminal; off a terminal without `--yes` it is a usage error (exit 2).
 * A question given as a function is asked for only when it is asked (it may look the record up).
 */
export async function confirmOrYes(
  cc: CommandContext,
  opts: { yes?: boolean },
  question: string | (() => Promise<string>),
  action: string,
): Promise<void> {
  if (opts.yes) return
  if (!cc.interactive)
    throw new UsageError(`refusing to ${action} without confirmation: pass --yes (no terminal to ask on)`)
  const text = typeof question === 'string' ? question : await question()
  if (!(await cc.prompter.confirm(text, { default: false }))) throw new CancelledError(`cancelled: did not ${action}`)
}

/** A record as a question names it: `"Game Key" (rec_demoSerial001)`, or its id alone. */
function labelOf(row: object): string {
  const r = row as { name?: unknown; code?: unknown; value?: unknown; email?: unknown }
  const name = [r.name, r.code, r.value, r.email].find((v) => typeof v === 'string' && v !== '')
  const id = idOf(row)
  return name === undefined || name === id ? id : `"${name}" (${id})`
}

function idOf(row: object): string {
  const r = row as { id?: string; code?: string; productId?: string; orderNumber?: string }
  return r.orderNumber ?? r.productId ?? r.id ?? ''
}
