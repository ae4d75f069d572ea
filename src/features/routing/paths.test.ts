import { isNotFound } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { parseChainCopyPath } from './chain-copy-path.ts'
import { isValidationFailure, singleIdFromSplat } from './not-found.ts'

function failure(run: () => unknown): unknown {
  try {
    run()
  } catch (thrown) {
    return thrown
  }
  return undefined
}

describe('single-id splats (copy-detail, copy-trader)', () => {
  it('accepts exactly one id', () => {
    expect(singleIdFromSplat('abc-123')).toBe('abc-123')
    expect(singleIdFromSplat('abc_123/')).toBe('abc_123')
  })

  it.each([undefined, '', 'a/b', 'a b', 'x'.repeat(65), '<script>'])('fails route validation for %j', (splat) => {
    const thrown = failure(() => singleIdFromSplat(splat))
    expect(isNotFound(thrown)).toBe(true)
    expect(isNotFound(thrown) && isValidationFailure(thrown.data)).toBe(true)
  })
})

describe('chain-copy paths', () => {
  it('reads the list and one wallet', () => {
    expect(parseChainCopyPath(undefined)).toEqual({ kind: 'list' })
    expect(parseChainCopyPath('')).toEqual({ kind: 'list' })
    expect(parseChainCopyPath('ETH/0xAbCdEf0123456789abcdef')).toEqual({ kind: 'wallet', chain: 'eth', address: '0xAbCdEf0123456789abcdef' })
  })

  it.each(['eth', 'eth/short', 'eth/0xAbCdEf0123456789abcdef/extra', 'e/0xAbCdEf0123456789abcdef', 'eth/0x-not-hex-0123456789'])('refuses %s', (splat) => {
    expect(parseChainCopyPath(splat)).toBeUndefined()
  })
})
