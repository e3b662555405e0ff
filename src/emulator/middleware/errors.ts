import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { StoreError } from '../../contract/errors.js'
import type { Log } from '../deps.js'
import { answerJson } from '../inspector/answer.js'

/** One mapping from anything thrown to the spec's error shape; unexpected errors are logged, never shown. */
export function errorResponse(error: unknown, c: Context, log: Log): Response {
  if (error instanceof StoreError) {
    return answerJson(c, error.toBody(), error.status as 400, error.headers)
  }
  if (error instanceof HTTPException) {
    const status = error.status
    return answerJson(c, { error: error.message || statusText(status) }, status)
  }
  log(`internal error on ${c.req.method} ${c.req.path}: ${(error as Error)?.stack ?? String(error)}`)
  return answerJson(
    c,
    { error: 'internal error: the emulator hit an unexpected problem (logged by store serve); retry later' },
    500,
  )
}

function statusText(status: number): string {
  return status === 413 ? 'body: is too large' : `request failed with status ${status}`
}
