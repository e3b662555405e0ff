// A command that calls one operation of the contract (src/contract/operations): the operation's path
// parameters are its arguments, the fields of its body or query its flags (body-fields.ts), its
// summary its help line. The command adds only what the operation does not say.
import type { Command } from 'commander'
import type * as z from 'zod'
import type { OperationId } from '../contract/operations/index.js'
import { bodyFields, type FlagOverrides, withOverrides } from './body-fields.js'
import { OPERATION_FLAGS, type BodyName } from './body-flags.js'
import { inContext, type CommandContext } from './client-factory.js'
import type { CliContext } from './context.js'
import { examples } from './examples.js'
import { CancelledError, UsageError } from './exit-codes.js'
import { addDataOption, addFieldOptions, buildBody, checkBody } from './input.js'
import type { Column } from './output.js'

/** Body schemas in place of the operations' own (as if the contract declared them so). */
export type Bodies = Partial<Record<BodyName, z.ZodType>>

/** The operations, loaded when a body or query is checked: a plain read starts without zod. */
export const operations = () => import('../contract/operations/index.js').then((m) => m.OPERATIONS)

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

// biome-ignore lint/suspicious/noExplicitAny: an answer is whatever its operation declares
type Answer = any

export interface OperationCommandSpec {
  examples: string[]
  description?: string
  /** Changes to the flags derived from the body or query (body-fields.ts). */
  flags?: FlagOverrides
  /** The command's own flags, beside the derived ones. */
  options?: (cmd: Command) => Command
  /** The body in messages (`invalid shop: …`); default the command's name. */
  what?: string
  /** Asked first on a terminal (`--yes` skips): the question and, refused without it, what it does. */
  confirm?: (args: string[], cc: CommandContext) => [question: string | (() => Promise<string>), action: string]
  /** Adds to the body from the command's own flags, before the schema check. */
  amend?: (cc: CommandContext, body: Record<string, unknown>, opts: Record<string, unknown>, args: string[]) => unknown
  /** A list answer as a table: the columns of its one array (`{ shops: [...] }`). */
  rows?: Column<Answer>[]
  /** What an empty list says; default `No shops found`, after the array's key. */
  empty?: string
  /** Shows the answer off `--json`, or not at all (false); default field by field (nothing for `{ success: true }`). */
  show?: false | ((cc: CommandContext, answer: Answer, args: string[]) => unknown)
  /** The line that says what was done, off `--json`. */
  done?: (answer: Answer, args: string[]) => string
  isDefault?: boolean
  /** Sends only the fields given, at least one; none is required. */
  isUpdate?: boolean
  /** Where the body's flags and schema come from; default the operation's. */
  bodies?: Bodies
}

export function operationCommand(
  parent: Command,
  ctx: CliContext,
  name: string,
  id: OperationId,
  spec: OperationCommandSpec,
): Command {
  const { summary, params, body, query } = OPERATION_FLAGS[id]
  const own = spec.bodies?.[id as BodyName]
  const derived = withOverrides(own ? bodyFields(own) : (body ?? query ?? []), spec.flags)
  const fields = spec.isUpdate ? derived.map((f) => ({ ...f, required: false })) : derived
  const cmd = parent
    .command(name, { isDefault: spec.isDefault })
    .description(spec.description ?? summary)
    .addHelpText('after', examples(...spec.examples))
  for (const [param, accepts] of params) cmd.argument(`<${param}>`, accepts)
  addFieldOptions(cmd, fields)
  if (body && fields.length) addDataOption(cmd)
  if (spec.confirm) cmd.option('-y, --yes', 'do not ask for confirmation (required when not on a terminal)')
  spec.options?.(cmd)
  return cmd.action(
    inContext(ctx, async (cc, ...rest: unknown[]) => {
      // The operation's parameters first, then any argument of the command's own.
      const args = rest.slice(0, cmd.registeredArguments.length) as string[]
      const opts = rest[args.length] as Record<string, unknown>
      if (spec.confirm) await confirmOrYes(cc, opts, ...spec.confirm(args, cc))
      const what = spec.what ?? name
      const prompter = cc.interactive ? cc.prompter : undefined
      const isUpdate = spec.isUpdate
      const input = fields.length || body ? await buildBody(cc, { fields, opts, what, prompter, isUpdate }) : {}
      await spec.amend?.(cc, input, opts, args)
      // The schemas load only to check what was given: a plain read starts without zod.
      if (body || Object.keys(input).length) {
        const declared = (await operations())[id] as { body?: z.ZodType; query?: z.ZodType }
        checkBody((own ?? declared.body ?? declared.query)!, input, what)
      }
      const answer: Answer = await cc.client().call(
        id as never,
        {
          params: Object.fromEntries(params.map(([param], i) => [param, args[i]])),
          ...(body ? { body: input } : { query: input }),
        } as never,
      )
      if (cc.out.isJson) return cc.out.json(answer)
      // A list answer without its array (a server that differs from the contract) shows field by field.
      const listed = spec.rows && Object.entries(answer).find(([, v]) => Array.isArray(v))
      if (spec.show) await spec.show(cc, answer, args)
      else if (spec.rows && listed)
        cc.out.rows(listed[1] as unknown[], spec.rows, spec.empty ?? `No ${listed[0]} found`)
      else if (spec.show !== false && !answer.success) cc.out.record(answer, Object.entries(answer))
      if (spec.done) cc.out.success(spec.done(answer, args))
    }),
  )
}
