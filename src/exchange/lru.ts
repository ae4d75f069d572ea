/**
 * A bounded map that forgets its least recently used entry first (a Map iterates in insertion order; a use re-inserts).
 */
export class Lru<TKey, TValue> {
  readonly #entries = new Map<TKey, TValue>()
  readonly #limit: number

  constructor(limit: number) {
    this.#limit = Math.max(1, limit)
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: TKey): TValue | undefined {
    if (!this.#entries.has(key)) return undefined
    const value = this.#entries.get(key)
    this.#entries.delete(key)
    if (value !== undefined) this.#entries.set(key, value)
    return value
  }

  set(key: TKey, value: TValue): void {
    this.#entries.delete(key)
    this.#entries.set(key, value)
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#limit) break
      this.#entries.delete(oldest)
    }
  }

  /** Forgets `key`, only while it still holds `value` when one is given (a newer entry stays). */
  delete(key: TKey, value?: TValue): void {
    if (value === undefined || this.#entries.get(key) === value) this.#entries.delete(key)
  }
}
