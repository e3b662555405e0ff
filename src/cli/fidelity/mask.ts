// What a recording may hold of a secret: nothing. The request inspector's masking rule (keys shown
// as `sk_live_…wxyz`, `"secret"` fields masked), plus test keys and every secret the proxy knows.
import { maskedHeaders, maskSecretsIn } from '../../contract/masking.js'
import { maskKey } from '../../contract/keys.js'

/** A live or test key written anywhere: `sk_live_…`, `sk_test_…`. */
const KEY_SHAPED = /\bsk_(?:live|test)_[A-Za-z0-9_]+/g

/** `text` with each of `secrets`, every key-shaped value and every `"secret"` field masked. */
export function maskText(text: string, secrets: readonly string[]): string {
  return maskSecretsIn(text, secrets).replace(KEY_SHAPED, (key) => maskKey(key))
}

/** Headers with the key (`Authorization`), cookies and secrets masked. */
export function maskHeaders(headers: Iterable<[string, string]>, secrets: readonly string[]): Record<string, string> {
  const masked = maskedHeaders(headers, secrets)
  for (const [name, value] of Object.entries(masked)) masked[name] = value.replace(KEY_SHAPED, (key) => maskKey(key))
  return masked
}
