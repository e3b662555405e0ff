// What a recording may hold of a secret: nothing. Keys, `"secret"` fields, the proxy's secrets and
// every credential a request header carried, however often percent-encoded.
import { decodeLoosely, maskedHeaders, maskSecretsIn } from '../../contract/mask.js'
import { maskKey } from '../../contract/keys.js'

/** Percent-encoding undone this many times over at most: a key encoded three times is still found. */
const DECODE_ROUNDS = 4
/** Request headers that carry a credential: `Authorization`, `X-Api-Key`, `X-Auth-Token`, … */
const CREDENTIAL_HEADER = /^(?:proxy-)?authorization$|api-?key|auth-?token|access-?token|^x-token$|secret|password/i
/** Shorter header values are not looked for elsewhere: masking `1` everywhere would mangle the rest. */
const SHORTEST_CREDENTIAL = 8
/** `Bearer xyz`, `Token xyz`, `Basic xyz`: a scheme, then the credential. */
const SCHEMED = /^\s*([A-Za-z][\w.-]*)\s+(\S.*?)\s*$/

/**
 * A key found only once the text is percent-decoded is masked in the text decoded as far as the
 * deepest key needs: every shallower key is plain there too.
 */
export function maskText(text: string, secrets: readonly string[]): string {
  let chosen = maskSecretsIn(text, secrets)
  let level = text
  for (let round = 0; round < DECODE_ROUNDS && level.includes('%'); round++) {
    const decoded = decodeLoosely(level)
    if (decoded === level) break
    level = decoded
    const masked = maskSecretsIn(level, secrets)
    if (masked !== level) chosen = masked
  }
  return chosen
}

export function credentialsIn(headers: Iterable<[string, string]>): string[] {
  const found: string[] = []
  for (const [name, value] of headers) {
    if (!CREDENTIAL_HEADER.test(name)) continue
    const credential = SCHEMED.exec(value)?.[2] ?? value.trim()
    for (const secret of [credential, value.trim()]) if (secret.length >= SHORTEST_CREDENTIAL) found.push(secret)
  }
  return found
}

function maskCredential(value: string): string {
  const schemed = SCHEMED.exec(value)
  if (!schemed) return maskKey(value.trim())
  // `(--api-key)`: the proxy's own note of where the key came from, not a key.
  if (/^\(.*\)$/.test(schemed[2])) return value
  return `${schemed[1]} ${maskKey(schemed[2])}`
}

export function maskHeaders(headers: Iterable<[string, string]>, secrets: readonly string[]): Record<string, string> {
  const masked: Record<string, string> = {}
  for (const [name, value] of headers) {
    const lower = name.toLowerCase()
    if (lower === 'cookie' || lower === 'set-cookie') masked[name] = maskedHeaders([[lower, value]], secrets)[lower]
    else if (CREDENTIAL_HEADER.test(lower)) masked[name] = maskCredential(value)
    else masked[name] = maskText(value, secrets)
  }
  return masked
}
