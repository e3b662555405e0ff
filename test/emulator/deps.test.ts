import { describe, expect, it } from 'vitest'
import { pooledRandom } from '../../src/emulator/deps.js'

/** A source that counts its calls and answers bytes 0, 1, 2, … (mod 256) across calls. */
function countingSource() {
  let next = 0
  const calls: number[] = []
  const source = (n: number) => {
    calls.push(n)
    return Uint8Array.from({ length: n }, () => next++ % 256)
  }
  return { source, calls }
}

describe('pooledRandom', () => {
  it('asks the source once per 4 KB and hands out its bytes in order, each once', () => {
    const { source, calls } = countingSource()
    const random = pooledRandom(source)
    const answers = Array.from({ length: 600 }, () => Array.from(random.bytes(16)))
    expect(calls).toEqual([4096, 4096, 4096])
    // 256 answers of 16 bytes fill one pool exactly: the 257th starts the next one.
    expect(answers[0]).toEqual(Array.from({ length: 16 }, (_, i) => i))
    expect(answers[255]).toEqual(Array.from({ length: 16 }, (_, i) => (4080 + i) % 256))
    expect(answers[256]).toEqual(Array.from({ length: 16 }, (_, i) => i))
    expect(answers.flat()).toEqual(Array.from({ length: 600 * 16 }, (_, i) => i % 256))
  })

  it('starts a new pool for an answer the rest of the pool cannot hold, and never changes an answer given', () => {
    const { source, calls } = countingSource()
    const random = pooledRandom(source)
    const kept = random.bytes(4000)
    const copy = Array.from(kept)
    const next = random.bytes(100)
    expect(calls).toEqual([4096, 4096])
    expect(next[0]).toBe(4096 % 256)
    for (let i = 0; i < 100; i++) random.bytes(64)
    expect(Array.from(kept)).toEqual(copy)
  })

  it('takes an answer larger than a pool from the source directly', () => {
    const { source, calls } = countingSource()
    const random = pooledRandom(source)
    expect(random.bytes(10_000)).toHaveLength(10_000)
    expect(random.bytes(8)).toHaveLength(8)
    expect(calls).toEqual([10_000, 4096])
  })
})
