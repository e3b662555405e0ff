import { UsageError } from '../exit-codes.js'

/** An http(s) base URL ending in `/api/v1` (added when missing), or a usage error naming the flag. */
export function apiBaseOf(value: string, flag: string): string {
  const protocol = URL.canParse(value) ? new URL(value).protocol : undefined
  if (protocol !== 'http:' && protocol !== 'https:')
    throw new UsageError(
      `${flag}: "${value}" is not ${protocol ? 'an http(s) URL' : 'a URL'}: write it like https://shop.example.com/api/v1`,
    )
  const base = value.replace(/[?#].*$/, '').replace(/\/+$/, '')
  return /\/api\/v1$/.test(base) ? base : `${base}/api/v1`
}
