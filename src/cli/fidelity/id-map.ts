// Which recorded id (or cursor) is which on the emulator: values that differ by nature are matched
// by position, and the replay's later requests name the emulator's records.
import { decodeLoosely } from '../../contract/mask.js'

export class IdMap {
  private readonly forward = new Map<string, string>()
  private readonly taken = new Set<string>()

  replayedOf(recorded: string): string | undefined {
    return this.forward.get(recorded)
  }

  isTaken(replayed: string): boolean {
    return this.taken.has(replayed)
  }

  /** Records that `recorded` is `replayed` on the emulator; a value known already is kept. */
  enter(recorded: string, replayed: string): void {
    if (this.forward.has(recorded) || this.taken.has(replayed)) return
    this.forward.set(recorded, replayed)
    this.taken.add(replayed)
  }

  rewritePath(pathAndQuery: string): string {
    const [path, query] = pathAndQuery.split(/\?(.*)/s)
    const segments = path.split('/').map((s) => {
      const replayed = this.forward.get(decodeLoosely(s))
      return replayed === undefined ? s : encodeURIComponent(replayed)
    })
    if (query === undefined) return segments.join('/')
    const params = [...new URLSearchParams(query)].map(([name, value]) => [name, this.forward.get(value) ?? value])
    return `${segments.join('/')}?${new URLSearchParams(params)}`
  }

  rewriteBody(text: string | undefined): string | undefined {
    const body = this.forward.size === 0 ? undefined : parseJson(text)
    return body === undefined ? text : JSON.stringify(mapStrings(body, (text) => this.forward.get(text) ?? text))
  }
}

/** `value` with each string in it (at any depth) replaced by `fn` of it and the key it is under. */
export function mapStrings(value: unknown, fn: (text: string, key: string) => string, key = ''): unknown {
  if (typeof value === 'string') return fn(value, key)
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn, key))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn, k)]))
}

export function parseJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return undefined
  }
}
