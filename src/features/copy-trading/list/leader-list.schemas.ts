/**
 * The leader list's search parameters: each field is the API's own schema with a fallback, so a
 * bad value in a shared URL drops to the default instead of failing the page. Defaults stay out of
 * the URL (30 days, best ROI first, the sort's own direction).
 */
import { z } from 'zod/mini'
import {
  leaderListQuerySchema,
  leaderSortSchema,
  SORT_ORDERS,
  statsPeriodSchema,
  type CopyBiz,
  type StatsPeriod,
} from '#/contract/index.ts'
import { DEFAULT_PERIOD } from '../shared/period.ts'

type LeaderSort = z.output<typeof leaderSortSchema>
export type SortOrder = (typeof SORT_ORDERS)[number]

const query = leaderListQuerySchema.shape

export const leaderListSearchSchema = z.object({
  period: z.catch(z.optional(statsPeriodSchema), undefined),
  sort: z.catch(z.optional(leaderSortSchema), undefined),
  order: z.catch(z.optional(z.enum(SORT_ORDERS)), undefined),
  q: z.catch(query.q, undefined),
  minRoi: z.catch(query.minRoi, undefined),
  maxDrawdown: z.catch(query.maxDrawdown, undefined),
  minAum: z.catch(query.minAum, undefined),
  tags: z.catch(query.tags, undefined),
  hasSlots: z.catch(query.hasSlots, undefined),
  watched: z.catch(query.watched, undefined),
})
export type LeaderListSearch = z.output<typeof leaderListSearchSchema>

/**
 * A change of the search, applied to the URL's search at the time of the navigation: the page may
 * still show the search before a navigation whose loader is running, and a change built on that
 * would undo it.
 */
export type SearchUpdate = (current: LeaderListSearch) => LeaderListSearch

export const DEFAULT_SORT: LeaderSort = 'roi'

/** The API's default direction: the steadiest (lowest drawdown) first, otherwise the highest first. */
export const defaultOrder = (sort: LeaderSort): SortOrder => (sort === 'drawdown' ? 'asc' : 'desc')

/** What one list request asks for: the search resolved to its defaults, without paging. */
export interface LeaderListParams {
  biz: CopyBiz
  period: StatsPeriod
  sort: LeaderSort
  order: SortOrder
  q?: string
  minRoi?: string
  maxDrawdown?: string
  minAum?: string
  tags?: string
  hasSlots?: 'true' | 'false'
  watched?: 'true'
}

/** The request of a search. `watched` only with a session: the API answers 401 to an anonymous caller. */
export function listParams(biz: CopyBiz, search: LeaderListSearch, loggedIn: boolean): LeaderListParams {
  const sort = search.sort ?? DEFAULT_SORT
  const { period: _period, sort: _sort, order: _order, watched, ...filters } = search
  return {
    biz,
    period: search.period ?? DEFAULT_PERIOD,
    sort,
    order: search.order ?? defaultOrder(sort),
    ...filters,
    ...(loggedIn && watched ? { watched } : {}),
  }
}

/**
 * The search after a change, with every default left out of the URL (undefined: the router writes
 * no parameter) and an emptied search box dropped.
 */
export function nextSearch(search: LeaderListSearch, change: Partial<LeaderListSearch>): LeaderListSearch {
  const merged = { ...search, ...change }
  return {
    ...merged,
    period: merged.period === DEFAULT_PERIOD ? undefined : merged.period,
    sort: merged.sort === DEFAULT_SORT ? undefined : merged.sort,
    order: merged.order === defaultOrder(merged.sort ?? DEFAULT_SORT) ? undefined : merged.order,
    q: merged.q?.trim() || undefined,
  }
}

/** Filters that narrow the list (period and sort only reorder or re-measure it). */
export const FILTER_KEYS = ['q', 'minRoi', 'maxDrawdown', 'minAum', 'tags', 'hasSlots', 'watched'] as const

export const hasFilters = (search: LeaderListSearch): boolean => FILTER_KEYS.some((key) => search[key] !== undefined)

/** The search without its filters: period and order stay. */
export function withoutFilters(search: LeaderListSearch): LeaderListSearch {
  return nextSearch(search, {
    q: undefined,
    minRoi: undefined,
    maxDrawdown: undefined,
    minAum: undefined,
    tags: undefined,
    hasSlots: undefined,
    watched: undefined,
  })
}

/** Tag keys of the search, in order. */
export const tagsOf = (search: LeaderListSearch): string[] => (search.tags ? search.tags.split(',') : [])

/** The search with `tag` switched on or off. */
export function toggleTag(search: LeaderListSearch, tag: string): LeaderListSearch {
  const tags = tagsOf(search)
  const next = tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag]
  return nextSearch(search, { tags: next.join(',') || undefined })
}
