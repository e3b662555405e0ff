// Request bodies from flags and `--data`: typed flags, checked with the spec's body schema before
// anything is sent; on a TTY, prompts for required fields that are missing, otherwise a usage error.
import type { Command } from 'commander'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type * as z from 'zod'
import type { FieldError } from '../contract/errors.js'
import { fieldErrors } from '../contract/field-errors.js'
import type { CliContext } from './context.js'
import { UsageError } from './exit-codes.js'
import type { Prompter } from './prompter.js'
import { type BodyField, flagOf, nameOf } from './body-fields.js'

/** What reading `@file` and `-` needs. */
type Io = Pick<CliContext, 'stdin' | 'cwd'>

/** A usage error that carries field errors, printed like the API's (exit 2: nothing was sent). */
export class InputError extends UsageError {
  override name = 'InputError'
  constructor(
    message: string,
    readonly errors: FieldError[],
  ) {
    super(message)
  }
}

/** The attribute commander stores a flag under (camelCase of the flag). */
const attrOf = (f: BodyField) => flagOf(f).replace(/-([a-z0-9])/g, (_all, c: string) => c.toUpperCase())

/** `a, b,,c` → `['a', 'b', 'c']`: the items of a comma-separated flag. */
export const commaList = (text: string, separator: RegExp | string = ',') =>
  text
    .split(separator)
    .map((s) => s.trim())
    .filter(Boolean)

/** A repeatable flag's parser for commander: each use adds one value. */
export const collect = (value: string, previous: string[] = []) => [...previous, value]

const NULL_WORDS = new Set(['null', 'none', 'unlimited', 'never'])

/** How a kind's value is shown in help, unless the field names its own placeholder. */
const PLACEHOLDERS: Partial<Record<BodyField['kind'], string>> = {
  number: '<number>',
  integer: '<integer>',
  list: '<id,id,...>',
  json: '<@file.json|json|->',
  text: '<@file|text|->',
}

function placeholder(f: BodyField): string {
  if (f.placeholder) return f.placeholder
  if (f.kind === 'enum') return isShortEnum(f) ? `<${f.choices!.join('|')}>` : `<${flagOf(f)}>`
  const shown = PLACEHOLDERS[f.kind] ?? '<value>'
  return f.nullable ? shown.replace('>', '|null>') : shown
}

/** Choices short enough to stand in the flag's placeholder; longer ones are listed in its description. */
const isShortEnum = (f: BodyField) => f.choices!.join('|').length <= 30

/** Adds one option per field; booleans get `--x` and `--no-x` so an update can set either. */
export function addFieldOptions(cmd: Command, fields: readonly BodyField[]): Command {
  for (const f of fields) {
    const flag = flagOf(f)
    if (f.kind === 'boolean') {
      cmd.option(`--${flag}`, f.description)
      cmd.option(`--no-${flag}`, `set ${nameOf(f)} to false`)
    } else {
      const choices = f.kind === 'enum' && !isShortEnum(f) ? `: ${f.choices!.join(', ')}` : ''
      cmd.option(`--${flag} ${placeholder(f)}`, f.description + choices + (f.required ? ' (required)' : ''))
    }
  }
  return cmd
}

export function addDataOption(cmd: Command): Command {
  return cmd.option(
    '--data <@file.json|json|->',
    'the request body as JSON: @file.json, inline, or - for stdin (flags override its fields)',
  )
}

