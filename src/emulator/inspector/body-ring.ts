/** Where a body's start is kept in a {@link BodyRing}: bytes written to the ring before it, and its length. */
export interface RingSpan {
  at: number
  bytes: number
}

/** Bytes at most of a character of a JavaScript string in UTF-8. */
const MAX_BYTES_PER_CHAR = 3

/**
 * The starts of long bodies the request log keeps, in one buffer outside the JavaScript heap, the
 * oldest overwritten first. Kept as strings, the first 8 KB of every list answer lived on into the
 * heap's old generation with its entry (9.7 KB moved there per list of 100 products; 1.3 KB with
 * the ring), and listing 100,000 products ran a full collection every few seconds. With the ring:
 * 4,659–4,802 lists a second instead of 4,289–4,437, the longest wait 16–30 ms instead of 47–52
 * (docs/benchmarks.md, "The envelope").
 */
export class BodyRing {
  private buffer?: Buffer
  /** Bytes written since the ring was made; the buffer holds those after `written - capacity`. */
  private written = 0

  constructor(private readonly capacity: number) {}

  /** Keeps `text` (at most a third of the ring); where, to read it back while it starts after {@link oldestKept}. */
  keep(text: string): RingSpan {
    // Allocated at the first long body, never zeroed: its pages take memory only once written to.
    this.buffer ??= Buffer.allocUnsafeSlow(this.capacity)
    let at = this.written
    const offset = at % this.capacity
    // A body never wraps around the end: it starts again at the buffer's start.
    if (offset + MAX_BYTES_PER_CHAR * text.length > this.capacity) at += this.capacity - offset
    const bytes = this.buffer.write(text, at % this.capacity)
    this.written = at + bytes
    return { at, bytes }
  }

  /** Spans that start before this have been written over. */
  get oldestKept(): number {
    return this.written - this.capacity
  }

  /** The text kept at `span`, while it starts after {@link oldestKept}. */
  read(span: RingSpan): string {
    const offset = span.at % this.capacity
    return this.buffer!.toString('utf8', offset, offset + span.bytes)
  }
}
