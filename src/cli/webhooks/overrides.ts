// `--override path=value` for `store webhooks trigger`: sets exactly one field of the payload.
import { UsageError } from '../exit-codes.js'

const ENVELOPE_KEYS = new Set(['event', 'data', 'timestamp', 'source'])
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])

export interface Override {
  path: string[]
  raw: string
  json: boolean
  text: string
}

/**
 * `path=value` (typed like the field it replaces) or `path:=json`. In webhook bodies a path is
 * relative to `data` unless it starts with `event`, `data`, `timestamp` or `source`.
 */
export function parseOverride(text: string, enveloped: boolean): Override {
  const match = /^([^=:]+?)(:?=)(.*)$/s.exec(text)
  if (!match?.[1].trim())
    throw new UsageError(`--override "${text}": expected path=value (or path:=json), e.g. --override total=10`)
  let path = match[1].trim().split('.')
  if (path.some((p) => p === '' || FORBIDDEN.has(p)))
    throw new UsageError(`--override "${text}": "${match[1]}" is not a field path`)
  if (enveloped && !ENVELOPE_KEYS.has(path[0])) path = ['data', ...path]
  return { path, raw: match[3], json: match[2] === ':=', text }
}

/** `null` and JSON values as they read; a string field takes the text, a number or boolean field only its own type. */
function typedValue(o: Override, current: unknown): unknown {
  const fail = (what: string) => new UsageError(`--override ${o.text}: ${what}`)
  if (!o.json && (o.raw === 'null' || typeof current === 'string')) return o.raw === 'null' ? null : o.raw
  let value: unknown = o.raw
  try {
    value = JSON.parse(o.raw)
  } catch (error) {
    if (o.json) throw fail(`the value is not JSON (${(error as Error).message})`)
  }
  if (o.json || (typeof current !== 'number' && typeof current !== 'boolean') || typeof value === typeof current)
    return value
  throw fail(
    typeof current === 'number'
      ? `the field is a number; "${o.raw}" is not (use path:=json to set another type)`
      : `the field is true or false; "${o.raw}" is neither`,
  )
}

/** A copy of `body` with that one field set; the parent must exist, the field may be new. */
export function applyOverride(body: Record<string, unknown>, o: Override): Record<string, unknown> {
  const copy = structuredClone(body)
  let parent: unknown = copy
  for (let i = 0; i < o.path.length - 1; i++) {
    const next = (parent as Record<string, unknown>)[o.path[i]]
    if (next === null || typeof next !== 'object')
      throw new UsageError(
        `--override ${o.text}: ${o.path.slice(0, i + 1).join('.')} is not an object or array in this payload`,
      )
    parent = next
  }
  const leaf = o.path[o.path.length - 1]
  if (Array.isArray(parent)) {
    const index = Number(leaf)
    if (!Number.isInteger(index) || index < 0 || index >= parent.length)
      throw new UsageError(
        `--override ${o.text}: ${o.path.slice(0, -1).join('.')} has ${parent.length} item(s); "${leaf}" is not an index of it`,
      )
    parent[index] = typedValue(o, parent[index])
  } else {
    const record = parent as Record<string, unknown>
    record[leaf] = typedValue(o, record[leaf])
  }
  return copy
}
