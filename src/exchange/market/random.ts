/** A small seeded PRNG (mulberry32) and the distributions the simulator draws from: same seed, same market. */

export interface Random {
  /** Uniform in [0, 1). */
  next: () => number
  /** Standard normal (Box–Muller). */
  normal: () => number
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const normal = () => {
    const u = 1 - next()
    const v = next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
  }
  return { next, normal }
}

/** A stable seed for a name (an instrument code), so each market has its own deterministic path. */
export function seedOf(text: string, base: number): number {
  let hash = base >>> 0
  for (const ch of text) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0
  return hash
}
