// The proxy's recording: each exchange, masked, is written in place of the file's closing brackets,
// which follow it in the same write, so a process killed at any moment leaves a complete HAR.
import { chmod, open } from 'node:fs/promises'
import type { HarEntry } from './har.js'
import { credentialsIn, maskHeaders, maskText } from './mask.js'
import type { UpstreamAnswer } from './upstream.js'

/** The most of one body kept in the recording (characters of text, or of base64); the entry says when it was cut. */
export const MAX_RECORDED_BODY = 4 * 1024 * 1024

export interface Exchange {
  startedAt: Date
  ms: number
  method: string
  url: string
  requestHeaders: Record<string, string>
  requestBody: string | undefined
  answer: UpstreamAnswer
  /** The answer's headers the proxy relayed. */
  responseHeaders: Record<string, string>
}

const pairs = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }))

function capped(text: string, size: number, comment?: string): { text: string; comment?: string } {
  if (text.length <= MAX_RECORDED_BODY) return { text, ...(comment ? { comment } : {}) }
  const cut = `store proxy kept the first ${MAX_RECORDED_BODY} characters of this ${size}-byte body`
  return { text: text.slice(0, MAX_RECORDED_BODY), comment: comment ? `${comment}; ${cut}` : cut }
}

/** The answer as the recording keeps it: its text (decoded from gzip and the like), else base64. */
function contentOf({ text, bytes, decodedFrom, header }: UpstreamAnswer, secrets: readonly string[]) {
  if (text === undefined) {
    const coding = header('content-encoding')
    const comment = `the body as it came${coding ? ` (Content-Encoding: ${coding})` : ''}: not UTF-8 text`
    return { size: bytes.length, ...capped(bytes.toString('base64'), bytes.length, comment), encoding: 'base64' }
  }
  const size = Buffer.byteLength(text)
  const comment = decodedFrom && `decoded from ${decodedFrom} (${bytes.length} bytes as sent)`
  return { size, ...capped(maskText(text, secrets), size, comment) }
}

export function harEntryOf(x: Exchange, known: readonly string[]): HarEntry {
  const secrets = [...known, ...credentialsIn(Object.entries(x.requestHeaders))]
  const url = new URL(maskText(x.url, secrets))
  const requestHeaders = maskHeaders(Object.entries(x.requestHeaders), secrets)
  const responseHeaders = maskHeaders(Object.entries(x.responseHeaders), secrets)
  const requestSize = x.requestBody === undefined ? 0 : Buffer.byteLength(x.requestBody)
  const content = contentOf(x.answer, secrets)
  const mimeType = requestHeaders['content-type'] ?? 'application/json'
  return {
    startedDateTime: x.startedAt.toISOString(),
    time: x.ms,
    request: {
      method: x.method,
      url: url.toString(),
      httpVersion: 'HTTP/1.1',
      headers: pairs(requestHeaders),
      queryString: [...url.searchParams].map(([name, value]) => ({
        name: maskText(name, secrets),
        value: maskText(value, secrets),
      })),
      cookies: [],
      headersSize: -1,
      bodySize: requestSize,
      // Left out of the file when undefined.
      postData:
        x.requestBody === undefined
          ? undefined
          : { mimeType, ...capped(maskText(x.requestBody, secrets), requestSize) },
    },
    response: {
      status: x.answer.status,
      statusText: x.answer.statusText,
      httpVersion: 'HTTP/1.1',
      headers: pairs(responseHeaders),
      cookies: [],
      content: { mimeType: responseHeaders['content-type'] ?? '', ...content },
      redirectURL: responseHeaders.location ?? '',
      headersSize: -1,
      bodySize: content.size,
    },
    cache: {},
    timings: { send: 0, wait: x.ms, receive: 0 },
  }
}

const INDENT = '\n      '

/** Creates the file: the empty recording, readable by its owner only (it holds the shop's data, keys masked). */
export async function createHarRecorder(path: string, version: string, secrets: readonly string[]) {
  const har = { log: { version: '1.2', creator: { name: 'store proxy', version }, entries: [] } }
  const empty = JSON.stringify(har, null, 2)
  const at = empty.indexOf('"entries": []') + '"entries": ['.length
  const [head, tail] = [empty.slice(0, at), `\n    ${empty.slice(at)}\n`]
  const file = await open(path, 'w', 0o600)
  await chmod(path, 0o600)
  await file.write(`${head}${tail}`, 0)
  /** Where the tail starts: the next entry is written here. */
  let end = Buffer.byteLength(head)
  let entries = 0
  /** Entries not yet written: a failed write leaves them for the next one. */
  const pending: string[] = []
  let writing = Promise.resolve()
  /** One write at a time; each writes every pending entry and the tail after them, in one positional write. */
  const flush = () => {
    const next = writing.then(async () => {
      // Entries added while this write runs wait for the next one.
      const batch = pending.slice()
      if (!batch.length) return
      const text = batch.map((entry, i) => `${entries + i === 0 ? '' : ','}${INDENT}${entry}`).join('')
      const bytes = Buffer.from(text + tail)
      await file.write(bytes, 0, bytes.length, end)
      end += bytes.length - Buffer.byteLength(tail)
      entries += batch.length
      pending.splice(0, batch.length)
    })
    writing = next.catch(() => undefined)
    return next
  }
  return {
    get entries() {
      return entries
    },
    /** Appends the exchange (masked); resolves once it is in the file (a killed process loses none of it). */
    add(exchange: Exchange) {
      pending.push(JSON.stringify(harEntryOf(exchange, secrets), null, 2).split('\n').join(INDENT))
      return flush()
    },
    close: () => flush().finally(() => file.close()),
  }
}
