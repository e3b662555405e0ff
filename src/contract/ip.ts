/**
 * Whether `text` is an IPv4 address in dotted-quad form or an IPv6 address (RFC 4291 section 2.2:
 * `::` once at most, an IPv4 tail, an optional `%zone`). The same answers as Node's `net.isIP`,
 * in plain code so the schemas run in browsers and edge runtimes too.
 */
export function isIpAddress(text: string): boolean {
  return isIPv4(text) || isIPv6(text)
}

const OCTET = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d|\d)$/
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/
const ZONE = /^[0-9a-zA-Z\-.:]+$/

export function isIPv4(text: string): boolean {
  const parts = text.split('.')
  return parts.length === 4 && parts.every((part) => OCTET.test(part))
}

export function isIPv6(text: string): boolean {
  const percent = text.indexOf('%')
  const address = percent < 0 ? text : text.slice(0, percent)
  if (percent >= 0 && !ZONE.test(text.slice(percent + 1))) return false
  const halves = address.split('::')
  if (halves.length > 2) return false
  const groupsOf = (half: string) => (half === '' ? [] : half.split(':'))
  const head = groupsOf(halves[0])
  const tail = halves.length === 2 ? groupsOf(halves[1]) : []
  const all = [...head, ...tail]
  // An IPv4 tail stands for the last two groups, and only at the very end.
  const last = (halves.length === 2 ? tail : head).at(-1) ?? ''
  const hasV4Tail = last.includes('.')
  if (hasV4Tail && !isIPv4(last)) return false
  const hexGroups = hasV4Tail ? all.slice(0, -1) : all
  if (!hexGroups.every((group) => HEX_GROUP.test(group))) return false
  const width = hexGroups.length + (hasV4Tail ? 2 : 0)
  return halves.length === 2 ? width <= 7 : width === 8
}
