// `store pull --anonymize`: people's e-mails, names, IPs and phones replaced consistently by
// made-up ones from documentation ranges (example.com, 192.0.2.0/24, 2001:db8::/32, 555-01xx).
import type { SeedInput } from '../../contract/seed-file.js'
import { mapStrings } from './id-map.js'

type Row = Record<string, unknown>

const EMAIL = /^[^\s@]+@[^\s@]+$/
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/
const TEST_NETS = ['192.0.2', '198.51.100', '203.0.113']

class Replacements {
  private readonly maps = new Map<string, Map<string, string>>()

  constructor(private readonly make: Record<string, (n: number, original: string) => string>) {}

  of(kind: string, original: string): string {
    const map = this.maps.get(kind) ?? new Map<string, string>()
    this.maps.set(kind, map)
    const key = kind === 'email' ? original.toLowerCase() : original
    let replacement = map.get(key)
    if (replacement === undefined) {
      replacement = this.make[kind](map.size + 1, original)
      map.set(key, replacement)
    }
    return replacement
  }
}

function madeUpIp(n: number, original: string): string {
  if (IPV4.test(original) && n <= 254 * TEST_NETS.length)
    return `${TEST_NETS[Math.floor((n - 1) / 254)]}.${((n - 1) % 254) + 1}`
  return `2001:db8::${n.toString(16)}`
}

function kindOfField(key: string): string | undefined {
  if (key === 'email' || key === 'customerEmail') return 'email'
  if (key === 'name' || key === 'customerName') return 'name'
  if (key === 'ip') return 'ip'
  if (key === 'phone') return 'phone'
  return undefined
}

export function anonymizeSeed(seed: SeedInput): SeedInput {
  const people = new Replacements({
    email: (n) => `customer${n}@example.com`,
    name: (n) => `Customer ${n}`,
    ip: madeUpIp,
    phone: (n) => `+1 555 01${String(n % 100).padStart(2, '0')}`,
  })
  const walk = (value: unknown) =>
    mapStrings(value, (text, key) => {
      const kind = kindOfField(key) ?? (EMAIL.test(text) ? 'email' : undefined)
      return kind ? people.of(kind, text) : text
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
    if (entry.type === 'EMAIL') return { ...entry, value: people.of('email', String(entry.value)) }
    if (entry.type === 'IP') return { ...entry, value: people.of('ip', String(entry.value)) }
    return entry
  })
  return out as SeedInput
}
