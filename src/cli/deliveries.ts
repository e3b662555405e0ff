// What an order line delivered, as labelled entries: the same reading for `store emulator invoice`,
// `store orders get` and the report after `store emulator checkout --pay` or `store emulator pay`.
import type { Handover, OrderItem } from '../contract/orders.js'
import type { MysteryOpen } from '../contract/mystery.js'
import { nestedLines, wrapWords } from './layout.js'
import { colorStatus, type Output } from './output.js'

/** An order or invoice line as far as its delivery goes. */
interface DeliveredLine {
  productName: string
  productType?: string | null
  quantity: number
  delivery?: Handover
  mystery?: { opens: readonly Pick<MysteryOpen, 'index' | 'outcome' | 'code'>[] }
}

/** A line counts as delivered when its delivery says so, or when it has nothing to deliver. */
const isDelivered = (line: Pick<OrderItem, 'delivery'>) =>
  !line.delivery || line.delivery.status === 'delivered' || line.delivery.status === 'none'

/**
 * Every kind of delivery the line carries, in the order a buyer reads them: files, codes, the
 * message, the Dynamic answer, tracking, mystery outcomes, the subscription, and why it is not
 * delivered (when it is not).
 */
function deliveryEntries(line: DeliveredLine): [label: string, value: unknown][] {
  const d = line.delivery
  if (!d) return []
  const entries: [string, unknown][] = []
  for (const file of d.files ?? []) entries.push(['file', `${file.name}  ${file.url}`])
  const opens = line.mystery?.opens ?? []
  // A mystery line's codes are shown with the open that drew them.
  const mysteryCodes = new Set(opens.map((o) => o.code).filter(Boolean))
  for (const code of d.codes ?? []) if (!mysteryCodes.has(code)) entries.push(['code', code])
  if (d.message) entries.push(['message', d.message])
  if (d.dynamic) entries.push(['content', d.dynamic.content])
  for (const t of d.tracking ?? []) entries.push(['tracking', t.carrier ? `${t.code} (${t.carrier})` : t.code])
  if (opens.length)
    for (const open of opens)
      entries.push([`open ${open.index}`, open.code ? `${open.outcome}  code ${open.code}` : open.outcome])
  else for (const [i, outcome] of (d.outcomes ?? []).entries()) entries.push([`open ${i}`, outcome])
  if (d.subscriptionId) entries.push(['subscription', d.subscriptionId])
  if (!isDelivered(line) && d.reason) entries.push(['reason', d.reason])
  return entries
}

/**
 * Each line with what it delivered. On a terminal a block per line (`name × qty  status`, then
 * its entries indented, long values wrapped to the width); piped, one `product<TAB>label<TAB>value`
 * line per entry, after a `status` entry.
 */
export function printDeliveries(out: Output, lines: readonly DeliveredLine[]): void {
  if (!out.isTTY) {
    for (const line of lines) {
      out.line(`${line.productName}\tstatus\t${line.delivery?.status ?? 'none'}`)
      for (const [label, value] of deliveryEntries(line))
        out.line(`${line.productName}\t${label}\t${out.cell(value, false)}`)
    }
    return
  }
  const width = out.width ?? 100
  for (const line of lines) {
    const status = line.delivery?.status ?? 'none'
    out.line(
      `${out.chalk.bold(line.productName)} × ${line.quantity}  ${colorStatus(out.chalk, status.replace(/_/g, ' '))}`,
    )
    const entries = deliveryEntries(line)
    const labelWidth = Math.max(0, ...entries.map(([label]) => label.length))
    const indent = ' '.repeat(4 + labelWidth)
    for (const [label, value] of entries) {
      const text = typeof value === 'string' ? wrapWords(value, width - indent.length) : nestedLines(value)
      const [first = '', ...rest] = text.length ? text : ['-']
      out.line(`  ${out.chalk.dim(label.padEnd(labelWidth))}  ${first}`.trimEnd())
      // Wrapped text continues under its first line; a nested value starts below its label.
      for (const more of rest) out.line(`${first ? indent : '    '}${more}`)
    }
  }
}

/**
 * After a payment: nothing when every line was delivered; otherwise a warning naming each line
 * that was not, and why, with the command that finishes it where there is one.
 */
export function reportUndelivered(
  out: Output,
  order: { orderNumber: string; items: readonly (DeliveredLine & Pick<OrderItem, 'delivery'>)[] },
): boolean {
  const pending = order.items.filter((line) => !isDelivered(line))
  if (pending.length === 0) return false
  out.warn(`${pending.length} of ${order.items.length} lines of ${order.orderNumber} not delivered:`)
  for (const line of pending) {
    const why = line.delivery?.reason ?? line.delivery?.status.replace(/_/g, ' ') ?? 'not delivered'
    const next =
      line.productType === 'Physical'
        ? `; add tracking: store emulator tracking ${order.orderNumber} --code CODE`
        : line.productType === 'Dynamic'
          ? `; retry: store emulator pay ${order.orderNumber}`
          : ''
    out.info(`  ${line.productName}: ${why}${next}`)
  }
  return true
}
