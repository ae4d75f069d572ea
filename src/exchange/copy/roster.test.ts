/** The cast of simulated lead traders and on-chain wallets: enough of each kind, unique, well-formed, tradable. */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Decimal from 'decimal.js'
import { describe, expect, it } from 'vitest'
import { findInstrument } from '../market/instruments.ts'
import { CHAIN_WALLETS, LEADER_TAGS, LEADERS } from './roster.ts'
import type { StrategyName } from './strategy-name.ts'
import { STRATEGIES } from './strategies.ts'

const STRATEGY_NAMES = Object.values(STRATEGIES).map((s) => s.name)
const chars = (s: string) => [...s].length
const avatarFile = (path: string) => fileURLToPath(new URL(`../../../public${path}`, import.meta.url))
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
const ISO_REGIONS = new Set([
  'AE',
  'AR',
  'AU',
  'BR',
  'CA',
  'CH',
  'CN',
  'CO',
  'DE',
  'EG',
  'ES',
  'FR',
  'GB',
  'GH',
  'GR',
  'IE',
  'IN',
  'JP',
  'KR',
  'MY',
  'NZ',
  'PK',
  'PT',
  'RU',
  'SA',
  'SE',
  'SG',
  'TR',
  'TW',
  'UA',
  'US',
  'VN',
])

describe('lead traders', () => {
  it('has at least 44 leaders, about 30 on futures and 14 on spot', () => {
    expect(LEADERS.length).toBeGreaterThanOrEqual(44)
    expect(LEADERS.filter((l) => l.biz === 'futures').length).toBeGreaterThanOrEqual(28)
    expect(LEADERS.filter((l) => l.biz === 'spot').length).toBeGreaterThanOrEqual(14)
  })

  it('uses every strategy at least three times (gambler and dca at least twice), never gambling on spot', () => {
    const count = (name: StrategyName) => LEADERS.filter((l) => l.strategy === name).length
    for (const name of STRATEGY_NAMES.filter((n) => n !== 'gambler' && n !== 'dca'))
      expect(count(name), name).toBeGreaterThanOrEqual(3)
    expect(count('gambler')).toBeGreaterThanOrEqual(2)
    expect(count('dca')).toBeGreaterThanOrEqual(2)
    expect(LEADERS.filter((l) => l.biz === 'spot' && l.strategy === 'gambler')).toEqual([])
  })

  it('has unique lower-case slugs and unique nicknames of 3–20 characters from many cultures', () => {
    const slugs = LEADERS.map((l) => l.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    const nicknames = LEADERS.map((l) => l.nickname.toLowerCase())
    expect(new Set(nicknames).size).toBe(nicknames.length)
    for (const l of LEADERS) {
      expect(chars(l.nickname), l.nickname).toBeGreaterThanOrEqual(3)
      expect(chars(l.nickname), l.nickname).toBeLessThanOrEqual(20)
    }
    const scripts = [
      /\p{Script=Han}/u,
      /\p{Script=Cyrillic}/u,
      /\p{Script=Arabic}/u,
      /\p{Script=Hangul}/u,
      /\p{Script=Hiragana}|\p{Script=Katakana}/u,
      /[ğışİ]/u,
      /[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]/u,
    ]
    for (const script of scripts)
      expect(
        LEADERS.some((l) => script.test(l.nickname)),
        String(script),
      ).toBe(true)
  })

  it('writes short bios (some not in English) and tags from the fixed vocabulary', () => {
    for (const l of LEADERS) {
      expect(chars(l.bio), l.slug).toBeGreaterThan(10)
      expect(chars(l.bio), l.slug).toBeLessThanOrEqual(200)
      expect(l.tags.length, l.slug).toBeGreaterThanOrEqual(1)
      expect(l.tags.length, l.slug).toBeLessThanOrEqual(3)
      expect(new Set(l.tags).size).toBe(l.tags.length)
      for (const tag of l.tags) expect(LEADER_TAGS).toContain(tag)
      expect(ISO_REGIONS.has(l.region), l.region).toBe(true)
    }
    expect(LEADERS.filter((l) => !/^[\x20-\x7e]+$/.test(l.bio)).length).toBeGreaterThanOrEqual(5)
  })

  it('trades listed pairs at a leverage the instruments allow: 1 on spot, 2–20 on futures, 50–100 for gamblers', () => {
    for (const l of LEADERS) {
      expect(l.pairs.length, l.slug).toBeGreaterThanOrEqual(1)
      expect(l.pairs.length, l.slug).toBeLessThanOrEqual(4)
      expect(new Set(l.pairs).size).toBe(l.pairs.length)
      for (const pair of l.pairs) {
        const instrument = findInstrument(pair)
        expect(instrument?.pairCode, pair).toBe(pair)
        expect(l.leverage).toBeLessThanOrEqual(instrument?.maxLeverage ?? 0)
      }
      expect(Number.isInteger(l.leverage)).toBe(true)
      if (l.biz === 'spot') expect(l.leverage).toBe(1)
      else if (l.strategy === 'gambler') expect([l.leverage >= 50, l.leverage <= 100]).toEqual([true, true])
      else expect([l.leverage >= 2, l.leverage <= 20]).toEqual([true, true])
    }
    const gamblers = LEADERS.filter((l) => l.strategy === 'gambler').map((l) => l.leverage)
    const others = LEADERS.filter((l) => l.strategy !== 'gambler').map((l) => l.leverage)
    expect(Math.min(...gamblers)).toBeGreaterThan(Math.max(...others))
  })

  it('offers copy terms within bounds', () => {
    const within = (value: string, lo: string, hi: string) => new Decimal(value).gte(lo) && new Decimal(value).lte(hi)
    for (const l of LEADERS) {
      expect(within(l.profitShareRate, '0', '0.3'), l.slug).toBe(true)
      expect(within(l.minCopyAmount, '10', '500'), l.slug).toBe(true)
      expect(within(l.capital, '5000', '250000'), l.slug).toBe(true)
      expect(Number.isInteger(l.maxFollowers) && l.maxFollowers >= 50 && l.maxFollowers <= 1000, l.slug).toBe(true)
    }
  })

  it('gives about half the leaders their own small, distinct 96×96 SVG avatar; the rest use the default', () => {
    const withAvatar = LEADERS.filter((l) => l.avatar !== null)
    expect(withAvatar.length).toBeGreaterThanOrEqual(LEADERS.length * 0.4)
    expect(withAvatar.length).toBeLessThanOrEqual(LEADERS.length * 0.6)
    const contents = new Set<string>()
    for (const l of withAvatar) {
      expect(l.avatar).toBe(`/avatars/${l.slug}.svg`)
      const file = avatarFile(l.avatar ?? '')
      expect(existsSync(file), file).toBe(true)
      const svg = readFileSync(file, 'utf8')
      expect(Buffer.byteLength(svg), l.slug).toBeLessThan(600)
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 96 96"/)
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true)
      contents.add(svg)
    }
    expect(contents.size).toBe(withAvatar.length)
  })
})

