// The proxy's request to the upstream with the client's settings: the answer read as bytes up to a
// bound, relayed as it came, and decoded (gzip, br, deflate) for the check and the recording.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { readAtMost } from '../../contract/read-at-most.js'

/** The largest answer relayed (and the largest it may grow to once decoded). */
export const MAX_RELAYED_BYTES = 32 * 1024 * 1024

/** The upstream's answer was larger than MAX_RELAYED_BYTES: nothing of it was relayed. */
export class AnswerTooLargeError extends Error {}

export type UpstreamAnswer = Awaited<ReturnType<typeof askUpstream>>

const DECODERS: Record<string, (bytes: Buffer, o: { maxOutputLength: number }) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function textOf(bytes: Buffer, encoding: string | null): { text?: string; decodedFrom?: string } {
  const coding = encoding?.trim().toLowerCase() || 'identity'
  const decode = coding === 'identity' ? (plain: Buffer) => plain : DECODERS[coding]
  if (!decode) return {}
  try {
    const text = utf8.decode(decode(bytes, { maxOutputLength: MAX_RELAYED_BYTES }))
    return coding === 'identity' ? { text } : { text, decodedFrom: coding }
  } catch {
    return {}
  }
}

/**
 * The answer's bytes, and its text decoded from its Content-Encoding (undefined when it is not UTF-8
 * text: it is recorded as base64). No answer throws fetch's own error.
 * @throws AnswerTooLargeError past MAX_RELAYED_BYTES
 */
export async function askUpstream(
  fetch: typeof globalThis.fetch,
  url: string,
  method: string,
  o: { headers: Record<string, string>; body: string | undefined; signal: AbortSignal },
) {
  const res = await fetch(url, { method, ...o })
  const { bytes, truncated } = await readAtMost(res.body, MAX_RELAYED_BYTES)
  if (truncated) throw new AnswerTooLargeError()
  const { status, statusText, headers } = res
  const header = (name: string) => headers.get(name)
  return { status, statusText, header, bytes, ...textOf(bytes, header('content-encoding')) }
}
