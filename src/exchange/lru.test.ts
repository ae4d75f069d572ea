import { describe, expect, it } from 'vitest'
import { Lru } from './lru.ts'

describe('Lru', () => {
  it('forgets the least recently used entry past its limit', () => {
    const lru = new Lru<string, number>(2)
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1)
    lru.set('c', 3)
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2])
  })

  it('deletes an entry only while it still holds the value given', () => {
    const lru = new Lru<string, number>(2)
    lru.set('a', 1)
    lru.set('a', 2)
    lru.delete('a', 1)
    expect(lru.get('a')).toBe(2)
    lru.delete('a')
    expect(lru.get('a')).toBeUndefined()
  })
})
