// The proxy's recording: every exchange becomes a HAR 1.2 entry, masked before it is kept, and the
// whole file is rewritten atomically after each one (a HAR is one JSON document), so the file on
// disk is always a complete recording of the exchanges so far.
import { bearerKeyOf } from '../../contract/masking.js'
import { writeFileAtomic } from './atomic-write.js'
import { emptyHar, type Har, type HarEntry } from './har.js'
import { maskHeaders, maskText } from './mask.js'

export interface Exchange {
  startedAt: Date
  ms: number
  method: string
  url: string
  requestHeaders: Record<string, string>
  requestBody: string | undefined
  status: number
  statusText: string
  responseHeaders: Record<string, string>
  responseText: string
}

const pairs = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }))

/** An exchange as a HAR entry, every key, `Authorization` and `"secret"` in it masked. */
export function harEntryOf(x: Exchange, known: readonly string[]): HarEntry {
  const callerKey = bearerKeyOf(x.requestHeaders.authorization)
  const secrets = callerKey ? [...known, callerKey] : known
  const url = new URL(maskText(x.url, secrets))
  const requestHeaders = maskHeaders(Object.entries(x.requestHeaders), secrets)
  const responseHeaders = maskHeaders(Object.entries(x.responseHeaders), secrets)
  const requestBody = x.requestBody === undefined ? undefined : maskText(x.requestBody, secrets)
  const responseText = maskText(x.responseText, secrets)
  return {
    startedDateTime: x.startedAt.toISOString(),
    time: x.ms,
    request: {
      method: x.method,
      url: url.toString(),
      httpVersion: 'HTTP/1.1',
      headers: pairs(requestHeaders),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: requestBody === undefined ? 0 : Buffer.byteLength(requestBody),
      ...(requestBody === undefined
        ? {}
        : { postData: { mimeType: requestHeaders['content-type'] ?? 'application/json', text: requestBody } }),
    },
    response: {
      status: x.status,
      statusText: x.statusText,
      httpVersion: 'HTTP/1.1',
      headers: pairs(responseHeaders),
      cookies: [],
      content: {
        size: Buffer.byteLength(responseText),
        mimeType: responseHeaders['content-type'] ?? '',
        text: responseText,
      },
      redirectURL: responseHeaders.location ?? '',
      headersSize: -1,
      bodySize: Buffer.byteLength(responseText),
    },
    cache: {},
    timings: { send: 0, wait: x.ms, receive: 0 },
  }
}

export class HarRecorder {
  private readonly har: Har
  private writing: Promise<void> = Promise.resolve()
  // Dirty from the start: the first flush writes the empty recording, so the file exists at once.
  private isDirty = true
  private failure: Error | undefined

  constructor(
    private readonly path: string,
    version: string,
    private readonly secrets: readonly string[],
  ) {
    this.har = emptyHar(version)
  }

  get entries(): number {
    return this.har.log.entries.length
  }

  /** Keeps the exchange (masked) and writes the file again once the write in progress is done. */
  add(exchange: Exchange): void {
    this.har.log.entries.push(harEntryOf(exchange, this.secrets))
    this.isDirty = true
    this.writing = this.writing.then(() => this.writeIfDirty())
  }

  /** Resolves once every exchange added so far is in the file; rejects with the last write error. */
  async flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeIfDirty())
    await this.writing
    if (this.failure) throw this.failure
  }

  private async writeIfDirty(): Promise<void> {
    if (!this.isDirty) return
    this.isDirty = false
    try {
      await writeFileAtomic(this.path, `${JSON.stringify(this.har, null, 2)}\n`)
      this.failure = undefined
    } catch (error) {
      this.failure = error as Error
    }
  }
}
