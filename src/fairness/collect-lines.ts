// Finding the mystery-box opens in a JSON document, grouped by order line, for `verifyLine`.
import type { MysteryLine } from './line.js'
import type { MysteryOpen } from '../contract/mystery.js'

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)
const looksLikeOpen = (o: Record<string, unknown>) => 'proofHash' in o && 'rollIndex' in o
const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/**
 * Every line of opens in a JSON document: an order (`items[].mystery.opens`), an order line, a
 * `{ commitment, opens }` object, an invoice, a single open or an array of opens. Lines are
 * labelled `<orderNumber> · <productName>` where the document says so, else `label`.
 * @example
 * collectLines(await client.orders.get('ORD-12'), 'ORD-12').flatMap((line) => verifyLine(line))
 */
export function collectLines(doc: unknown, label: string): MysteryLine[] {
  const lines: MysteryLine[] = []
  const visit = (value: unknown, at: string, line?: MysteryLine): void => {
    if (Array.isArray(value)) {
      if (!line && value.length && value.every((v) => isObject(v) && looksLikeOpen(v))) {
        const loose: MysteryLine = { label: at, opens: [] }
        lines.push(loose)
        line = loose
      }
      for (const v of value) visit(v, at, line)
      return
    }
    if (!isObject(value)) return
    if (looksLikeOpen(value)) {
      if (line) line.opens.push(value as MysteryOpen)
      else lines.push({ label: at, opens: [value as MysteryOpen] })
      return
    }
    let here = at
    if (typeof value.orderNumber === 'string') here = value.orderNumber
    if (typeof value.productName === 'string') here = `${here} · ${value.productName}`
    if (Array.isArray(value.opens)) {
      const found: MysteryLine = {
        label: here,
        expectedCommitment: str(value.commitment),
        clientSeed: str(value.clientSeed),
        opens: [],
      }
      lines.push(found)
      for (const v of value.opens) visit(v, here, found)
      return
    }
    for (const v of Object.values(value)) visit(v, here, line)
  }
  visit(doc, label)
  return lines.filter((l) => l.opens.length > 0)
}
