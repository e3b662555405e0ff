// What drift checks of a recording beyond its HAR shape, before anything is sent: each entry it
// replays must make a request at all (a method that is a token, a path that decodes, header values
// without line breaks). A recording that fails here is bad input: a usage error naming the entry.
import { UsageError } from '../exit-codes.js'
import { type Har, headerOf } from './har.js'

/** An HTTP method: a token (RFC 9110). */
const METHOD = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** Whether a header value holds what none may: a line break or another control character (a tab may). */
const hasControl = (text: string) =>
  [...text].some((ch) => {
    const code = ch.charCodeAt(0)
    return (code < 0x20 && code !== 0x09) || code === 0x7f
  })

function problemOf(entry: Har['log']['entries'][number]): string | undefined {
  const { request } = entry
  if (!METHOD.test(request.method)) return `request.method ${JSON.stringify(request.method)} is not an HTTP method`
  const url = new URL(request.url)
  try {
    decodeURIComponent(url.pathname)
  } catch {
    return `request.url ${JSON.stringify(request.url.slice(0, 200))} has a path that does not percent-decode`
  }
  const type = request.postData?.mimeType ?? headerOf(request.headers, 'content-type')
  if (type !== undefined && hasControl(type)) return 'the request content type holds a line break or control character'
  const shop = headerOf(request.headers, 'x-service-shop')
  if (shop !== undefined && hasControl(shop)) return 'the X-Service-Shop header holds a line break or control character'
  return undefined
}

/** @throws UsageError naming the first entry drift could not send as recorded */
export function checkReplayable(har: Har, file: string): void {
  for (const [index, entry] of har.log.entries.entries()) {
    const problem = problemOf(entry)
    if (problem)
      throw new UsageError(
        `${file} is damaged at entry ${index}: ${problem}; record it again with store proxy --record`,
      )
  }
}
