import * as z from 'zod'
import type { ErrorBody, FieldError } from './store-error.js'

export * from './store-error.js'

export const FieldErrorSchema: z.ZodType<FieldError> = z.object({ field: z.string(), message: z.string() })

export const ErrorBodySchema: z.ZodType<ErrorBody> = z
  .object({
    error: z.string().describe('What went wrong and what to do; for validation `<field>: <message>`.'),
    errors: z.array(FieldErrorSchema).describe('Validation only: every field at fault.').optional(),
  })
  .meta({ id: 'Error', description: 'Every error answer (spec, "Errors").' })
