// Every body's fields as flags. scripts/build-cli.js evaluates this module when it bundles the
// CLI and puts its value in the bundle, so commands declare their flags without loading zod.
import { bodyFields, type BodyField } from './body-fields.js'
import * as BODIES from './body-schemas.js'

export type BodyName = keyof typeof BODIES

export const BODY_FIELDS = Object.fromEntries(
  Object.entries(BODIES).map(([name, schema]) => [name, bodyFields(schema)]),
) as Record<BodyName, BodyField[]>
