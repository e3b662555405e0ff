import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JournalOp } from '../../../src/emulator/store/db-file.js'
import { appendJournalLine } from '../../../src/emulator/store/journal-format.js'
import { LineBuffer } from '../../../src/emulator/store/line-buffer.js'

/** A journal line as JSON.stringify writes the transaction. */
const stringified = (seq: number, ops: unknown[]) => `${JSON.stringify({ seq, ops })}\n`

function written(seq: number, ops: JournalOp[]): string {
  const out = new LineBuffer()
  appendJournalLine(out, seq, ops)
  return out.bytes().toString('utf8')
}

describe('appendJournalLine', () => {
  it('writes the text JSON.stringify writes, for puts and deletes of any JSON rows', () => {
    const row = fc.record(
      { id: fc.string({ minLength: 1 }), data: fc.option(fc.jsonValue()), name: fc.string() },
      { requiredKeys: ['id'] },
    )
    const op = fc.oneof(
      fc.record({ c: fc.string(), put: row }),
      fc.record({ c: fc.string(), del: fc.string({ unit: 'binary' }) }),
    )
    fc.assert(
      fc.property(fc.nat(), fc.array(op), (seq, ops) => {
        expect(written(seq, ops as JournalOp[])).toBe(stringified(seq, ops))
      }),
    )
  })

  it('writes a data object several rows share once per row, as JSON.stringify does', () => {
    const data = { id: 'sub_1', amount: 12, product: { title: 'Pro — “Jährlich” 🎉' }, missing: undefined }
    const ops = [
      { c: 'events', put: { id: 'evt_1', seq: 1, kind: 'subscription:renewed', data, createdAt: 'a' } },
      { c: 'events', put: { id: 'evt_2', seq: 2, kind: 'subscription:renewed:product', data, createdAt: 'a' } },
      { c: 'meta', put: { id: 'meta', eventSeq: 2 } },
      { c: 'events', put: { id: 'evt_3', skipped: undefined, data, later: () => 1, createdAt: 'b' } },
      { c: 'events', put: { id: 'evt_4', data, note: { data: '\u0000shared data\u0000' } } },
      { c: 'events', put: { id: 'evt_5', data: { toJSON: () => undefined } } },
    ]
    expect(written(7, ops as JournalOp[])).toBe(stringified(7, ops))
  })
})

describe('LineBuffer', () => {
  it('keeps every byte as it grows past its first size, multibyte text included', () => {
    const out = new LineBuffer()
    const pieces = Array.from({ length: 3_000 }, (_, i) => `${i}: é ✓ 🎉 ${'x'.repeat(i % 97)}\n`)
    for (const piece of pieces) out.append(piece)
    expect(out.bytes().toString('utf8')).toBe(pieces.join(''))
    out.cut(3)
    expect(out.bytes().toString('utf8')).toBe('0: ')
    out.clear()
    out.append('next')
    expect(out.bytes().toString('utf8')).toBe('next')
  })
})
