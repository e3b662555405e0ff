import { maskKey } from './keys.js'

/** An API key written anywhere (a body, a query, a path, a header): `sk_live_` or `sk_test_` and its characters. */
const API_KEY = /sk_(?:live|test)_[A-Za-z0-9_-]+/g
const KEY_PREFIXES = ['sk_live_', 'sk_test_']
/** A JSON `"secret"` value: a new key's answer. */
const SECRET_FIELD = /("secret"\s*:\s*")([^"]*)"/g
const maskSecretField = (all: string, head: string, secret: string): string =>
  secret.includes('…') || secret === '****' ? all : `${head}${maskKey(secret)}"`
const BEARER = /^Bearer\s+(\S+)\s*$/i
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g
/** Percent-encoding undone this many times over at most: a key encoded twice is still found. */
const DECODE_ROUNDS = 3

/** The key of an `Authorization: Bearer …` header, if that is what it holds. */
export const bearerKeyOf = (authorization: string | undefined): string | undefined =>
  BEARER.exec(authorization ?? '')?.[1]

/**
 * A text as the request log and the log line keep it (a path, a query, a shop, a reason, a body):
 * each of `secrets` (the caller's key, whatever its form), every API key and every JSON `"secret"`
 * value masked by {@link maskKey}, however percent-encoded. A text that holds a key only once
 * decoded is shown decoded as far as its last key, with every key masked.
 */
export function maskSecretsIn(text: string, secrets: readonly string[] = []): string {
  let shown = maskPlain(text, secrets)
  let decoded = shown
  for (let round = 0; round < DECODE_ROUNDS && decoded.includes('%'); round++) {
    const next = decodeLoosely(decoded)
    if (next === decoded) break
    decoded = maskPlain(next, secrets)
    if (decoded !== next) shown = decoded
  }
  return shown
}

function maskPlain(text: string, secrets: readonly string[]): string {
  let masked = text
  for (const secret of secrets)
    if (secret && masked.includes(secret)) masked = masked.split(secret).join(maskKey(secret))
  // Most texts hold neither; a plain search is cheaper than running the patterns over every body.
  if (masked.includes('"secret"')) masked = masked.replace(SECRET_FIELD, maskSecretField)
  if (KEY_PREFIXES.some((prefix) => masked.includes(prefix))) masked = masked.replace(API_KEY, (key) => maskKey(key))
  return masked
}

/** Each run of percent-escapes decoded where it is valid UTF-8, left as it is where not. */
export function decodeLoosely(text: string): string {
  return text.replace(PERCENT_RUN, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/** Headers as the request log keeps them: keys, cookies and secrets masked. */
export function maskedHeaders(headers: Iterable<[string, string]>, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of headers) {
    if (name === 'authorization') {
      const key = bearerKeyOf(value)
      out[name] = key ? `Bearer ${maskKey(key)}` : maskKey(value)
    } else if (name === 'cookie') {
      out[name] = value.replace(/=([^;]*)/g, (_all, cookie: string) => `=${maskKey(cookie)}`)
    } else if (name === 'set-cookie') {
      out[name] = value.replace(/=([^;]*)/, (_all, cookie: string) => `=${maskKey(cookie)}`)
    } else {
      out[name] = maskSecretsIn(value, secrets)
    }
  }
  return out
}
