// `store pull --anonymize`: people's e-mails, names, IPs and phones replaced consistently by
// made-up ones from documentation ranges (example.com, 192.0.2.0/24, 2001:db8::/32, 555-01xx).
import type { SeedInput } from '../../contract/seed-file.js'
import { mapStrings } from './id-map.js'

type Row = Record<string, unknown>

const EMAIL = /^[^\s@]+@[^\s@]+$/
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/
const TEST_NETS = ['192.0.2', '198.51.100', '203.0.113']

function madeUpIp(n: number, original: string): string {
  if (IPV4.test(original) && n <= 254 * TEST_NETS.length)
    return `${TEST_NETS[Math.floor((n - 1) / 254)]}.${((n - 1) % 254) + 1}`
  return `2001:db8::${n.toString(16)}`
}

const MADE_UP = {
  email: (n: number) => `customer${n}@example.com`,
  name: (n: number) => `Customer ${n}`,
  ip: madeUpIp,
  phone: (n: number) => `+1 555 01${String(n % 100).padStart(2, '0')}`,
}
type Kind = keyof typeof MADE_UP
const FIELD_KINDS: Record<string, Kind> = {
  email: 'email',
  customerEmail: 'email',
  name: 'name',
  customerName: 'name',
  ip: 'ip',
  phone: 'phone',
}

export function anonymizeSeed(seed: SeedInput): SeedInput {
  const made = new Map<Kind, Map<string, string>>()
  /** The same person gets the same made-up value wherever they appear. */
  const people = (kind: Kind, original: string) => {
    const map = made.get(kind) ?? made.set(kind, new Map()).get(kind)!
    const key = kind === 'email' ? original.toLowerCase() : original
    if (!map.has(key)) map.set(key, MADE_UP[kind](map.size + 1, original))
    return map.get(key)!
  }
  const walk = (value: unknown) =>
    mapStrings(value, (text, key) => {
      const kind = Object.hasOwn(FIELD_KINDS, key) ? FIELD_KINDS[key] : EMAIL.test(text) ? 'email' : undefined
      return kind ? people(kind, text) : text
    })
  const out = { ...seed } as Record<string, Row[] | undefined>
  for (const kind of ['customers', 'orders'] as const)
    out[kind] = out[kind]?.map((row) => {
      // An order line's `productName` is the product's, not a person's.
      const { items, ...rest } = row
      const done = walk(rest) as Row
      return items === undefined ? done : { ...done, items }
    })
  out.blacklists = out.blacklists?.map((entry) => {
    if (entry.type === 'EMAIL') return { ...entry, value: people('email', String(entry.value)) }
    if (entry.type === 'IP') return { ...entry, value: people('ip', String(entry.value)) }
    return entry
  })
  return out as SeedInput
}
