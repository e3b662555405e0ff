import { describe, expect, it } from 'vitest'
import { jsonStream } from '../../src/emulator/routes/json-stream.js'

describe('jsonStream', () => {
  it('writes what JSON.stringify writes, in chunks', async () => {
    const values: unknown[] = [
      { a: 1, b: undefined, c: [1, undefined, 'x', null, { d: [] }], e: {}, f: 'q"\n\u2028', g: [[]], h: () => 1 },
      Array.from({ length: 1000 }, (_, i) => (i % 300 === 7 ? { i, s: [i, 'é'] } : `c${i}`)),
      { codes: Array.from({ length: 300_000 }, (_, i) => `CODE-${i}`) },
      [],
      {},
      'x',
      3,
      null,
    ]
    for (const value of values) expect(await new Response(jsonStream(value)).text()).toBe(JSON.stringify(value))
  })
})
