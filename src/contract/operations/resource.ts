import type * as z from 'zod'
import { type OperationInput, SUCCESS, answer } from './operation.js'

/** How the documents speak of a resource; its operations' summaries and answers are made of these. */
export interface ResourceNames<P extends string = 'id'> {
  /** The collection's path (`/coupons`); its last segment is the tag and the list's key. */
  path: string
  /** One of it in words, with its article: `a coupon`. */
  one: string
  /** Many of it in words, when not the list's key: `blacklist entries`. */
  many?: string
  /** What the path parameter accepts. */
  id: string
  /** The path parameter's name, `id` unless given. */
  param?: P
  tag?: string
}

/** What an operation adds to the words made from the names, or replaces: its description, query, errors, summary. */
type More = Partial<OperationInput>

/**
 * The standard operations of a resource, in the documents' words: list, get, create, update and
 * delete, each made from the names and its schemas, with what `more` adds or replaces. Their ids
 * are their keys in the area's table.
 * @example
 * const coupon = resourceOperations({ path: '/coupons', one: 'a coupon', id: "The coupon's id." })
 * export const COUPON_OPERATIONS = { getCoupon: coupon.get(CouponSchema), … }
 */
export function resourceOperations<const P extends string = 'id'>(names: ResourceNames<P>) {
  const { path, one } = names
  const key = path.slice(path.lastIndexOf('/') + 1)
  const noun = one.replace(/^an? /, '')
  const param = names.param ?? 'id'
  const params = { [param]: names.id } as Record<P, string>
  const base = <const M extends OperationInput['method']>(method: M, summary: string) => ({
    method,
    path,
    summary: `${summary} ${one}`,
    tag: names.tag ?? key,
  })
  const item = <const M extends OperationInput['method']>(method: M, summary: string) => ({
    ...base(method, summary),
    path: `${path}/{${param}}`,
    params,
  })
  return {
    list: <S extends z.ZodType, const O extends More = object>(schema: S, more?: O) => ({
      ...base('get', 'List'),
      summary: `List ${names.many ?? key}`,
      ok: answer(200, `\`{ ${key}: [...] }\``, schema),
      ...(more as O),
    }),
    get: <S extends z.ZodType, const O extends More = object>(schema: S, more?: O) => ({
      ...item('get', 'Read'),
      ok: answer(200, `The ${noun}.`, schema),
      ...(more as O),
    }),
    create: <B extends z.ZodType, S extends z.ZodType, const O extends More = object>(
      body: B,
      schema: S,
      more?: O,
    ) => ({
      ...base('post', 'Create'),
      body,
      ok: answer(201, `The created ${noun}.`, schema),
      ...(more as O),
    }),
    update: <B extends z.ZodType, S extends z.ZodType, const O extends More = object>(
      body: B,
      schema: S,
      more?: O,
    ) => ({
      ...item('put', 'Update'),
      body,
      ok: answer(200, `The updated ${noun}.`, schema),
      ...(more as O),
    }),
    delete: <const O extends More = object>(more?: O) => ({
      ...item('delete', 'Delete'),
      ok: SUCCESS,
      ...(more as O),
    }),
  }
}
