/**
 * The secret seed's keyed streams (audit H1): the same secret gives the same market, another secret an unrelated one,
 * one pair's path says nothing about another's, every bit of the secret counts, and the secret never shows.
 */
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { MARKET } from '#/app.config.ts'
import { INSTRUMENTS } from './instruments.ts'
import { marketSeedFingerprint, marketSeedFrom, randomMarketSecret, unit } from './market-seed.ts'
import { generatePricePath, type SimulatedMinute } from './price-path.ts'
import { TEST_MARKET_SECRET, testMarketSeed } from '#tests/fixtures/market-seed.ts'

const START = Date.UTC(2026, 4, 1)
const MINUTES = 20_000
const [btc, eth] = INSTRUMENTS
if (!btc || !eth) throw new Error('no BTC or ETH')
/** Another fixed secret, and the tests' secret with only its last bit flipped. */
const OTHER_SECRET = 'c0ffee'.repeat(10) + 'c0ff'
const FLIPPED_SECRET =
  TEST_MARKET_SECRET.slice(0, -1) + (Number.parseInt(TEST_MARKET_SECRET.slice(-1), 16) ^ 1).toString(16)

const logReturns = (path: readonly SimulatedMinute[]) =>
  path.slice(1).map((minute, i) => Math.log(Number(minute.close) / Number(path[i]?.close ?? minute.close)))

/** Pearson correlation of two equally long series. */
function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (xs: readonly number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length
  const [ma, mb] = [mean(a), mean(b)]
  let [ab, aa, bb] = [0, 0, 0]
  a.forEach((x, i) => {
    const y = b[i] ?? mb
    ab += (x - ma) * (y - mb)
    aa += (x - ma) ** 2
    bb += (y - mb) ** 2
  })
  return ab / Math.sqrt(aa * bb)
}

/** Over 20,000 minutes an unrelated pair of series correlates within about ±0.007 (1/√n): 0.03 is over 4 σ. */
const UNRELATED = 0.03

describe('the market seed', () => {
  it('gives the same path for the same secret, whoever builds it', () => {
    const path = generatePricePath(btc, testMarketSeed, START, MINUTES)
    expect(generatePricePath(btc, marketSeedFrom(TEST_MARKET_SECRET), START, MINUTES)).toEqual(path)
  })

  it('gives an unrelated path for another secret, even one that differs in a single bit', () => {
    const path = logReturns(generatePricePath(btc, testMarketSeed, START, MINUTES))
    for (const secret of [OTHER_SECRET, FLIPPED_SECRET]) {
      const other = logReturns(generatePricePath(btc, marketSeedFrom(secret), START, MINUTES))
      expect(other).not.toEqual(path)
      expect(Math.abs(correlation(path, other))).toBeLessThan(UNRELATED)
    }
  })

  it("keys each pair's path on its own: one pair's moves say nothing about another's", () => {
    const btcMoves = logReturns(generatePricePath(btc, testMarketSeed, START, MINUTES))
    const ethMoves = logReturns(generatePricePath(eth, testMarketSeed, START, MINUTES))
    expect(Math.abs(correlation(btcMoves, ethMoves))).toBeLessThan(UNRELATED)
    // Nor do the raw draws: the keystreams of two pairs share no block.
    const btcDraws = new Set(testMarketSeed.stream(`path/${btc.pairCode}`).words(0, 4096))
    const ethDraws = testMarketSeed.stream(`path/${eth.pairCode}`).words(0, 4096)
    expect(ethDraws.filter((word) => btcDraws.has(word)).length).toBeLessThan(5)
  })

  it('reads any range of a stream at random: a range in one call is its blocks read one by one', () => {
    const stream = testMarketSeed.stream('path/BTC_USDT')
    const minute = Math.floor(START / 60_000)
    const whole = stream.words(minute * 2, 50)
    const pieces = Array.from({ length: 50 }, (_, block) => [...stream.words(minute * 2 + block, 1)]).flat()
    expect([...whole]).toEqual(pieces)
    expect(() => stream.words(-1, 1)).toThrow(RangeError)
  })

  it('draws uniform numbers for an occasion, the same again for the same occasion and others for the next', () => {
    const draws = (counter: number) => {
      const random = testMarketSeed.random('bot/trend-rider/BTC_USDT', counter)
      return Array.from({ length: 40 }, () => random.next())
    }
    expect(draws(29_000_000)).toEqual(draws(29_000_000))
    expect(draws(29_000_001)).not.toEqual(draws(29_000_000))
    const many = Array.from({ length: 200 }, (_, i) => draws(i)).flat()
    expect(many.every((x) => x >= 0 && x < 1)).toBe(true)
    const mean = many.reduce((sum, x) => sum + x, 0) / many.length
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01)
    expect(unit(0)).toBeGreaterThan(0)
    expect(unit(2 ** 32 - 1)).toBeLessThan(1)
  })

  it('is named by a fingerprint that is not the secret, and never shows the secret', () => {
    expect(testMarketSeed.fingerprint).toMatch(new RegExp(`^[0-9a-f]{${MARKET.seedFingerprintChars}}$`))
    expect(testMarketSeed.fingerprint).toBe(marketSeedFingerprint(TEST_MARKET_SECRET))
    expect(marketSeedFingerprint(FLIPPED_SECRET)).not.toBe(testMarketSeed.fingerprint)
    expect(TEST_MARKET_SECRET).not.toContain(testMarketSeed.fingerprint)
    for (const shown of [JSON.stringify(testMarketSeed), inspect(testMarketSeed, { depth: 5, showHidden: true })])
      expect(shown).not.toContain(TEST_MARKET_SECRET.slice(0, 16))
  })

  it('draws a new 256-bit secret at random, and refuses one shorter than 128 bits or not hex', () => {
    const secret = randomMarketSecret()
    expect(secret).toMatch(/^[0-9a-f]{64}$/)
    expect(randomMarketSecret()).not.toBe(secret)
    for (const bad of ['', 'ab'.repeat(15), `${'ab'.repeat(16)}a`, 'AB'.repeat(16), 'zz'.repeat(16)])
      expect(() => marketSeedFrom(bad)).toThrow('a market seed is')
    expect(marketSeedFrom('ab'.repeat(16)).fingerprint).toHaveLength(MARKET.seedFingerprintChars)
  })
})
