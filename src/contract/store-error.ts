// StoreError without zod: the client and the CLI's start-up path use it; errors.ts adds the schemas.
/** One field's problem, in the API's error body (spec, "Errors"). */
export interface FieldError {
  field: string
  message: string
}

/** Every error response of the API: `{ error, errors? }` (spec, "Errors"). */
export interface ErrorBody {
  error: string
  errors?: FieldError[]
}

/**
 * The one error type: thrown by the emulator on purpose and by the client for any failed request.
 * `status` 0 means no answer was received (network error, timeout).
 */
export class StoreError extends Error {
  readonly status: number
  readonly errors?: FieldError[]
  readonly headers?: Record<string, string>
  constructor(status: number, message: string, errors?: FieldError[], headers?: Record<string, string>) {
    super(message)
    this.name = 'StoreError'
    this.status = status
    if (errors?.length) this.errors = errors
    if (headers) this.headers = headers
  }

  toBody(): ErrorBody {
    return this.errors ? { error: this.message, errors: this.errors } : { error: this.message }
  }
}

export const badRequest = (field: string, message: string) =>
  new StoreError(400, `${field}: ${message}`, [{ field, message }])
export const notFound = (what: string, id: string) => new StoreError(404, `${what} not found: ${id}`)
