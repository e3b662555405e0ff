import type { Context } from 'hono'
import type * as z from 'zod'
import { parseWith, readBody, readBodyText } from '../../middleware/validate.js'

/** A body the route may also get empty (no body at all means `{}`); a body that is sent must be JSON. */
export async function optionalBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await readBodyText(c)
  if (text.trim() === '') return parseWith(schema, {})
  return readBody(c, schema)
}
