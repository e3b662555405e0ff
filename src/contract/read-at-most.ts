/**
 * The first `limit` bytes of a body; reading stops one chunk past them and the rest is cancelled,
 * so a huge or endless answer costs neither memory nor time. `truncated`: the body was longer.
 */
export async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  if (!body) return { bytes: Buffer.alloc(0), truncated: false }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  while (limit > 0 && size <= limit) {
    const { done, value } = await reader.read()
    if (done) return { bytes: Buffer.concat(chunks), truncated: false }
    chunks.push(value)
    size += value.byteLength
  }
  await reader.cancel().catch(() => undefined)
  return { bytes: Buffer.concat(chunks).subarray(0, limit), truncated: size > limit }
}
