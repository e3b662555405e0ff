import * as z from 'zod'
import type { ErrorBody, FieldError } from './store-error.js'

export * from './store-error.js'

export const FieldErrorSchema: z.ZodType<FieldError> = z.object({ field: z.string(), message: z.string() })

/** Every error response of the API: `{ error, errors? }` (spec, "Errors"). */
export const ErrorBodySchema: z.ZodType<ErrorBody> = z.object({
  error: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
})
