import fc from 'fast-check'
import { isIP } from 'node:net'
import { describe, expect, it } from 'vitest'
import { isIpAddress } from '../../src/contract/ip.js'

describe('isIpAddress', () => {
  it.each([
    ['1.2.3.4', true],
    ['01.2.3.4', false],
    ['256.1.1.1', false],
    ['::', true],
    ['::ffff:1.2.3.4', true],
    ['1:2:3:4:5:6:7::', true],
    ['1:2:3:4:5:6:7:1.2.3.4', false],
    ['1.2.3.4::', false],
    ['fe80::1%eth0', true],
    ['fe80::1%', false],
    ['1::2::3', false],
    ['', false],
  ])('%j is an address: %s', (text, expected) => {
    expect(isIpAddress(text)).toBe(expected)
  })

  it("answers as Node's net.isIP does, for generated addresses and near misses", () => {
    const v4 = fc.oneof(fc.ipV4(), fc.ipV4Extended())
    const nearMiss = fc
      .tuple(fc.oneof(fc.ipV6(), fc.ipV4()), fc.constantFrom('', ':', '::', '.', '%', '%eth0', '0', ':1.2.3.4'))
      .map(([address, tail]) => address + tail)
    fc.assert(
      fc.property(fc.oneof(v4, fc.ipV6(), nearMiss, fc.string()), (text) => {
        expect(isIpAddress(text)).toBe(isIP(text) !== 0)
      }),
      { numRuns: 3000 },
    )
  })
})
