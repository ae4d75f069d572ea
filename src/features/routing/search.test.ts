import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch } from './search.ts'

describe('query strings (qs, §9 limits)', () => {
  it('round-trips nested objects and arrays', () => {
    const search = { sort: 'roi', filter: { tags: ['a', 'b'], min: '5' } }
    expect(parseSearch(stringifySearch(search))).toEqual(search)
  })

  it('stops nesting at depth 5', () => {
    const parsed = parseSearch('?a[b][c][d][e][f][g][h]=1')
    // qs keeps the remainder beyond the limit as one literal key instead of nesting further.
    expect(JSON.stringify(parsed)).toContain('[g][h]')
    let depth = 0
    let node: unknown = parsed
    while (typeof node === 'object' && node !== null && Object.keys(node).length === 1) {
      node = Object.values(node)[0]
      depth += 1
    }
    expect(depth).toBeLessThanOrEqual(7)
  })

  it('keeps arrays to 20 items: a larger index becomes an object key', () => {
    expect(Array.isArray(parseSearch('?a[19]=x').a)).toBe(true)
    expect(Array.isArray(parseSearch('?a[20]=x').a)).toBe(false)
  })

  it('reads at most 1000 parameters', () => {
    const query = Array.from({ length: 1500 }, (_, i) => `p${i}=1`).join('&')
    expect(Object.keys(parseSearch(`?${query}`))).toHaveLength(1000)
  })

  it('never writes to the prototype', () => {
    const parsed = parseSearch('?__proto__[polluted]=1&constructor[prototype][x]=1')
    expect(Object.prototype).not.toHaveProperty('polluted')
    expect(parsed).not.toHaveProperty('polluted')
  })

  it('writes nothing for an empty search', () => {
    expect(stringifySearch({})).toBe('')
    expect(stringifySearch({ a: undefined })).toBe('')
  })
})
