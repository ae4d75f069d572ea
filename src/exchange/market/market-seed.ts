/**
 * The simulator's secret seed and everything keyed by it. Every price path, simulated trade, market-maker size and
 * simulated leader's decision is drawn from a keyed pseudo-random function of this secret, so nobody who lacks it can
 * compute the next minute from the public history (audit H1: a public 32-bit seed let anyone predict every close).
 *
 * Each purpose and scope (a pair's path, a book's ladder sizes, a bot on a pair) has a key of its own, derived as
 * HMAC-SHA256(secret, label): knowing one stream says nothing about another. A stream is AES-256 in counter mode:
 * block i is AES_k(i), so any block is random-access (minute m's draws are blocks m·b … m·b+b−1) and a range of minutes
 * is one cipher call. The blocks are encrypted on a long-lived ECB context rather than a new CTR cipher per read: the
 * same keystream, without paying a cipher set-up (about 15 µs here) for each bot decision or re-quote.
 */
import { createCipheriv, createHash, createHmac, randomBytes } from 'node:crypto'
import { MARKET } from '#/app.config.ts'

export interface Random {
  /** Uniform in [0, 1). */
  next: () => number
  /** Standard normal (Box–Muller). */
  normal: () => number
}

export interface Keystream {
  /** `blocks` keystream blocks from block `from`, as four 32-bit words each (little-endian), so 4 × blocks words. */
  words(from: number, blocks: number): Uint32Array
}

export interface MarketSeed {
  /** A SHA-256 fingerprint of the secret: names the history it generated (a backtest keeps this, never the secret). */
  readonly fingerprint: string
  /** The keystream of a purpose and scope (e.g. `path/BTC_USDT`), the same for the same secret and label. */
  stream(label: string): Keystream
  /** Draws for one occasion (`counter`, e.g. an epoch minute) of a purpose and scope, as many as it asks for. */
  random(label: string, counter: number): Random
}

const TWO_32 = 2 ** 32
/** Blocks one occasion of `random` may read: its stream's counters are `counter × this` onwards. */
const RANDOM_BLOCKS = 2 ** 16
/** Blocks `random` reads at a time. */
const RANDOM_CHUNK = 4
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1
/** Separates the derived keys and the fingerprint from any other use of the same secret. */
const KEY_CONTEXT = 'tandem/market/v1/'
const FINGERPRINT_CONTEXT = 'tandem/market/v1/fingerprint/'

/** A new secret from the operating system's random source. */
export function randomMarketSecret(): string {
  return randomBytes(MARKET.seedBytes).toString('hex')
}

/** A uniform draw in (0, 1) from a 32-bit word. */
export function unit(word: number): number {
  return (word + 0.5) / TWO_32
}

function keystream(key: Buffer): Keystream {
  const cipher = createCipheriv('aes-256-ecb', key, null).setAutoPadding(false)
  /** Counter blocks, reused from call to call (the cipher copies them). */
  let counters = new Uint32Array(0)
  return {
    words(from, blocks) {
      if (!Number.isSafeInteger(from) || from < 0 || !Number.isSafeInteger(from + blocks) || blocks < 0)
        throw new RangeError(`keystream blocks ${from} + ${blocks} out of range`)
      const length = blocks * 4
      if (counters.length < length) counters = new Uint32Array(length)
      // A counter block: 64 zero bits, then the block index as a 64-bit big-endian integer.
      let high = Math.floor(from / TWO_32)
      let low = from - high * TWO_32
      for (let at = 0; at < length; at += 4) {
        counters[at + 2] = high
        counters[at + 3] = low
        low += 1
        if (low === TWO_32) {
          low = 0
          high += 1
        }
      }
      const input = Buffer.from(counters.buffer, 0, length * 4)
      if (LITTLE_ENDIAN) input.swap32()
      const output = cipher.update(input)
      if (!LITTLE_ENDIAN) output.swap32()
      if (output.byteOffset % 4 === 0) return new Uint32Array(output.buffer, output.byteOffset, length)
      const words = new Uint32Array(length)
      new Uint8Array(words.buffer).set(output)
      return words
    },
  }
}

function keyedRandom(stream: Keystream, counter: number): Random {
  if (!Number.isSafeInteger(counter * RANDOM_BLOCKS) || counter < 0)
    throw new RangeError(`random counter ${counter} out of range`)
  let words: Uint32Array = new Uint32Array(0)
  let used = 0
  let read = 0
  const next = () => {
    if (used === words.length) {
      if (read + RANDOM_CHUNK > RANDOM_BLOCKS) throw new RangeError('too many draws for one occasion')
      words = stream.words(counter * RANDOM_BLOCKS + read, RANDOM_CHUNK)
      read += RANDOM_CHUNK
      used = 0
    }
    const word = words[used] ?? 0
    used += 1
    return word / TWO_32
  }
  const normal = () => {
    const u = 1 - next()
    const v = next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }
  return { next, normal }
}

/** The fingerprint of a secret: SHA-256 under its own context, truncated. */
export function marketSeedFingerprint(secret: string): string {
  return createHash('sha256')
    .update(FINGERPRINT_CONTEXT)
    .update(Buffer.from(secret, 'hex'))
    .digest('hex')
    .slice(0, MARKET.seedFingerprintChars)
}

/**
 * The keys of a secret (hex, as MARKET.seedPattern). The secret stays in this closure: the object has no property
 * that holds it, so logging or serialising it shows the fingerprint only.
 */
export function marketSeedFrom(secret: string): MarketSeed {
  if (!MARKET.seedPattern.test(secret))
    throw new Error('a market seed is an even number of lower-case hexadecimal digits, at least 32')
  const master = Buffer.from(secret, 'hex')
  const streams = new Map<string, Keystream>()
  const fingerprint = marketSeedFingerprint(secret)
  const stream = (label: string) => {
    let found = streams.get(label)
    if (!found) {
      found = keystream(
        createHmac('sha256', master)
          .update(KEY_CONTEXT + label)
          .digest(),
      )
      streams.set(label, found)
    }
    return found
  }
  return {
    fingerprint,
    stream,
    random: (label, counter) => keyedRandom(stream(label), counter),
  }
}
