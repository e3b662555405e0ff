/** Bytes drawn from the system generator at a time. */
const POOL_BYTES = 4096

/**
 * The system's cryptographic random bytes, drawn 4 KiB at a time and handed out in order: a draw
 * costs the same however few bytes it asks for, and a create makes several ids. node:crypto loads
 * on the first draw.
 */
export function pooledRandomBytes(): (n: number) => Uint8Array {
  let pool = new Uint8Array(0)
  let at = 0
  const draw = (n: number) => process.getBuiltinModule('node:crypto').randomFillSync(new Uint8Array(n))
  return (n) => {
    if (n > POOL_BYTES) return draw(n)
    if (at + n > pool.length) {
      pool = draw(POOL_BYTES)
      at = 0
    }
    at += n
    return pool.slice(at - n, at)
  }
}
