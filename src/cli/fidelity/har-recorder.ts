// The proxy's recording: each exchange, masked, is written in place of the file's closing brackets,
// which follow it in the same write, so a process killed at any moment leaves a complete HAR.
import { chmod, type FileHandle, open } from 'node:fs/promises'
import { emptyHar, type HarEntry } from './har.js'
import { credentialsIn, maskHeaders, maskText } from './mask.js'

/** The most of one body kept in the recording (characters of text, or of base64); the entry says when it was cut. */
export const MAX_RECORDED_BODY = 4 * 1024 * 1024

/** An answer's body as the recording keeps it: text, or base64 when it was not text. */
export interface RecordedBody {
  text: string
  encoding?: 'base64'
  size: number
  comment?: string
}

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
  response: RecordedBody
}

const pairs = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }))

function capped(text: string, size: number, comment?: string): { text: string; comment?: string } {
  if (text.length <= MAX_RECORDED_BODY) return { text, ...(comment ? { comment } : {}) }
  const cut = `store proxy kept the first ${MAX_RECORDED_BODY} characters of this ${size}-byte body`
  return { text: text.slice(0, MAX_RECORDED_BODY), comment: comment ? `${comment}; ${cut}` : cut }
}

export function harEntryOf(x: Exchange, known: readonly string[]): HarEntry {
  const secrets = [...known, ...credentialsIn(Object.entries(x.requestHeaders))]
  const url = new URL(maskText(x.url, secrets))
  const requestHeaders = maskHeaders(Object.entries(x.requestHeaders), secrets)
  const responseHeaders = maskHeaders(Object.entries(x.responseHeaders), secrets)
  const requestSize = x.requestBody === undefined ? 0 : Buffer.byteLength(x.requestBody)
  const request =
    x.requestBody === undefined ? undefined : capped(maskText(x.requestBody, secrets), requestSize, undefined)
  const answer = x.response
  const content = capped(answer.encoding ? answer.text : maskText(answer.text, secrets), answer.size, answer.comment)
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
      ...(request === undefined
        ? {}
        : { postData: { mimeType: requestHeaders['content-type'] ?? 'application/json', ...request } }),
    },
    response: {
      status: x.status,
      statusText: x.statusText,
      httpVersion: 'HTTP/1.1',
      headers: pairs(responseHeaders),
      cookies: [],
      content: {
        size: answer.size,
        mimeType: responseHeaders['content-type'] ?? '',
        ...content,
        ...(answer.encoding ? { encoding: answer.encoding } : {}),
      },
      redirectURL: responseHeaders.location ?? '',
      headersSize: -1,
      bodySize: answer.size,
    },
    cache: {},
    timings: { send: 0, wait: x.ms, receive: 0 },
  }
}

const INDENT = '\n      '

export class HarRecorder {
  /** Entries in the file. */
  entries = 0
  /** Entries not yet written: a failed write leaves them for the next one. */
  private pending: string[] = []
  private writing: Promise<void> = Promise.resolve()

  private constructor(
    private readonly file: FileHandle,
    private readonly tail: string,
    /** Where the tail starts: the next entry is written here. */
    private end: number,
    private readonly secrets: readonly string[],
  ) {}

  /** Creates the file: the empty recording, readable by its owner only (it holds the shop's data, keys masked). */
  static async create(path: string, version: string, secrets: readonly string[]): Promise<HarRecorder> {
    const empty = JSON.stringify(emptyHar(version), null, 2)
    const at = empty.indexOf('"entries": []') + '"entries": ['.length
    const [head, tail] = [empty.slice(0, at), `\n    ${empty.slice(at)}\n`]
    const file = await open(path, 'w', 0o600)
    await chmod(path, 0o600)
    await file.write(`${head}${tail}`, 0)
    return new HarRecorder(file, tail, Buffer.byteLength(head), secrets)
  }

  /**
   * Appends the exchange (masked); resolves once it is in the file (in the system's cache: a killed
   * process loses none of it), rejects with the write's error.
   */
  add(exchange: Exchange): Promise<void> {
    this.pending.push(JSON.stringify(harEntryOf(exchange, this.secrets), null, 2).split('\n').join(INDENT))
    return this.flush()
  }

  async close(): Promise<void> {
    try {
      await this.flush()
    } finally {
      await this.file.close()
    }
  }

  /** One write at a time; each writes every pending entry and the tail after them, in one positional write. */
  private flush(): Promise<void> {
    const next = this.writing.then(async () => {
      // Entries added while this write runs wait for the next one.
      const batch = this.pending.slice()
      if (!batch.length) return
      const entries = batch.map((text, i) => `${this.entries + i === 0 ? '' : ','}${INDENT}${text}`).join('')
      const bytes = Buffer.from(entries + this.tail)
      await this.file.write(bytes, 0, bytes.length, this.end)
      this.end += bytes.length - Buffer.byteLength(this.tail)
      this.entries += batch.length
      this.pending.splice(0, batch.length)
    })
    this.writing = next.catch(() => undefined)
    return next
  }
}
