// `store webhooks receive --port N`: a local receiver that prints each webhook readably, checks it
// against the spec's schemas and headers, and can answer INVOICE.ITEM.DELIVER-DYNAMIC with content.
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  DYNAMIC_DELIVERY_EVENT,
  WEBHOOK_HEADERS,
  categoryOf,
  isEventKind,
  validateWebhookPayload,
} from '../../contract/events.js'
import { isNestedDeeperThan } from '../../contract/common.js'
import type { EventCategory } from '../../contract/event-kinds.js'
import { UsageError } from '../exit-codes.js'
import { parseJson } from '../fidelity/id-map.js'
import { portOf, readBody, sendJson, serveLocally } from '../fidelity/local-server.js'
import type { CommandContext } from '../client-factory.js'

export interface ReceiveOptions {
  port: string
  host: string
  dynamicResponse?: string
  status: string
}

export interface Received {
  at: string
  method: string
  path: string
  event: string | null
  valid: boolean
  problems: string[]
  headerProblems: string[]
  body: unknown
}

const MAX_BODY = 1024 * 1024
/** A webhook payload nests a few levels; far deeper JSON overflows whatever walks it. */
export const RECEIVE_MAX_DEPTH = 64

export function checkHeaders(headers: IncomingMessage['headers']): string[] {
  const fits = {
    'Content-Type': (value: string) => /^application\/json\s*(;|$)/i.test(value),
    'User-Agent': (value: string) => value === WEBHOOK_HEADERS['User-Agent'],
  }
  return Object.entries(fits).flatMap(([name, fit]) => {
    const value = headers[name.toLowerCase()] as string | undefined
    if (fit(value ?? '')) return []
    const expected = WEBHOOK_HEADERS[name as keyof typeof fits]
    return [`${name} is ${value ? JSON.stringify(value) : 'missing'}, expected ${expected}`]
  })
}

type Data = Record<string, unknown>

const SUMMARIES: Record<EventCategory, (d: Data, kind: string) => unknown[]> = {
  order: (d, kind) => [
    `order #${d.id} ${d.uniqid}`,
    d.status,
    d.customer_email,
    d.total_display,
    kind.endsWith(':product') || !Array.isArray(d.products)
      ? `${d.product_title} ×${d.quantity}`
      : (d.products as Data[]).map((p) => `${p.title} ×${p.quantity}`).join(', '),
  ],
  product: (d) => [`product ${d.uniqid} "${d.title}"`, d.product_type, d.price_display, `stock ${d.stock}`],
  mystery: (d) => [`order ${d.orderNumber} (${d.orderId})`, `product "${d.productName}" ${d.productId}`],
  subscription: (d) => [
    `subscription ${d.id}`,
    d.subscription_status,
    d.customer_email,
    `"${d.product_title}"`,
    d.amount_display,
  ],
  query: (d) => [`query ${d.ticket_id}`, d.status, d.customer_email, `"${d.subject}"`],
  feedback: (d) => [`feedback ${d.id}`, `${d.rating}/5`, d.customer_email, `"${d.product_title}"`],
  dynamic: (d) => [`order ${d.order_number}`, d.email, `item ${(d.item as Data)?.id} ×${d.amount}`],
}

/** One line about the record a payload carries (order number, product, e-mail, amount). */
export function describePayload(body: Data): string {
  const kind = String(body.event ?? '')
  if (!isEventKind(kind)) return ''
  const data = (kind === DYNAMIC_DELIVERY_EVENT ? body : (body.data ?? {})) as Data
  return SUMMARIES[categoryOf(kind)](data, kind)
    .filter((p) => p !== undefined && p !== null && p !== '')
    .join(' · ')
}

export async function startReceiver(o: ReceiveOptions, onReceived: (r: Received) => void, now: () => Date) {
  const port = portOf(o.port)
  const status = Number(o.status)
  if (!Number.isInteger(status) || status < 100 || status > 599)
    throw new UsageError(`--status: "${o.status}" is not an HTTP status`)
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req, MAX_BODY)
    const base = {
      at: now().toISOString(),
      method: req.method ?? '',
      path: req.url ?? '/',
      headerProblems: checkHeaders(req.headers),
    }
    const refuse = (status: number, problem: string, body: unknown, error = problem) => {
      onReceived({ ...base, event: null, valid: false, problems: [problem], body })
      sendJson(res, status, { error })
    }
    if (text === undefined) return refuse(413, `body is larger than ${MAX_BODY} bytes`, null, 'body too large')
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch (error) {
      return refuse(400, `body is not JSON (${(error as Error).message})`, text, 'body is not JSON')
    }
    if (isNestedDeeperThan(body, RECEIVE_MAX_DEPTH))
      return refuse(400, `body is JSON nested more than ${RECEIVE_MAX_DEPTH} levels deep; no webhook payload is`, null)
    const check = validateWebhookPayload(body)
    onReceived({ ...base, event: check.kind ?? null, valid: check.ok, problems: check.problems, body })
    if (check.kind !== DYNAMIC_DELIVERY_EVENT) return sendJson(res, status, { received: true })
    const order = body as { order_number?: string; item?: { id?: string } }
    const answer =
      o.dynamicResponse ??
      `Delivered by store webhooks receive for ${order.order_number ?? 'the order'}, item ${order.item?.id ?? ''}`.trim()
    const type = parseJson(answer) === undefined ? 'text/plain; charset=utf-8' : 'application/json'
    res.writeHead(status, { 'content-type': type }).end(answer)
  }
  const { address, close } = await serveLocally(port, o.host, handle, (_, res) => {
    if (!res.headersSent) res.writeHead(500).end()
  })
  return {
    url: `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`,
    close,
  }
}

export function printReceived(w: CommandContext, r: Received): void {
  const { out } = w
  if (out.isJson) return out.ndjson(r)
  const c = out.chalk
  const verdict =
    r.valid && r.headerProblems.length === 0
      ? c.green('✓ valid')
      : c.red(`✗ ${r.problems.length + r.headerProblems.length} problem(s)`)
  out.line(`${r.at.slice(11, 19)}  ${r.method} ${r.path}  ${c.bold(r.event ?? '(no event)')}  ${verdict}`)
  const summary = r.body !== null && typeof r.body === 'object' ? describePayload(r.body as Data) : ''
  if (summary) out.line(`  ${summary}`)
  for (const problem of [...r.headerProblems, ...r.problems]) out.line(`  ${c.red('✗')} ${problem}`)
}
