import { describe, expect, it } from 'vitest'
import { canonicalAddress, shortAddress, walletPath } from './wallet-address.ts'

describe('shortAddress', () => {
  it('keeps the start and the end of a long address', () => {
    expect(shortAddress('0x6d964291225f605ace427b0be40163abc612f65d')).toBe('0x6d96…f65d')
    expect(shortAddress('TJfzGBrZTszUFFTVx39DW1U2NED5cfAek9')).toBe('TJfzGB…Aek9')
  })
  it('leaves a short one whole', () => {
    expect(shortAddress('0x12345678')).toBe('0x12345678')
  })
})

describe('canonicalAddress', () => {
  it('lower-cases EVM hex addresses only', () => {
    expect(canonicalAddress('0xAbCdEf0123456789abcdef')).toBe('0xabcdef0123456789abcdef')
    expect(canonicalAddress('0XAB12')).toBe('0xab12')
    expect(canonicalAddress('4ktfZZCdVcbef2G7UbMeU5KDKuUgTd3sQapAsv9vTAi8')).toBe(
      '4ktfZZCdVcbef2G7UbMeU5KDKuUgTd3sQapAsv9vTAi8',
    )
  })
})

describe('walletPath', () => {
  it('names the wallet in the exchange API', () => {
    expect(walletPath({ chain: 'ethereum', address: '0xAB12' })).toBe('/copy/v1/chain-wallets/ethereum/0xab12')
  })
})
