import { describe, expect, it } from 'vitest'
import { parseChainCopyPath } from './chain-copy-path.ts'

describe('chain-copy paths', () => {
  it('reads the list and one wallet', () => {
    expect(parseChainCopyPath(undefined)).toEqual({ kind: 'list' })
    expect(parseChainCopyPath('')).toEqual({ kind: 'list' })
    expect(parseChainCopyPath('ETH/0xAbCdEf0123456789abcdef')).toEqual({
      kind: 'wallet',
      chain: 'eth',
      address: '0xAbCdEf0123456789abcdef',
    })
  })

  it.each([
    'eth',
    'eth/short',
    'eth/0xAbCdEf0123456789abcdef/extra',
    'e/0xAbCdEf0123456789abcdef',
    'eth/0x-not-hex-0123456789',
  ])('refuses %s', (splat) => {
    expect(parseChainCopyPath(splat)).toBeUndefined()
  })
})