describe('on-chain wallets', () => {
  it('has at least 16 wallets across every chain, with unique slugs and addresses', () => {
    expect(CHAIN_WALLETS.length).toBeGreaterThanOrEqual(16)
    expect(new Set(CHAIN_WALLETS.map((w) => w.chain))).toEqual(
      new Set(['ethereum', 'solana', 'bsc', 'arbitrum', 'base', 'tron']),
    )
    const slugs = [...LEADERS.map((l) => l.slug), ...CHAIN_WALLETS.map((w) => w.slug)]
    expect(new Set(slugs).size).toBe(slugs.length)
    for (const w of CHAIN_WALLETS) expect(w.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(new Set(CHAIN_WALLETS.map((w) => w.address.toLowerCase())).size).toBe(CHAIN_WALLETS.length)
  })

  it('writes each address in its chain’s format', () => {
    for (const w of CHAIN_WALLETS) {
      if (w.chain === 'solana') {
        expect(w.address, w.slug).toMatch(BASE58)
        expect(w.address.length).toBeGreaterThanOrEqual(32)
        expect(w.address.length).toBeLessThanOrEqual(44)
      } else if (w.chain === 'tron') {
        expect(w.address, w.slug).toMatch(BASE58)
        expect(w.address, w.slug).toMatch(/^T.{33}$/)
      } else expect(w.address, w.slug).toMatch(/^0x[0-9a-f]{40}$/)
    }
  })

  it('follows a known strategy on listed pairs with capital in range', () => {
    for (const w of CHAIN_WALLETS) {
      expect(STRATEGY_NAMES).toContain(w.strategy)
      expect(w.label.length).toBeGreaterThan(5)
      expect(w.pairs.length).toBeGreaterThanOrEqual(1)
      for (const pair of w.pairs) expect(findInstrument(pair)?.pairCode, pair).toBe(pair)
      expect(new Decimal(w.capital).gte(5000) && new Decimal(w.capital).lte(250000)).toBe(true)
    }
  })
})
