import type { FileHandle } from 'node:fs/promises'

const CHUNK_BYTES = 4 * 1024 * 1024

export interface LinesRead {
  /** Bytes of the complete lines handed to `onLine` (each with its newline). */
  bytes: number
  /** What follows the last newline: empty for a file that ends with one. */
  tail: Buffer
  /** `onLine` asked to stop. */
  stopped: boolean
}

/**
 * Hands each complete line of a file (its bytes, newline included) to `onLine`, reading the file
 * in chunks so that a large db file or journal is never held whole in memory. The buffer passed
 * to `onLine` is only valid during the call. `onLine` returns false to stop reading.
 */
export async function forEachLine(
  handle: FileHandle,
  onLine: (line: Buffer) => boolean | undefined,
): Promise<LinesRead> {
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES)
  let start = 0
  let end = 0
  let bytes = 0
  for (;;) {
    if (end === buffer.length) {
      if (start > 0) {
        // Move the partial line to the front…
        buffer.copy(buffer, 0, start, end)
        end -= start
        start = 0
      } else {
        // …or make room for a line longer than the buffer.
        const bigger = Buffer.allocUnsafe(buffer.length * 2)
        buffer.copy(bigger, 0, 0, end)
        buffer = bigger
      }
    }
    const { bytesRead } = await handle.read(buffer, end, buffer.length - end, null)
    if (bytesRead === 0) break
    end += bytesRead
    const view = buffer.subarray(0, end)
    let newline: number
    while ((newline = view.indexOf(10, start)) !== -1) {
      const line = view.subarray(start, newline + 1)
      bytes += line.length
      start = newline + 1
      if (onLine(line) === false) return { bytes, tail: Buffer.alloc(0), stopped: true }
    }
  }
  return { bytes, tail: Buffer.from(buffer.subarray(start, end)), stopped: false }
}