export async function readArgument(ctx: Io, value: string): Promise<{ text: string; from: string }> {
  if (value === '-' || value === '@-') return { text: await readStdin(ctx), from: 'stdin' }
  if (value.startsWith('@')) {
    const path = resolve(ctx.cwd, value.slice(1))
    try {
      return { text: readFileSync(path, 'utf8'), from: value.slice(1) }
    } catch (error) {
      throw new UsageError(
        `cannot read ${value.slice(1)}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
      )
    }
  }
  return { text: value, from: 'the command line' }
}

export async function readJsonArgument(ctx: Io, value: string, what: string): Promise<unknown> {
  const { text, from } = await readArgument(ctx, value)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new UsageError(
      `${what}: ${from === 'the command line' ? 'is not valid JSON' : `${from} is not valid JSON`} (${(error as Error).message})`,
    )
  }
}

async function readStdin(ctx: Pick<CliContext, 'stdin'>): Promise<string> {
  if (ctx.stdin.isTTY) throw new UsageError('"-" reads stdin, but stdin is a terminal: pipe the JSON in, or use @file')
  if (ctx.stdin.readableEnded) throw new UsageError('stdin was already read: only one "-" per command')
  return process.getBuiltinModule('node:stream/consumers').text(ctx.stdin)
}

/** The flag's value converted to its field's type, or a usage error naming the flag. */
async function convert(ctx: Io, f: BodyField, raw: unknown): Promise<unknown> {
  const flag = `--${flagOf(f)}`
  if (f.kind === 'boolean') return raw
  const text = String(raw)
  if (f.parse) return f.parse(text, ctx)
  if (f.nullable && NULL_WORDS.has(text.trim().toLowerCase())) return null
  switch (f.kind) {
    case 'number':
    case 'integer': {
      const n = Number(text)
      if (text.trim() === '' || !Number.isFinite(n))
        throw new InputError(`${flag}: "${text}" is not a number`, [{ field: nameOf(f), message: 'must be a number' }])
      if (f.kind === 'integer' && !Number.isInteger(n))
        throw new InputError(`${flag}: "${text}" is not an integer`, [
          { field: nameOf(f), message: 'must be an integer' },
        ])
      return n
    }
    case 'enum': {
      const match = f.choices!.find((c) => c.toLowerCase() === text.trim().toLowerCase())
      if (!match)
        throw new InputError(`${flag}: "${text}" is not one of ${f.choices!.join(', ')}`, [
          { field: nameOf(f), message: `must be one of ${f.choices!.join(', ')}` },
        ])
      return match
    }
    case 'list':
      return commaList(text)
    case 'json':
      return readJsonArgument(ctx, text, flag)
    case 'text':
      return (await readArgument(ctx, text)).text
    default:
      return text
  }
}

type Body = Record<string, unknown>

function setPath(target: Body, path: string[], value: unknown): void {
  let at = target
  for (const key of path.slice(0, -1)) {
    const next = at[key]
    at = at[key] = next && typeof next === 'object' && !Array.isArray(next) ? { ...next } : {}
  }
  at[path[path.length - 1]] = value
}

const hasPath = (target: Body, path: string[]) =>
  path.reduce<unknown>((at, key) => (at as Body | null | undefined)?.[key], target) !== undefined

export interface BodyOptions {
  fields: readonly BodyField[]
  opts: Record<string, unknown>
  /** Prompt for missing required fields (stdin and stdout are terminals). */
  prompter?: Prompter
  /** What the body is for, in messages ("a coupon"). */
  what: string
  /** An update: at least one field must be given. */
  isUpdate?: boolean
}

/**
 * `--data` (if any) overlaid with the flags, required fields asked for on a TTY: the body to send,
 * as given (the caller checks it with its schema; the server normalises it).
 */
export async function buildBody(ctx: Io, o: BodyOptions): Promise<Record<string, unknown>> {
  let body: Record<string, unknown> = {}
  if (typeof o.opts.data === 'string') {
    const data = await readJsonArgument(ctx, o.opts.data, '--data')
    if (data === null || typeof data !== 'object' || Array.isArray(data))
      throw new UsageError('--data: must be a JSON object')
    body = { ...(data as Record<string, unknown>) }
  }
  for (const f of o.fields) {
    const raw = o.opts[attrOf(f)]
    if (raw === undefined) continue
    setPath(body, f.path, await convert(ctx, f, raw))
  }

  const missing = o.fields.filter((f) => f.required && !hasPath(body, f.path))
  if (missing.length) {
    if (!o.prompter) {
      const flags = missing.map((f) => `--${flagOf(f)}`).join(', ')
      throw new InputError(
        `missing ${flags} for ${o.what} (give the flags or --data; there is no terminal to ask on)`,
        missing.map((f) => ({ field: nameOf(f), message: 'is required' })),
      )
    }
    for (const f of missing) setPath(body, f.path, await ask(ctx, o.prompter, f))
  }
  if (o.prompter)
    for (const f of o.fields)
      if (f.askDefault !== undefined && f.choices && !hasPath(body, f.path))
        setPath(body, f.path, await o.prompter.select(promptLabel(f), f.choices, { default: f.askDefault }))
  if (o.isUpdate && Object.keys(body).length === 0) {
    throw new UsageError(
      `nothing to update: give at least one of ${o.fields.map((f) => `--${flagOf(f)}`).join(', ')}, or --data`,
    )
  }
  return body
}

/** Checks a body with its spec schema; the field errors read like the API's (STYLE.md, "Errors"). */
export function checkBody(schema: z.ZodType, body: unknown, what: string): void {
  const result = schema.safeParse(body, { reportInput: true })
  if (result.success) return
  const errors = fieldErrors(result.error)
  throw new InputError(`invalid ${what}: ${errors[0].field}: ${errors[0].message}`, errors)
}

/** How a field is named in its prompt: `product name (name)`. */
const promptLabel = (f: BodyField) => `${f.description.replace(/\s*\(.*\)$/, '')} (${nameOf(f)})`

async function ask(ctx: Io, prompter: Prompter, f: BodyField): Promise<unknown> {
  const label = promptLabel(f)
  if (f.kind === 'enum') return prompter.select(label, f.choices!)
  if (f.kind === 'boolean') return prompter.confirm(label)
  const text = await prompter.input(label, {
    validate: (value) => {
      if (value.trim() === '') return 'a value is required'
      if (f.kind === 'number' || f.kind === 'integer') {
        const n = Number(value)
        if (!Number.isFinite(n) && !(f.nullable && NULL_WORDS.has(value.trim().toLowerCase()))) return 'enter a number'
        if (f.kind === 'integer' && Number.isFinite(n) && !Number.isInteger(n)) return 'enter a whole number'
      }
      return true
    },
  })
  // What is typed is the value itself, never @file or - (those are for flags).
  return convert(ctx, { ...f, kind: f.kind === 'json' || f.kind === 'text' ? 'string' : f.kind }, text)
}
