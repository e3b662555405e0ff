// `store <resource> list|get|create|update|delete`, declared per resource (cloudflare/workers-sdk
// packages/wrangler/src/kv/index.ts keeps commands as small declarative objects), wired by
// `registerResource`: each subcommand calls the API's operation of its name (`listCoupons`, `getCoupon`…).
import type { Command } from 'commander'
import type { OperationId } from '../contract/operations/index.js'
import type { FlagOverrides } from './body-fields.js'
import { OPERATION_FLAGS } from './body-flags.js'
import { inContext, type CommandContext } from './client-factory.js'
import type { CliContext } from './context.js'
import { subcommand } from './examples.js'
import { type Bodies, operationCommand, operations } from './operation-command.js'
import type { Column, Output } from './output.js'

export interface ResourceSpec<Row extends object> {
  /** The command and API path name: `coupons`; its list is the operation `listCoupons`. */
  name: string
  /** What its other operations are named after (`getCoupon`, `createCoupon`…), and in words its messages' `coupon`. */
  one: string
  description: string
  /** The list's columns (unless it is the resource's own), and what an empty list says on a terminal. */
  columns?: Column<Row>[]
  empty?: string
  /**
   * How `get`, `create` and `update` show one record off `--json`; default every field in the
   * order of the record schema (`shape`: the answer of the `get` operation, loaded to show a record).
   */
  show?: (cc: CommandContext, row: Row, shape: RecordShape) => void
  /** A list of the resource's own, in place of the operation's. */
  list?: {
    options?: (cmd: Command) => Command
    run: (cc: CommandContext, opts: Record<string, unknown>) => Promise<void>
  }
  /** Flag changes for the list's query and the create and update bodies (body-fields.ts). */
  flags?: { list?: FlagOverrides; create?: FlagOverrides; update?: FlagOverrides }
  /** A `get` of the resource's own (a coupon by its code too). */
  get?: (cc: CommandContext, id: string) => Promise<Row>
  /** Before an update is sent: what the resource needs to know first (an order's payment). */
  beforeUpdate?: (cc: CommandContext, id: string, body: Record<string, unknown>) => Promise<void>
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

/** Registers the resource's command and its subcommands on the program: those its operations exist for. */
export function registerResource<Row extends object>(
  program: Command,
  ctx: CliContext,
  spec: ResourceSpec<Row>,
): Command {
  const cmd = program.command(spec.name).description(spec.description)
  const { examples } = spec
  const singular = spec.one.replace(/\B[A-Z]/g, (c) => ` ${c}`).toLowerCase()
  const store = `store ${spec.name}`
  const idOf = (verb: string) => `${verb}${spec.one}` as OperationId
  const has = (verb: string) => idOf(verb) in OPERATION_FLAGS
  const listExamples = examples.list ?? [`${store} list`, `${store} list --json`]
  if (spec.list) {
    const list = subcommand(cmd, 'list', `list ${spec.name}`, listExamples)
    ;(spec.list.options?.(list) ?? list).action(
      inContext(ctx, (cc, opts: Record<string, unknown>) => spec.list!.run(cc, opts)),
    )
  } else {
    operationCommand(cmd, ctx, 'list', `list${spec.name[0].toUpperCase()}${spec.name.slice(1)}` as OperationId, {
      examples: listExamples,
      flags: spec.flags?.list,
      rows: spec.columns ?? [],
      empty: spec.empty,
    })
  }
  const getExamples = examples.get ?? [`${store} get ${examples.id}`, `${store} get ${examples.id} --json`]
  const show = (cc: CommandContext, row: Row) => showRecord(cc, spec, row, idOf('get'))
  const get = (cc: CommandContext, id: string): Promise<Row> =>
    spec.get ? spec.get(cc, id) : cc.client().call(idOf('get') as never, { params: paramsOf(idOf('get'), id) } as never)
  subcommand(cmd, 'get', `show one ${singular}`, getExamples)
    .argument('<id>', `${singular} id`)
    .action(inContext(ctx, async (cc, id: string) => show(cc, await get(cc, id))))
  const saved = (verb: 'Created' | 'Updated') => async (cc: CommandContext, row: Row) => {
    await show(cc, row)
    if (spec.saved) spec.saved(cc.out, row, verb)
    else cc.out.success(`${verb} ${singular} ${idOfRow(row)}`)
  }
  if (has('create'))
    operationCommand(cmd, ctx, 'create', idOf('create'), {
      examples: [...(examples.create ?? []), `${store} create --data @${singular.replace(/\s+/g, '-')}.json`],
      description: `create a ${singular} (missing required fields are asked for on a terminal)`,
      what: singular,
      flags: spec.flags?.create,
      bodies: spec.bodies,
      show: saved('Created'),
    })
  if (has('update'))
    operationCommand(cmd, ctx, 'update', idOf('update'), {
      examples: examples.update ?? [],
      description: `change a ${singular}: only the given fields`,
      what: `${singular} update`,
      flags: spec.flags?.update,
      bodies: spec.bodies,
      isUpdate: true,
      amend: (cc, body, _o, [id]) => spec.beforeUpdate?.(cc, id, body),
      show: saved('Updated'),
    })
  if (has('delete'))
    operationCommand(cmd, ctx, 'delete', idOf('delete'), {
      examples: [`${store} delete ${examples.id}`, `${store} delete ${examples.id} --yes`],
      description: `delete a ${singular} (asks first on a terminal)`,
      // The record is looked up first: the question names it, and an unknown id is a not-found error.
      confirm: ([id], cc) => [
        async () => `Delete ${singular} ${labelOf(await get(cc, id))}? This cannot be undone.`,
        `delete ${singular} ${id}`,
      ],
      done: (_, [id]) => `Deleted ${singular} ${id}`,
    })
  return cmd
}

/** The path parameters of an operation on one record, whatever its path names the id. */
const paramsOf = (op: OperationId, id: string) => ({ [OPERATION_FLAGS[op].params[0][0]]: id })

/** A record schema as far as display needs it: the field names, in order. */
export type RecordShape = { shape: object }

/** Shows a record: the API's JSON with `--json`, else the resource's view. */
async function showRecord<Row extends object>(
  cc: CommandContext,
  spec: Pick<ResourceSpec<Row>, 'show'>,
  row: Row,
  get: OperationId,
): Promise<void> {
  if (cc.out.isJson) return cc.out.record(row, [])
  const declared = (await operations())[get] as { ok: { content: { 'application/json': RecordShape } } }
  const shape = declared.ok.content['application/json']
  if (!spec.show) return cc.out.record(row, entriesOf(row, shape))
  spec.show(cc, row, shape)
}

/** A record's fields: those the schema lists, in its order, then any others the server sent. */
export function entriesOf(row: object, schema: RecordShape): [string, unknown][] {
  const known = Object.keys(schema.shape).filter((k) => k in row)
  const rest = Object.keys(row).filter((k) => !known.includes(k))
  return [...known, ...rest].map((k) => [k, (row as Record<string, unknown>)[k]])
}

/** A record as a question names it: `"Game Key" (rec_demoSerial001)`, or its id alone. */
function labelOf(row: object): string {
  const r = row as { name?: unknown; code?: unknown; value?: unknown; email?: unknown }
  const name = [r.name, r.code, r.value, r.email].find((v) => typeof v === 'string' && v !== '')
  const id = idOfRow(row)
  return name === undefined || name === id ? id : `"${name}" (${id})`
}

function idOfRow(row: object): string {
  const r = row as { id?: string; productId?: string; orderNumber?: string }
  return r.orderNumber ?? r.productId ?? r.id ?? ''
}
