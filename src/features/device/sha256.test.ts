import { describe, expect, it } from 'vitest'
import { sha256Hex, sha256HexSync } from './sha256.ts'

describe('sha256', () => {
  it('matches the FIPS 180-4 test vectors', () => {
    expect(sha256HexSync('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(sha256HexSync('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(sha256HexSync('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
  })

  it('gives the same digest as Web Crypto, multi-byte text and several blocks included', async () => {
    for (const text of ['Tandem 😃 指纹', 'x'.repeat(1000), 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64)]) {
      expect(sha256HexSync(text)).toBe(await sha256Hex(text))
    }
  })
})
