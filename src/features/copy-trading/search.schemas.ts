/**
 * Search parameters of the public copy-trading pages (leader list, leader detail, chain copy): a
 * bad value falls back to its default. Plain zod, no React and no server functions: besides index.ts,
 * this is the feature's second door, for src/server/page-cache.ts, which imports it outside the app
 * bundle to key pages by exactly what their routes read.
 */
import { z } from 'zod/mini'
import { STATS_PERIODS } from '#/contract/index.ts'
import { WALLET_SORTS } from './chain/wallet-address.ts'
import { MAX_PAGE } from './my-copies/paging.ts'

export { leaderListSearchSchema } from './list/leader-list.schemas.ts'

export const leaderSearchSchema = z.object({ period: z.catch(z.optional(z.enum(STATS_PERIODS)), undefined) })
export type LeaderSearch = z.output<typeof leaderSearchSchema>

export const chainCopySearchSchema = z.object({
  period: z.catch(z.optional(z.enum(STATS_PERIODS)), undefined),
  sort: z.catch(z.optional(z.enum(WALLET_SORTS)), undefined),
  page: z.catch(z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_PAGE))), undefined),
})
