// Fitting text to the terminal: column widths, truncation, short timestamps and nested values
// laid out as indented lines. Widths are counted in UTF-16 units, which is exact for the text
// the API sends (names, ids, codes) except wide characters such as emoji or CJK.

export const GAP = 2
/** A column is never squeezed below this (or its natural width, when smaller). */
const MIN_COLUMN = 6

/**
 * Column widths that fit `total` characters, as gh's table printer does: columns narrower than
 * their fair share keep their width, the others split what is left evenly. When even that does
 * not fit, each column keeps at least a few characters and the line is allowed to run over.
 */
export function fitWidths(natural: readonly number[], total: number | undefined): number[] {
  const available = total === undefined ? Number.POSITIVE_INFINITY : total - GAP * (natural.length - 1)
  if (natural.reduce((sum, w) => sum + w, 0) <= available) return [...natural]
  const widths = [...natural]
  const narrowestFirst = natural.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0])
  let left = available
  let count = natural.length
  for (const [want, i] of narrowestFirst) {
    const share = Math.floor(left / count)
    widths[i] = Math.max(Math.min(want, share), Math.min(want, MIN_COLUMN))
    left -= widths[i]
    count--
  }
  return widths
}

export function truncate(text: string, width: number): string {
  if (text.length <= width) return text
  return width <= 1 ? '…'.slice(0, width) : `${text.slice(0, width - 1)}…`
}

const ISO_TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):\d{2}(?:\.\d+)?Z$/

/** An API timestamp as `2026-06-01 12:00` (UTC, to the minute) for a table cell; other text unchanged. */
export function shortTimestamp(text: string): string {
  const match = ISO_TIMESTAMP.exec(text)
  return match ? `${match[1]} ${match[2]}` : text
}

/** Words of `text` on lines of at most `width` characters (a longer word gets a line of its own). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  return line ? [...lines, line] : lines
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const scalarText = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '-' : String(value).replace(/[\t\r\n]+/g, ' ')

const isScalar = (value: unknown) => value === null || typeof value !== 'object'

/**
 * A nested value as indented lines, readable in a detail view: `key: value` per field, one `- `
 * per array entry, a list of plain values on one line when it is short. The first line is what
 * goes beside the label (empty when the value starts on the next line).
 */
export function nestedLines(value: unknown, width = 80): [first: string, ...rest: string[]] {
  if (isScalar(value)) return [scalarText(value)]
  if (Array.isArray(value)) {
    if (value.length === 0) return ['-']
    if (value.every(isScalar)) {
      const joined = value.map(scalarText).join(', ')
      if (joined.length <= width) return [joined]
    }
    return ['', ...value.flatMap((entry) => bullet(entry, width))]
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return ['-']
  return ['', ...entries.flatMap(([key, entry]) => field(key, entry, width))]
}

function field(key: string, value: unknown, width: number): string[] {
  const [first, ...rest] = nestedLines(value, width - 2)
  return [first ? `${key}: ${first}` : `${key}:`, ...rest.map((line) => `  ${line}`)]
}

/** An array entry: `- ` before its first line; a record's first field beside it, not below. */
function bullet(value: unknown, width: number): string[] {
  const [first, ...rest] =
    isPlainObject(value) && Object.keys(value).length
      ? Object.entries(value).flatMap(([key, entry]) => field(key, entry, width - 2))
      : nestedLines(value, width - 2)
  return [`- ${first}`, ...rest.map((line) => `  ${line}`)]
}
