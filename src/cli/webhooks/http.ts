// Plain HTTP for the webhook commands: the emulator's control API with the connection's key and
// shop, and POSTs to a receiver with exactly the spec's webhook headers.
import { StoreError } from '../../spec/errors.js'
import { WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_MS } from '../../spec/events.js'
import type { CliContext } from '../context.js'
import { resolveConnection, type Connection, type GlobalOptions } from '../connection.js'
import { UsageError } from '../exit-codes.js'
import { chalkFor, isColorWanted, Output } from '../output.js'
import { loadProfile } from '../profiles.js'

/** What a webhook command runs with: the CLI context, its output and where the emulator is. */
export interface WebhookContext {
  ctx: CliContext
  globals: GlobalOptions
  out: Output
  connection(): Connection
}

export function webhookContext(ctx: CliContext, globals: GlobalOptions): WebhookContext {
  const isTTY = Boolean(ctx.stdout.isTTY)
  const out = new Output({
    stdout: ctx.stdout,
    stderr: ctx.stderr,
    isTTY,
    json: Boolean(globals.json),
    chalk: chalkFor(isColorWanted(isTTY, ctx.env, globals.color)),
  })
  let connection: Connection | undefined
  return {
    ctx,
    globals,
    out,
    connection: () => (connection ??= resolveConnection(ctx, globals, loadProfile(ctx, globals))),
  }
}

/** Headers of a control-API request: Bearer key (required) and the shop when one is chosen. */
export function authHeaders(connection: Connection): Record<string, string> {
  if (!connection.apiKey)
    throw new UsageError(
      'no API key: pass --api-key, set STORE_API_KEY, or run store login (the key store serve printed)',
    )
  return {
    authorization: `Bearer ${connection.apiKey}`,
    ...(connection.shop ? { 'x-service-shop': connection.shop } : {}),
  }
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause
  return cause?.code ?? cause?.message ?? (error as Error)?.message ?? String(error)
}

/**
 * A JSON request to the emulator (`/_emulator/...` or `/api/v1/...` under the connection's
 * origin). A non-2xx answer becomes the API's StoreError; no answer a StoreError with status 0.
 */
export async function emulatorRequest<T>(w: WebhookContext, method: string, path: string, body?: unknown): Promise<T> {
  const connection = w.connection()
  const url = `${connection.origin}${path}`
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(connection) }
  if (body !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await w.ctx.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  } catch (error) {
    throw new StoreError(0, `could not reach ${connection.origin} (${describeNetworkError(error)})`)
  }
  const text = await res.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!res.ok) {
    const error = (json as { error?: unknown } | undefined)?.error
    const errors = (json as { errors?: { field: string; message: string }[] } | undefined)?.errors
    throw new StoreError(
      res.status,
      typeof error === 'string'
        ? error
        : `${method} ${path} answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
      errors,
    )
  }
  return json as T
}

export interface Sent {
  status: number | null
  statusText: string
  durationMs: number
  body: string
  error: string | null
}

/**
 * POSTs a webhook body to `url` with the spec's headers only (Content-Type, User-Agent) and its
 * 15 s timeout. Never throws: `status` is null when no answer came.
 */
export async function sendWebhook(
  ctx: CliContext,
  url: string,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  signal?: AbortSignal,
): Promise<Sent> {
  const timeout = AbortSignal.timeout(timeoutMs)
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  try {
    const res = await ctx.fetch(url, {
      method: 'POST',
      headers: { ...WEBHOOK_HEADERS },
      body,
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      redirect: 'manual',
    })
    const text = await res.text()
    return { status: res.status, statusText: res.statusText, durationMs: ms(), body: text, error: null }
  } catch (error) {
    const reason = timeout.aborted ? `timed out after ${timeoutMs / 1000} s` : describeNetworkError(error)
    return { status: null, statusText: '', durationMs: ms(), body: '', error: reason }
  }
}

export const isOk = (status: number | null) => status !== null && status >= 200 && status <= 299

/** A failed check of a command (receiver answered non-2xx, payload invalid): exit code 1. */
export class CheckFailedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CheckFailedError'
  }
}
