// The control API's key check of the webhook commands, and the POST of a webhook body to a receiver with exactly
// the spec's headers. The emulator's control API is read through the one StoreClient.
import { WEBHOOK_HEADERS, WEBHOOK_TIMEOUT_MS } from '../../contract/event-kinds.js'
import { readAtMost } from '../../contract/read-at-most.js'
import type { CommandContext } from '../client-factory.js'
import { extendContext, type CliContext } from '../context.js'
import { UsageError } from '../exit-codes.js'

/** The command's context, its client refused without a key: the emulator's control API needs one. */
export function webhookContext(cc: CommandContext): CommandContext {
  return extendContext(cc, {
    client: () => {
      if (!cc.connection().apiKey)
        throw new UsageError(
          'no API key: pass --api-key, set STORE_API_KEY, or run store login (the key store serve printed)',
        )
      return cc.client()
    },
  })
}

export interface Sent {
  status: number | null
  statusText: string
  durationMs: number
  body: string
  bodyTruncated: boolean
  error: string | null
}

/** How much of a receiver's answer `trigger --to` reads and shows. */
export const SHOWN_ANSWER_BYTES = 64 * 1024

/**
 * With the spec's headers only and its timeout; the answer read up to `showAtMost` bytes. Never
 * throws: `status` is null when no answer came.
 */
export async function sendWebhook(
  ctx: CliContext,
  url: string,
  body: string,
  o: { showAtMost: number; timeoutMs?: number; signal?: AbortSignal },
): Promise<Sent> {
  const timeoutMs = o.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  const timeout = AbortSignal.timeout(timeoutMs)
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  try {
    const res = await ctx.fetch(url, {
      method: 'POST',
      headers: { ...WEBHOOK_HEADERS },
      body,
      signal: o.signal ? AbortSignal.any([timeout, o.signal]) : timeout,
      redirect: 'manual',
    })
    const { bytes, truncated } = await readAtMost(res.body, o.showAtMost)
    const { status, statusText } = res
    const text = new TextDecoder().decode(bytes)
    return { status, statusText, durationMs: ms(), body: text, bodyTruncated: truncated, error: null }
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } })?.cause
    const reason = timeout.aborted
      ? `timed out after ${timeoutMs / 1000} s`
      : (cause?.code ?? cause?.message ?? String((error as Error)?.message ?? error))
    return { status: null, statusText: '', durationMs: ms(), body: '', bodyTruncated: false, error: reason }
  }
}

export const isOk = (status: number | null) => status !== null && status >= 200 && status <= 299

/** A failed check of a command (receiver answered non-2xx, payload invalid): exit code 1. */
export class CheckFailedError extends Error {
  override name = 'CheckFailedError'
}
