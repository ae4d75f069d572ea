import { describe, expect, it } from 'vitest'
import {
  hasFilters,
  leaderListSearchSchema,
  listParams,
  nextSearch,
  toggleTag,
  withoutFilters,
} from './leader-list.schemas.ts'

const parse = (search: Record<string, unknown>) => leaderListSearchSchema.parse(search)

describe('the leader list search', () => {
  it('keeps every good value', () => {
    const good = {
      period: '7d',
      sort: 'drawdown',
      order: 'desc',
      q: 'wolf',
      minRoi: '-0.1',
      maxDrawdown: '0.2',
      minAum: '10000',
      tags: 'steady,low-drawdown',
      hasSlots: 'false',
      watched: 'true',
    }
    expect(parse(good)).toEqual(good)
  })

  it('drops each bad value to its default, keeping the others', () => {
    const bad = {
      period: '1y',
      sort: 'zzz',
      order: 'up',
      q: 'x'.repeat(41),
      minRoi: 'abc',
      maxDrawdown: '-0.1',
      minAum: '1e5',
      tags: 'Bad Tag',
      hasSlots: 'yes',
      watched: 'false',
    }
    for (const [key, value] of Object.entries(bad)) {
      expect(parse({ sort: 'pnl', [key]: value }), key).toEqual(key === 'sort' ? {} : { sort: 'pnl' })
    }
    // Arrays and objects from a hand-made query string are bad values too.
    expect(parse({ sort: ['roi', 'pnl'], period: { a: '1' }, q: '' })).toEqual({})
    expect(parse({})).toEqual({})
  })

  it('resolves the request: defaults, the sort’s own direction, watched only with a session', () => {
    expect(listParams('futures', {}, false)).toEqual({ biz: 'futures', period: '30d', sort: 'roi', order: 'desc' })
    expect(listParams('spot', { sort: 'drawdown' }, false)).toMatchObject({
      biz: 'spot',
      sort: 'drawdown',
      order: 'asc',
    })
    expect(listParams('futures', { sort: 'drawdown', order: 'desc', q: 'a', watched: 'true' }, false)).toEqual({
      biz: 'futures',
      period: '30d',
      sort: 'drawdown',
      order: 'desc',
      q: 'a',
    })
    expect(listParams('futures', { watched: 'true' }, true)).toMatchObject({ watched: 'true' })
  })

  it('leaves defaults and an empty search box out of the URL', () => {
    expect(nextSearch({ period: '7d' }, { period: '30d' })).toEqual({})
    expect(nextSearch({}, { sort: 'roi', order: 'desc' })).toEqual({})
    expect(nextSearch({}, { sort: 'drawdown', order: 'asc' })).toEqual({ sort: 'drawdown' })
    expect(nextSearch({ sort: 'pnl', order: 'asc' }, { sort: 'drawdown' })).toEqual({ sort: 'drawdown' })
    expect(nextSearch({ q: 'wolf' }, { q: '  ' })).toEqual({})
    expect(nextSearch({ period: '90d' }, { q: ' wolf ' })).toEqual({ period: '90d', q: 'wolf' })
  })

  it('clears the filters but keeps period and order', () => {
    const search = {
      period: '7d' as const,
      sort: 'pnl' as const,
      q: 'a',
      minRoi: '0.1',
      tags: 'grid',
      watched: 'true' as const,
    }
    expect(hasFilters(search)).toBe(true)
    expect(withoutFilters(search)).toEqual({ period: '7d', sort: 'pnl' })
    expect(hasFilters(withoutFilters(search))).toBe(false)
  })

  it('switches tags on and off', () => {
    expect(toggleTag({}, 'grid')).toEqual({ tags: 'grid' })
    expect(toggleTag({ tags: 'grid' }, 'steady')).toEqual({ tags: 'grid,steady' })
    expect(toggleTag({ tags: 'grid,steady' }, 'grid')).toEqual({ tags: 'steady' })
    expect(toggleTag({ tags: 'grid' }, 'grid')).toEqual({})
  })
})
