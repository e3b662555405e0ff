// Small pure helpers shared by the dashboard, storefront and invoice pages. Every value they
// return is rendered through hono/jsx, which escapes text and attribute values; the only thing
// escaping cannot make safe is a URL's scheme, hence `safeUrl`.

/** An amount in its currency, e.g. `USD 19.99`; unknown currencies still print. */
export function money(amount: number | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—'
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code' })
      .format(amount)
      .replace(/\u00a0/g, ' ')
  } catch {
    return `${currency} ${amount.toFixed(2)}`
  }
}

/** `2026-06-01 12:00:00 UTC` from an ISO timestamp; the emulator's clock is UTC throughout. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return String(iso)
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/**
 * A merchant- or customer-supplied URL made safe for `href`/`src`: only http(s) URLs (and
 * same-site paths) pass; `javascript:`, `data:` and anything unparsable give undefined, and the
 * caller renders the text without a link.
 */
export function safeUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const text = value.trim()
  if (text.startsWith('/') && !text.startsWith('//')) return text
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** JSON for a `<pre>`: two-space indent, as `--json` prints. */
export function pretty(value: unknown): string {
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2)
    } catch {
      return value
    }
  }
  return JSON.stringify(value, null, 2) ?? String(value)
}

/** http(s) URLs found in free text or anywhere in JSON (dynamic deliveries), in order, without duplicates. */
export function linksIn(value: unknown): string[] {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
  const links = [...text.matchAll(/https?:\/\/[^\s"'<>\\]+/g)].map((m) => safeUrl(m[0].replace(/[),.;]+$/, '')))
  return [...new Set(links.filter((url) => url !== undefined))]
}

/** `1 day`, `3 hours`: the clock-advance presets, whole hours or days. */
export function duration(seconds: number): string {
  const [n, unit] = seconds % 86400 === 0 ? [seconds / 86400, 'day'] : [seconds / 3600, 'hour']
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}
