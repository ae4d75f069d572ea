/** The markets page's search: the tab, the coin searched and the sort; a bad value falls back (and is not written). */
import { z } from 'zod/mini'

export const MARKETS_TABS = ['spot', 'futures', 'favourites'] as const
export type MarketsTab = (typeof MARKETS_TABS)[number]
export const MARKETS_SORTS = ['pair', 'last', 'change', 'high', 'low', 'volume'] as const
export type MarketsSort = (typeof MARKETS_SORTS)[number]

export const marketsSearchSchema = z.object({
  tab: z.catch(z.optional(z.enum(MARKETS_TABS)), undefined),
  q: z.catch(z.optional(z.string().check(z.maxLength(20), z.regex(/^[A-Za-z0-9_/ ]*$/))), undefined),
  sort: z.catch(z.optional(z.enum(MARKETS_SORTS)), undefined),
  dir: z.catch(z.optional(z.enum(['asc', 'desc'])), undefined),
})
export type MarketsSearch = z.output<typeof marketsSearchSchema>
