/** Capacity a buffer starts with, and the most it keeps once written out (one large transaction may grow it far past that). */
const START_BYTES = 64 * 1024
const KEPT_BYTES = 4 * 1024 * 1024

/**
 * Text as UTF-8 bytes, appended piece by piece into one buffer that is kept and reused once its
 * bytes are written out: journal lines never exist as one string, nor as a buffer per line, so
 * the garbage collector sees neither.
 */
export class LineBuffer {
  private buffer = Buffer.allocUnsafe(START_BYTES)
  /** Bytes filled. */
  length = 0

  append(text: string): void {
    // At most 3 bytes of UTF-8 per UTF-16 unit.
    const needed = this.length + text.length * 3
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2))
      this.buffer.copy(grown, 0, 0, this.length)
      this.buffer = grown
    }
    this.length += this.buffer.write(text, this.length)
  }

  /** The bytes filled, without a copy: valid until the next `append` or `clear`. */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.length)
  }

  /** Forgets everything from byte `length` on (what an append that failed half way left). */
  cut(length: number): void {
    this.length = Math.min(this.length, length)
  }

  clear(): void {
    this.length = 0
    if (this.buffer.length > KEPT_BYTES) this.buffer = Buffer.allocUnsafe(START_BYTES)
  }
}
