// Output rules (STYLE.md, "Output"): data to stdout, messages to stderr; on a TTY an aligned table
// with a header and colour for status words; piped, one record per line, tab-separated, no header,
// no colour; `--json` prints the API's JSON unchanged.
import type { ChalkInstance } from 'chalk'
import type { Writable } from 'node:stream'
import { fitWidths, GAP, nestedLines, shortTimestamp, truncate } from './layout.js'
import { escapeControls } from './terminal-text.js'

/** One table column: its header and how to read the cell from a record. */
export type Column<T> = [header: string, value: (row: T) => unknown]

const GOOD = /^(?:live|paid|completed|active|delivered)$/i
const WAITING = /^(?:draft|pending|processing|unpaid|partial|trialing|awaiting[_ ]payment|awaiting[_ ]shipment)$/i
const BAD = /^(?:archived|cancell?ed|refunded|disputed|undelivered|inactive|expired|failed)$/i

/** A status word in its colour (green done, yellow waiting, red ended); other text unchanged. */
export function colorStatus(chalk: ChalkInstance, text: string): string {
  if (GOOD.test(text)) return chalk.green(text)
  if (WAITING.test(text)) return chalk.yellow(text)
  if (BAD.test(text)) return chalk.red(text)
  return text
}

const MAX_CELL = 80

/**
 * An amount as stored, with at least two decimals: `5.00 USD`, `9.999 USD`. A price the API kept
 * with more decimals than cents is shown as it is, not rounded into a price it is not.
 */
export function formatMoney(amount: number, currency?: string): string {
  const decimals = Math.max(2, String(amount).split('.')[1]?.length ?? 0)
  const text = Number.isFinite(amount) && decimals <= 20 ? amount.toFixed(decimals) : String(amount)
  return currency ? `${text} ${currency}` : text
}

export class Output {
  constructor(
    private readonly stdout: Writable,
    private readonly stderr: Writable,
    /** stdout is a terminal: tables with headers; otherwise tab-separated lines. */
    readonly isTTY: boolean,
    readonly isJson: boolean,
    readonly chalk: ChalkInstance,
    /** The terminal's width in columns (tables and detail views fit it); unknown when piped. */
    readonly width: number | undefined,
  ) {}

  /**
   * Human text on a stream, its control characters escaped (terminal-text.ts): every line of
   * human output goes through here; JSON output does not.
   */
  private write(stream: Writable, text: string): void {
    stream.write(escapeControls(text, this.chalk.level > 0))
  }

  /** The value as two-space JSON with a trailing newline, never coloured. */
  json(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
  }

  ndjson(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value)}\n`)
  }

  line(text = ''): void {
    this.write(this.stdout, `${text}\n`)
  }

  /**
   * A list: `raw` (the API's envelope) with `--json`; otherwise the rows as a table on a TTY or
   * tab-separated lines when piped. An empty list says `empty` on stderr, on a TTY only.
   */
  list<T>(raw: unknown, rows: readonly T[], columns: Column<T>[], empty: string): void {
    if (this.isJson) return this.json(raw)
    this.rows(rows, columns, empty)
  }

  /** Rows without a JSON form (the `--json` case is the caller's). */
  rows<T>(rows: readonly T[], columns: Column<T>[], empty?: string): void {
    if (rows.length === 0) {
      if (empty && this.isTTY) this.info(empty)
      return
    }
    if (!this.isTTY) {
      for (const row of rows)
        this.write(this.stdout, `${columns.map(([, value]) => this.cell(value(row))).join('\t')}\n`)
      return
    }
    // On a terminal: timestamps to the minute, and every column cut so the line fits the width.
    const cells = rows.map((row) => columns.map(([, value]) => shortTimestamp(this.cell(value(row)))))
    const headers = columns.map(([header]) => header)
    const natural = headers.map((h, i) => Math.max(h.length, ...cells.map((line) => line[i].length)))
    const widths = fitWidths(natural, this.width)
    const pad = (text: string, i: number, shown = text) =>
      i === widths.length - 1 ? shown : shown + ' '.repeat(Math.max(0, widths[i] - text.length))
    const gap = ' '.repeat(GAP)
    const headerCells = headers.map((h, i) => truncate(h, widths[i]))
    this.write(this.stdout, `${headerCells.map((h, i) => pad(h, i, this.chalk.bold(h))).join(gap)}\n`)
    for (const line of cells) {
      const fitted = line.map((text, i) => truncate(text, widths[i]))
      this.write(this.stdout, `${fitted.map((text, i) => pad(text, i, colorStatus(this.chalk, text))).join(gap)}\n`)
    }
  }

  /**
   * One record: `raw` with `--json`; otherwise one `field value` line per entry, aligned on a
   * TTY and tab-separated when piped.
   */
  record(raw: unknown, entries: [label: string, value: unknown][]): void {
    if (this.isJson) return this.json(raw)
    if (!this.isTTY) {
      for (const [label, value] of entries) this.write(this.stdout, `${label}\t${this.cell(value, false)}\n`)
      return
    }
    // Nested values (objects, lists of records) as indented lines under their label.
    const width = Math.max(...entries.map(([label]) => label.length))
    const indent = ' '.repeat(width + GAP)
    for (const [label, value] of entries) {
      const [first, ...rest] = nestedLines(value, (this.width ?? 100) - width - GAP)
      const head = first
        ? `${this.chalk.dim(label.padEnd(width))}  ${colorStatus(this.chalk, first)}`
        : this.chalk.dim(label)
      this.write(this.stdout, `${head}\n`)
      for (const line of rest) this.write(this.stdout, `${indent}${line}\n`)
    }
  }

  info(text: string): void {
    this.write(this.stderr, `${text}\n`)
  }

  success(text: string): void {
    this.write(this.stderr, `${this.chalk.green('✓')} ${text}\n`)
  }

  warn(text: string): void {
    this.write(this.stderr, `${this.chalk.yellow('warning:')} ${text}\n`)
  }

  /** A value as cell text: one line; null/undefined empty piped, `-` on a TTY; objects as compact JSON. */
  cell(value: unknown, cut = true): string {
    if (value === null || value === undefined || value === '') return this.isTTY ? '-' : ''
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
    // Escaped here too, not only when written: a table measures its columns in what is shown.
    const flat = escapeControls(text.replace(/[\t\r\n]+/g, ' '))
    return this.isTTY && cut ? truncate(flat, MAX_CELL) : flat
  }
}
