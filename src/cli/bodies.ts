import type * as z from 'zod'
import type { BodyField } from './body-fields.js'
import { BODY_FIELDS, type BodyName } from './body-flags.js'

export type { BodyName }

/** Where a command finds a body's flags and, when it checks the body, its schema. */
export interface Bodies {
  fields(name: BodyName): BodyField[]
  schema(name: BodyName): Promise<z.ZodType>
}

/** The operations' bodies: flags derived from the schemas, each schema loaded when a body is checked. */
export const SPEC_BODIES: Bodies = {
  fields: (name) => BODY_FIELDS[name],
  schema: (name) => import('../contract/operations/index.js').then(({ OPERATIONS }) => OPERATIONS[name].body),
}
