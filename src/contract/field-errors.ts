import type * as z from 'zod'
import type { FieldError } from './errors.js'

/** A problem of an input: where it is (object keys and array indexes) and what to send instead. */
export interface InputProblem {
  path: PropertyKey[]
  message: string
}

/** zod issues as problems whose message says what to send; an unknown field is a problem of its own. */
export function inputProblems(error: z.ZodError): InputProblem[] {
  const out: InputProblem[] = []
  const paths = error.issues.map((issue) => issue.path.map(String).join('.'))
  for (const [at, issue] of error.issues.entries()) {
    // zod adds a safe-integer range issue before the schema's own bound (1e300 for a count); the bound says more.
    if (isSafeIntegerRangeIssue(issue) && paths.some((other, i) => i !== at && other === paths[at])) continue
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ path: [...issue.path, key], message: 'is not a known field' })
      continue
    }
    out.push({ path: issue.path, message: describeIssue(issue) })
  }
  return out
}

/** zod issues as the spec's field errors: `field` is the joined path, the message says what to send. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return inputProblems(error).map(({ path, message }) => ({ field: path.map(String).join('.') || 'body', message }))
}

function isSafeIntegerRangeIssue(issue: z.core.$ZodIssue): boolean {
  return (issue.code === 'too_big' || issue.code === 'too_small') && issue.origin === 'int'
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    const received = (issue as { input?: unknown }).input
    if (received === undefined) return 'is required'
    // JSON such as 1e309 parses to Infinity; a query value such as "abc" coerces to NaN.
    if (typeof received === 'number' && Number.isNaN(received)) return 'must be a number'
    if (typeof received === 'number' && !Number.isFinite(received)) return 'must be a finite number'
    if (issue.expected === 'int' && typeof received === 'number') return 'must be an integer'
    return `must be ${article(issue.expected)} (got ${received === null ? 'null' : Array.isArray(received) ? 'array' : typeof received})`
  }
  // A body discriminated by a field (`type`) whose value names none of its kinds.
  if (issue.code === 'invalid_union' && 'discriminator' in issue) {
    const kinds = (issue as { options?: unknown[] }).options?.filter((kind) => kind !== undefined) ?? []
    const input = (issue as { input?: unknown }).input
    const given =
      input !== null && typeof input === 'object' ? (input as Record<string, unknown>)[issue.discriminator!] : undefined
    if (given === undefined) return 'is required'
    return `must be one of ${kinds.map((kind) => JSON.stringify(kind)).join(', ')}`
  }
  // A missing enum field reports invalid_value; missing is the clearer message.
  if (issue.code === 'invalid_value' && (issue as { input?: unknown }).input === undefined) return 'is required'
  if (isSafeIntegerRangeIssue(issue))
    return `must be between ${-Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`
  if (issue.code === 'invalid_value' && 'values' in issue)
    return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`
  return issue.message
}

function article(expected: string): string {
  if (expected === 'int') return 'an integer'
  if (expected === 'record') return 'an object'
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`
}
