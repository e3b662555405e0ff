import { maskKey } from '../../spec/keys.js'

/** An API key written anywhere (a body, a query, a header): `sk_live_` and its characters. */
const API_KEY = /\bsk_live_[A-Za-z0-9]+/g
/** A JSON `"secret"` value: a new key's answer. */
const SECRET_FIELD = /("secret"\s*:\s*")([^"]*)"/g
const maskSecretField = (all: string, head: string, secret: string): string =>
  secret.includes('…') || secret === '****' ? all : `${head}${maskKey(secret)}"`
const BEARER = /^Bearer\s+(\S+)\s*$/i

/** The key of an `Authorization: Bearer …` header, if that is what it holds. */
export const bearerKeyOf = (authorization: string | undefined): string | undefined =>
  BEARER.exec(authorization ?? '')?.[1]

/**
 * A text as the request log keeps it: each of `secrets` (the caller's key, whatever its form), every
 * API key and every JSON `"secret"` value masked by {@link maskKey}.
 */
export function maskSecretsIn(text: string, secrets: readonly string[] = []): string {
  let masked = text
  for (const secret of secrets)
    if (secret && masked.includes(secret)) masked = masked.split(secret).join(maskKey(secret))
  // Most texts hold neither; a plain search is cheaper than running the patterns over every body.
  if (masked.includes('"secret"')) masked = masked.replace(SECRET_FIELD, maskSecretField)
  if (masked.includes('sk_live_')) masked = masked.replace(API_KEY, (key) => maskKey(key))
  return masked
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
