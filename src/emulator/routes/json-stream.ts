import { setImmediate as nextTurn } from 'node:timers/promises'

/** Characters of JSON made per chunk: a few milliseconds of work. */
const CHUNK_CHARS = 256 * 1024

/**
 * `JSON.stringify(value)` of plain data (no `toJSON`, no cycles) as a stream of UTF-8 chunks,
 * each made in its own turn of the event loop when the reader asks for it: an answer of any size
 * (a shop of 800,000 codes exported) never holds other requests for long.
 */
export function jsonStream(value: unknown): ReadableStream<Uint8Array> {
  const pieces = jsonPieces(value)
  const encoder = new TextEncoder()
  return new ReadableStream({
    async pull(controller) {
      await nextTurn()
      let chunk = ''
      for (let next = pieces.next(); !next.done; next = pieces.next()) {
        chunk += next.value
        if (chunk.length >= CHUNK_CHARS) return controller.enqueue(encoder.encode(chunk))
      }
      if (chunk) controller.enqueue(encoder.encode(chunk))
      controller.close()
    },
  })
}

const ARRAY_BATCH = 256

function* jsonPieces(value: unknown): Generator<string> {
  if (value === null || typeof value !== 'object') {
    yield JSON.stringify(value) ?? 'null'
  } else if (Array.isArray(value)) {
    yield '['
    // A run of plain values (codes, ids) is written a batch at a time, not one piece each.
    for (let at = 0; at < value.length; at += ARRAY_BATCH) {
      const batch = value.slice(at, at + ARRAY_BATCH)
      if (batch.every((item) => item === null || typeof item !== 'object'))
        yield `${at > 0 ? ',' : ''}${JSON.stringify(batch).slice(1, -1)}`
      else
        for (const [i, item] of batch.entries()) {
          if (at + i > 0) yield ','
          yield* jsonPieces(item)
        }
    }
    yield ']'
  } else {
    let separator = '{'
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue
      yield `${separator}${JSON.stringify(key)}:`
      separator = ','
      yield* jsonPieces(item)
    }
    yield separator === '{' ? '{}' : '}'
  }
}
