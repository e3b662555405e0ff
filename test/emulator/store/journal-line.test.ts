import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { WebhookEventKind } from '../../../src/spec/events.js'
import type { JournalOp } from '../../../src/emulator/store/db-file.js'
import { appendJournalLine, parseJournalLine } from '../../../src/emulator/store/journal-format.js'
import { LineBuffer } from '../../../src/emulator/store/line-buffer.js'
import { Store } from '../../../src/emulator/store/store.js'
import { openAsCrashingProcess, tmpDb } from './store-helpers.js'

/** A journal line as JSON.stringify writes the transaction. */
const stringified = (seq: number, ops: unknown[]) => `${JSON.stringify({ seq, ops })}\n`

function written(seq: number, ops: JournalOp[]): string {
  const out = new LineBuffer()
  appendJournalLine(out, seq, ops)
  return out.bytes().toString('utf8')
}

const event = (n: number, kind: WebhookEventKind, data: Record<string, unknown>) => ({
  id: `evt_${n}`,
  seq: n,
  shopId: 'shop_1',
  accountId: 'acct_1',
  kind,
  data,
  createdAt: '2026-01-01T00:00:00.000Z',
})

describe('appendJournalLine', () => {
  it('writes the text JSON.stringify writes when no two rows share a data object, patches included', () => {
    const row = fc.record(
      { id: fc.string({ minLength: 1 }), data: fc.option(fc.jsonValue()), name: fc.string() },
      { requiredKeys: ['id'] },
    )
    const op = fc.oneof(
      fc.record({ c: fc.string(), put: row }),
      fc.record(
        {
          c: fc.string(),
          set: fc.string(),
          fields: fc.dictionary(fc.string(), fc.jsonValue()),
          unset: fc.array(fc.string()),
        },
        { requiredKeys: ['c', 'set', 'fields'] },
      ),
      fc.record({ c: fc.string(), del: fc.string({ unit: 'binary' }) }),
    )
    fc.assert(
      fc.property(fc.nat(), fc.array(op), (seq, ops) => {
        expect(written(seq, ops as JournalOp[])).toBe(stringified(seq, ops))
      }),
    )
  })

  it('writes a data object several rows share once, and reads it back shared, each row as it was', () => {
    const data = { id: 'sub_1', amount: 12, product: { title: 'Pro — “Jährlich” 🎉' } }
    const other = { id: 'sub_2' }
    const ops = [
      { c: 'events', put: event(1, 'subscription:renewed', data) },
      { c: 'meta', put: { id: 'meta', eventSeq: 2 } },
      { c: 'events', put: event(2, 'subscription:renewed:product', data) },
      { c: 'events', put: event(3, 'subscription:updated', other) },
      { c: 'events', put: event(4, 'subscription:updated:product', data) },
    ]
    const line = written(7, ops)
    expect(line.split(JSON.stringify(data)).length - 1).toBe(1)
    expect(JSON.parse(line).ops[2]).toEqual({
      c: 'events',
      put: { ...event(2, 'subscription:renewed:product', data), data: 0 },
      dataFrom: 0,
    })
    const entry = parseJournalLine(line)
    if (typeof entry === 'string') throw new Error(entry)
    expect(entry.seq).toBe(7)
    expect(entry.ops.map((op) => ({ c: op.c, put: 'put' in op ? op.put : undefined }))).toEqual(ops)
    // The fields in the order they were written.
    expect(Object.keys((entry.ops[4] as { put: object }).put)).toEqual(
      Object.keys(event(4, 'subscription:updated:product', data)),
    )
    const shared = entry.ops.map((op) => ('put' in op ? (op.put as { data?: unknown }).data : undefined))
    expect(shared[2]).toBe(shared[0])
    expect(shared[4]).toBe(shared[0])
  })

  it.each([
    ['a later op', 1],
    ['itself', 0],
    ['a row without data', -1],
    ['no op', 'x'],
  ])('refuses a line whose dataFrom names %s', (_, from) => {
    const line = JSON.stringify({
      seq: 1,
      ops: [
        { c: 'events', put: { ...event(1, 'subscription:renewed', {}), data: 0 }, dataFrom: from },
        { c: 'events', put: event(2, 'subscription:renewed', {}) },
      ],
    })
    expect(parseJournalLine(line)).toBe(
      `ops[0]: "dataFrom" is ${JSON.stringify(from)}, expected the index of an earlier row with a data object`,
    )
  })

  it('replays a journal whose events share their payloads into the same rows', async () => {
    const { db } = tmpDb()
    const crashed = await openAsCrashingProcess({ path: db })
    const data = { id: 'sub_1', nested: { list: [1, 2] } }
    await crashed.tx((tx) => {
      tx.put('events', event(1, 'subscription:renewed', data))
      tx.put('events', event(2, 'subscription:renewed:product', data))
    })
    const before = crashed.snapshot()
    const reopened = await Store.open({ path: db })
    expect(reopened.snapshot()).toEqual(before)
    await reopened.close()
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
