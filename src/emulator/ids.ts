import type { Clock, Random } from './deps.js'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

export function base62(random: Random, length: number): string {
  const bytes = random.bytes(length * 2)
  let out = ''
  // Rejection sampling keeps every character equally likely (248 = 4 * 62).
  for (let i = 0; i < bytes.length && out.length < length; i++) if (bytes[i] < 248) out += BASE62[bytes[i] % 62]
  while (out.length < length) out += BASE62[random.bytes(1)[0] % 62]
  return out
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

/**
 * Ids that sort by creation time (then by a per-process counter), so lists ordered by
 * (createdAt, id) keep creation order even when the clock stands still in tests.
 */
export function createIdFactory(clock: Clock, random: Random) {
  let last = 0
  let counter = 0
  return (prefix: string): string => {
    const now = clock.now().getTime()
    counter = now === last ? counter + 1 : 0
    last = now
    return `${prefix}_${now.toString(36).padStart(9, '0')}${counter.toString(36).padStart(3, '0')}${base62(random, 8)}`
  }
}

export type NewId = ReturnType<typeof createIdFactory>

/** A new live secret key: `sk_live_` plus 32 base62 characters (DESIGN.md). */
export function newSecretKey(random: Random): string {
  return `sk_live_${base62(random, 32)}`
}
