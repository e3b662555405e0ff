// The CLI's fetch: the part of the Fetch API the client and the webhook commands use, over
// node:http and node:https. Node's own fetch loads undici on first use, which alone costs more than
// the CLI's whole start-up budget (docs/cli.md, "Start-up"). The node modules are loaded on the first
// request, each when its protocol is used: node:https and node:tls cost as much again as node:http.
import type { IncomingMessage } from 'node:http'

/**
 * A fetch for string bodies and text or streamed answers. Redirects are never followed (the
 * webhook sender wants them as answers, the API sends none); a failure to connect rejects like
 * fetch does (`TypeError('fetch failed')` with the socket error as `cause`), an abort with the
 * signal's reason.
 */
export const httpFetch: typeof fetch = (input, init = {}) => {
  // Not `instanceof Request`: touching that global loads undici.
  const url = new URL(typeof input === 'object' && 'url' in input ? input.url : String(input))
  const signal = init.signal ?? undefined
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const send =
      url.protocol === 'https:'
        ? process.getBuiltinModule('node:https').request
        : process.getBuiltinModule('node:http').request
    const body = init.body === undefined || init.body === null ? undefined : String(init.body)
    // The client and the webhook commands give their headers as a plain object.
    const headers = { ...(init.headers as Record<string, string> | undefined) }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
    const req = send(url, { method: init.method ?? 'GET', headers }, (res) => resolve(responseOf(res, signal)))
    const abort = () => req.destroy(signal?.reason)
    signal?.addEventListener('abort', abort, { once: true })
    req.once('close', () => signal?.removeEventListener('abort', abort))
    req.once('error', (error) =>
      reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
    )
    req.end(body)
  })
}

/** The answer as the Response members the CLI reads: status, headers, text(), json(), body. */
function responseOf(res: IncomingMessage, signal: AbortSignal | undefined): Response {
  const status = res.statusCode ?? 0
  const text = async () => {
    const chunks: Buffer[] = []
    try {
      for await (const chunk of res) chunks.push(chunk as Buffer)
    } catch (error) {
      throw signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error })
    }
    return Buffer.concat(chunks).toString('utf8')
  }
  const answer = {
    status,
    statusText: res.statusMessage ?? '',
    ok: status >= 200 && status <= 299,
    headers: {
      get: (name: string) => {
        const value = res.headers[name.toLowerCase()]
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
      },
    },
    text,
    json: async () => JSON.parse(await text()),
    get body() {
      return process.getBuiltinModule('node:stream').Readable.toWeb(res)
    },
  }
  return answer as unknown as Response
}
