// Seeds, commitments and HMAC proofs: DESIGN.md "Mystery box fairness — exact algorithm", steps 1, 3, 4, 5, 7.
// Hashing is pure JS (@noble/hashes), so the same code runs in Node and in the buyer's browser.
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

const SERVER_SEED = /^[0-9a-f]{64}$/
const CLIENT_SEED = /^[\x20-\x7e]{1,64}$/
const HASH_HEAD = /^[0-9a-f]{13}$/i

function hexOf(bytes: Uint8Array, length: number, what: string): string {
  if (!(bytes instanceof Uint8Array) || bytes.length !== length) {
    throw new RangeError(
      `${what} needs exactly ${length} bytes, got ${bytes instanceof Uint8Array ? bytes.length : typeof bytes}`,
    )
  }
  return bytesToHex(bytes)
}

function assertNonce(nonce: number): void {
  if (!Number.isSafeInteger(nonce) || nonce < 0)
    throw new RangeError(`nonce must be a non-negative integer, got ${nonce}`)
}

function hmacHex(serverSeed: string, message: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(message)))
}

/**
 * A server seed from 32 random bytes: 64 lowercase hex characters. The caller supplies the bytes
 * (the emulator's injected `Random`), so this module has no randomness of its own.
 * @throws RangeError unless given exactly 32 bytes
 */
export function serverSeedFromBytes(bytes: Uint8Array): string {
  return hexOf(bytes, 32, 'a server seed')
}

/**
 * A generated client seed from 16 random bytes: 32 lowercase hex characters (used when the buyer
 * sent no `__mysteryClientSeed`).
 * @throws RangeError unless given exactly 16 bytes
 */
export function clientSeedFromBytes(bytes: Uint8Array): string {
  return hexOf(bytes, 16, 'a client seed')
}

/** Whether `s` is a usable server seed: 64 lowercase hex characters. */
export function isValidServerSeed(s: unknown): s is string {
  return typeof s === 'string' && SERVER_SEED.test(s)
}

/** Whether `s` is an acceptable buyer client seed: 1–64 printable ASCII characters (0x20–0x7e). */
export function isValidClientSeed(s: unknown): s is string {
  return typeof s === 'string' && CLIENT_SEED.test(s)
}

/**
 * The published commitment: lowercase hex SHA-256 of the seed's ASCII text.
 * @example commitmentOf('00'.repeat(32)) // '60e05bd1b195af2f…'
 */
export function commitmentOf(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)))
}

/**
 * The roll proof of one open: hex HMAC-SHA256, key = the server seed's ASCII text,
 * message = `<clientSeed>:<nonce>`.
 * @throws RangeError if nonce is not a non-negative integer
 */
export function proofHashOf(serverSeed: string, clientSeed: string, nonce: number): string {
  assertNonce(nonce)
  return hmacHex(serverSeed, `${clientSeed}:${nonce}`)
}

/**
 * The second-pass proof that picks the delivered code within the won outcome's pool:
 * hex HMAC-SHA256 with the server seed as key over `<clientSeed>:<nonce>:code`.
 * @throws RangeError if nonce is not a non-negative integer
 */
export function codeProofOf(serverSeed: string, clientSeed: string, nonce: number): string {
  assertNonce(nonce)
  return hmacHex(serverSeed, `${clientSeed}:${nonce}:code`)
}

/**
 * The integer value of the first 13 hex characters (52 bits, exact in a double) modulo `modulus`.
 * Used for both the roll index (modulus = totalWeight) and the code index (modulus = pool size).
 * @throws RangeError if modulus is not an integer ≥ 1 or the hash does not start with 13 hex digits
 */
export function indexFromHash(hash: string, modulus: number): number {
  if (!Number.isSafeInteger(modulus) || modulus < 1)
    throw new RangeError(`modulus must be an integer >= 1, got ${modulus}`)
  const head = typeof hash === 'string' ? hash.slice(0, 13) : ''
  if (!HASH_HEAD.test(head)) throw new RangeError(`hash must start with 13 hex digits, got ${JSON.stringify(hash)}`)
  return parseInt(head, 16) % modulus
}
