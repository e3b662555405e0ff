// The patterns Node's `net.isIP` uses (lib/internal/net.js), as text so a schema can carry them:
// the server and the OpenAPI documents then test an address with the same expression.
const V4_SEGMENT = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])'
const V4 = `(?:${V4_SEGMENT}\\.){3}${V4_SEGMENT}`
const V6_SEGMENT = '(?:[0-9a-fA-F]{1,4})'
const V6 =
  '(?:' +
  `(?:${V6_SEGMENT}:){7}(?:${V6_SEGMENT}|:)|` +
  `(?:${V6_SEGMENT}:){6}(?:${V4}|:${V6_SEGMENT}|:)|` +
  `(?:${V6_SEGMENT}:){5}(?::${V4}|(?::${V6_SEGMENT}){1,2}|:)|` +
  `(?:${V6_SEGMENT}:){4}(?:(?::${V6_SEGMENT}){0,1}:${V4}|(?::${V6_SEGMENT}){1,3}|:)|` +
  `(?:${V6_SEGMENT}:){3}(?:(?::${V6_SEGMENT}){0,2}:${V4}|(?::${V6_SEGMENT}){1,4}|:)|` +
  `(?:${V6_SEGMENT}:){2}(?:(?::${V6_SEGMENT}){0,3}:${V4}|(?::${V6_SEGMENT}){1,5}|:)|` +
  `(?:${V6_SEGMENT}:){1}(?:(?::${V6_SEGMENT}){0,4}:${V4}|(?::${V6_SEGMENT}){1,6}|:)|` +
  `(?::(?:(?::${V6_SEGMENT}){0,5}:${V4}|(?::${V6_SEGMENT}){1,7}|:))` +
  ')(?:%[0-9a-zA-Z\\-.:]{1,})?'

/** An IPv4 address in dotted-quad form or an IPv6 address (RFC 4291 section 2.2, an optional `%zone`), unanchored. */
export const IP_ADDRESS = `(?:${V4}|${V6})`

const IP_ADDRESS_ONLY = new RegExp(`^${IP_ADDRESS}$`)

/**
 * Whether `text` is an IPv4 or IPv6 address: the same answers as Node's `net.isIP`, without
 * Node, so the schemas run in browsers and edge runtimes too.
 */
export function isIpAddress(text: string): boolean {
  return IP_ADDRESS_ONLY.test(text)
}
