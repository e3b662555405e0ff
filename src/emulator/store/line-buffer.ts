/** Capacity a buffer starts with, and the most it keeps once written out (one large transaction may grow it far past that). */
const START_BYTES = 64 * 1024
const KEPT_BYTES = 4 * 1024 * 1024
/** Text gathered as a string before it is encoded: one encoding call per piece would cost more than the copy. */
const GATHER_CHARS = 16 * 1024

/**
 * Text as UTF-8 bytes, appended piece by piece into one buffer that is kept and reused once its
 * bytes are written out: journal lines never exist as one large string, nor as a buffer per line,
 * so the garbage collector sees neither.
 */
export class LineBuffer {
  private buffer = Buffer.allocUnsafe(START_BYTES)
  private filled = 0
  private gathered = ''

  append(text: string): void {
    this.gathered += text
    if (this.gathered.length >= GATHER_CHARS) this.encode()
  }

  /** Bytes appended so far. */
  get length(): number {
    this.encode()
    return this.filled
  }

  /** The bytes appended, without a copy: valid until the next `append` or `clear`. */
  bytes(): Buffer {
    this.encode()
    return this.buffer.subarray(0, this.filled)
  }

  /** Forgets everything from byte `length` on (what an append that failed half way left). */
  cut(length: number): void {
    this.encode()
    this.filled = Math.min(this.filled, length)
  }

  clear(): void {
    this.gathered = ''
    this.filled = 0
    if (this.buffer.length > KEPT_BYTES) this.buffer = Buffer.allocUnsafe(START_BYTES)
  }

  private encode(): void {
    const text = this.gathered
    if (text === '') return
    this.gathered = ''
    // At most 3 bytes of UTF-8 per UTF-16 unit.
    const needed = this.filled + text.length * 3
    if (needed > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.buffer.length * 2))
      this.buffer.copy(grown, 0, 0, this.filled)
      this.buffer = grown
    }
    this.filled += this.buffer.write(text, this.filled)
  }
}
