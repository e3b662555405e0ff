// The types of a call to one operation, read off its declaration in src/contract/operations: the
// path's parameters, the query, the body and the answer. Types only: no schema is loaded.
import type * as z from 'zod'
import type { OperationId, Operations } from '../contract/operations/index.js'

/** What every method of the client takes last: `signal` aborts the call (and its retries). */
export interface CallOptions {
  signal?: AbortSignal
}

type Defined<T> = Exclude<T, undefined>
/** A query's values as a caller gives them: what the schema makes of them, a boolean for `'true' | 'false'`. */
type QueryValues<T> = {
  [K in keyof T]?: Defined<T[K]> | (Defined<T[K]> extends 'true' | 'false' ? boolean : never) | undefined
}

export type ParamsOf<O> = O extends { params: infer P } ? { [K in keyof P]: string | number } : never
export type QueryOf<O> = O extends { query: infer Q extends z.ZodType } ? QueryValues<z.output<Q>> : never
export type BodyOf<O> = O extends { body: infer B extends z.ZodType } ? z.input<B> : never
/** The answer: the JSON its schema describes, or text. */
export type AnswerOf<O> = O extends { ok: { content: { 'application/json': infer S extends z.ZodType } } }
  ? z.output<S>
  : string

/** What a call takes: the path's parameters and the body where the operation has them, a query where it takes one. */
export type CallInput<O> = CallOptions &
  ([ParamsOf<O>] extends [never] ? unknown : { params: ParamsOf<O> }) &
  ([QueryOf<O>] extends [never] ? unknown : { query?: QueryOf<O> }) &
  ([BodyOf<O>] extends [never]
    ? unknown
    : O extends { bodyOptional: true }
      ? { body?: BodyOf<O> }
      : { body: BodyOf<O> })

/** The arguments of `call(id, …)`: the input may be left out when nothing in it is required. */
export type CallArgs<K extends OperationId> =
  object extends CallInput<Operations[K]> ? [input?: CallInput<Operations[K]>] : [input: CallInput<Operations[K]>]

export type Answer<K extends OperationId> = AnswerOf<Operations[K]>
