import type { Handover } from '../../../contract/orders.js'
import { dynamicDeliveryPayload } from '../../../contract/event-payloads.js'
import { FORBIDDEN_KEYS } from '../../../contract/common.js'
import type { FulfilmentRecord, OrderLineRecord } from '../../../contract/rows.js'
import { isSettled } from '../orders/flow.js'
import { type Fulfil, retryHint, takeUnits, undelivered } from './fulfil.js'
import { setupHint } from '../catalogue/setup-hint.js'
import { readAtMost } from '../../../contract/read-at-most.js'

declare module '../../deps.js' {
  interface EmulatorOptions {
    /** Timeout of the INVOICE.ITEM.DELIVER-DYNAMIC POST in ms; 15 s (spec, "Limits") unless a test shortens it. */
    dynamicTimeoutMs?: number
  }
}

export const DYNAMIC_TIMEOUT_MS = 15_000
/** The most of an answer kept on the invoice. */
export const MAX_DYNAMIC_ANSWER = 64 * 1024
/** The deepest nesting of a JSON answer kept as JSON; a deeper one is kept as the text it came as. */
export const MAX_ANSWER_DEPTH = 64
export const WAITING_FOR_ANSWER = 'waiting for the answer of the Dynamic Webhook URL'

async function readAnswer(res: Response): Promise<{ contentType: string; content: unknown } | { tooLarge: true }> {
  const { bytes, truncated } = await readAtMost(res.body, MAX_DYNAMIC_ANSWER)
  if (truncated) return { tooLarge: true }
  const body = new TextDecoder().decode(bytes)
  const contentType = res.headers.get('content-type') ?? ''
  if (/\bjson\b/i.test(contentType)) {
    try {
      const content = JSON.parse(body) as unknown
      if (isStorableJson(content)) return { contentType, content }
    } catch {
      /* shown as text */
    }
  }
  return { contentType, content: body }
}

/**
 * Whether parsed JSON can be stored and served back as it is: deeper JSON overflows the stack of
 * whatever walks it, `1e309` would come back as null, and prototype keys are refused.
 */
function isStorableJson(value: unknown, depth = 0): boolean {
  if (typeof value === 'number') return Number.isFinite(value)
  if (value === null || typeof value !== 'object') return true
  if (depth >= MAX_ANSWER_DEPTH) return false
  for (const [key, inner] of Object.entries(value))
    if (FORBIDDEN_KEYS.has(key) || !isStorableJson(inner, depth + 1)) return false
  return true
}

/** Dynamic: units taken at payment, then the POST after the transaction; a 2xx answer is the delivery. */
export const dynamic: Fulfil = {
  fulfil(ctx) {
    // Units taken: the line only waits for its POST, which runs after the transaction.
    if (ctx.line.taken === ctx.line.quantity) return ctx.line
    if (!ctx.setup?.dynamicWebhookUrl) {
      return undelivered(
        ctx.line,
        `no Dynamic Webhook URL is set up for this product; set one with ${setupHint(ctx.line.productId, '--dynamic-url URL')}, ${retryHint(ctx.order)}`,
      )
    }
    const { line, ok } = takeUnits(ctx)
    return ok ? undelivered(line, WAITING_FOR_ANSWER) : line
  },

  awaitsRemote(line: OrderLineRecord, setup: FulfilmentRecord | undefined) {
    return line.taken === line.quantity && !isSettled(line) && Boolean(setup?.dynamicWebhookUrl)
  },

  async handOverRemote(remote, order, line, setup): Promise<Handover> {
    const url = setup?.dynamicWebhookUrl
    const attempts = (line.delivery?.attempts ?? 0) + 1
    const failed = (reason: string, extra: Partial<Handover> = {}): Handover =>
      undelivered(line, `${reason}; ${retryHint(order)}`, { ...extra, attempts }).delivery!
    if (!url) return failed('no Dynamic Webhook URL is set up for this product')
    const timeoutMs = remote.timeoutMs ?? DYNAMIC_TIMEOUT_MS
    let res: Response | undefined
    let answer: Awaited<ReturnType<typeof readAnswer>>
    try {
      res = await remote.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Service-Webhook/1.0' },
        body: JSON.stringify(dynamicDeliveryPayload(order, line, remote.nowIso(order))),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      })
      answer = await readAnswer(res)
    } catch (error) {
      const { name, message, cause } = Object(error) as Error & { cause?: { code?: string; message?: string } }
      const within = `within ${timeoutMs / 1000} s`
      if (name === 'TimeoutError' || name === 'AbortError')
        return failed(`the Dynamic Webhook URL did not ${res ? 'finish its answer' : 'answer'} ${within}`)
      if (res) return failed(`the answer of the Dynamic Webhook URL could not be read (${message})`)
      return failed(
        `the Dynamic Webhook URL could not be reached (${cause?.code ?? cause?.message ?? message ?? String(error)})`,
      )
    }
    if ('tooLarge' in answer)
      return failed(`the Dynamic Webhook URL answered ${res.status} with more than ${MAX_DYNAMIC_ANSWER} bytes`)
    const dynamicAnswer = { status: res.status, contentType: answer.contentType, content: answer.content }
    if (res.status < 200 || res.status > 299) {
      const snippet =
        typeof answer.content === 'string' ? answer.content.slice(0, 200) : JSON.stringify(answer.content).slice(0, 200)
      return failed(`the Dynamic Webhook URL answered ${res.status}${snippet ? `: ${snippet}` : ''}`, {
        dynamic: dynamicAnswer,
      })
    }
    return {
      ...line.delivery,
      status: 'delivered',
      reason: null,
      deliveredAt: remote.nowIso(order),
      attempts,
      dynamic: dynamicAnswer,
    }
  },
}
