/**
 * The public read calls of copy trading: the leader list and its filters, a leader's detail,
 * statistics with chart series, positions, history and followers, the platform overview and the
 * on-chain wallets. A signed-in caller also learns what concerns them (watched, vote, copy).
 */
import { z } from 'zod'
import {
  copyBizSchema,
  epochMsSchema,
  idSchema,
  leaderSortSchema,
  leaderStatsSchema,
  leaderSummarySchema,
  pageOf,
  pageQuerySchema,
  positionSchema,
  statsPeriodSchema,
} from './copy-common.schemas.ts'
import { okEnvelope } from './envelope.schemas.ts'
import { signedDecimalStringSchema } from './market.schemas.ts'
import { singleLine } from './text.schemas.ts'
import { decimalStringSchema } from './wallet.schemas.ts'

export const LEADER_KINDS = ['trader', 'wallet'] as const
export const SORT_ORDERS = ['asc', 'desc'] as const
export const LEADER_QUERY_MAX = 40

const tagListSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,30}(?:,[a-z0-9-]{1,30}){0,19}$/)
  .meta({ description: 'Comma-separated tag keys; a leader with any of them matches', example: 'steady,low-drawdown' })

export const periodQuerySchema = z.object({ period: statsPeriodSchema.default('30d') })

export const leaderListQuerySchema = pageQuerySchema.extend({
  biz: copyBizSchema.default('futures'),
  kind: z.enum(LEADER_KINDS).default('trader'),
  period: statsPeriodSchema.default('30d'),
  minRoi: signedDecimalStringSchema.max(40).optional().meta({ description: 'Lowest ROI of the period, a fraction' }),
  maxDrawdown: decimalStringSchema
    .max(40)
    .optional()
    .meta({ description: 'Highest maximum drawdown of the period, a fraction' }),
  minAum: decimalStringSchema.max(40).optional(),
  tags: tagListSchema.optional(),
  hasSlots: z.enum(['true', 'false']).optional().meta({
    description:
      'true: leaders a follower can copy now (a free slot, equity of at least the minimum copy amount); false: the others',
  }),
  q: singleLine(1, LEADER_QUERY_MAX).optional().meta({ description: 'Part of the nickname, case-insensitive' }),
  watched: z
    .enum(['true'])
    .optional()
    .meta({ description: 'true: only the leaders the caller watches (needs a session, else 401)' }),
  sort: leaderSortSchema.default('roi'),
  order: z.enum(SORT_ORDERS).optional().meta({ description: 'Default: ascending for drawdown, descending otherwise' }),
})
export type LeaderListQuery = z.infer<typeof leaderListQuerySchema>

export const leaderPathSchema = z.object({ leaderId: idSchema })

/** A card of the leader list: the summary with the leader's like and dislike counts. */
export const leaderListItemSchema = leaderSummarySchema
  .extend({ likes: z.number().int().min(0), dislikes: z.number().int().min(0) })
  .meta({ id: 'LeaderListItem' })
export type LeaderListItem = z.infer<typeof leaderListItemSchema>
export const leaderPageResponseSchema = okEnvelope(pageOf(leaderListItemSchema)).meta({ id: 'LeaderPageResponse' })

/** What the caller watches and how they voted, for the list's watch and vote buttons. */
export const myReactionsSchema = z
  .object({
    /** Ids of the leaders the caller watches, latest first. */
    watches: z.array(idSchema),
    votes: z.array(z.object({ leaderId: idSchema, vote: z.union([z.literal(1), z.literal(-1)]) })),
  })
  .meta({ id: 'MyReactions' })
export type MyReactions = z.infer<typeof myReactionsSchema>
export const myReactionsResponseSchema = okEnvelope(myReactionsSchema).meta({ id: 'MyReactionsResponse' })

export const FOLLOW_BLOCKS = [
  'leader-full',
  'leader-paused',
  'leader-below-minimum',
  'follow-self',
  'follow-while-leading',
  'already-copying',
  'login',
] as const

export const leaderDetailSchema = leaderSummarySchema
  .extend({
    likes: z.number().int().min(0),
    dislikes: z.number().int().min(0),
    /** Null when anonymous; 0 when the caller has not voted. */
    myVote: z.union([z.literal(1), z.literal(-1), z.literal(0), z.null()]),
    /** Null when anonymous. */
    watched: z.boolean().nullable(),
    /** The caller's live (active or paused) copy of this leader. */
    myCopy: z.union([z.object({ copyId: idSchema, status: z.enum(['active', 'paused']) }), z.null()]),
    /** Whether the follow button works, and why not ('login': sign in first). */
    canFollow: z.object({ ok: z.boolean(), reason: z.enum(FOLLOW_BLOCKS).nullable() }),
  })
  .meta({ id: 'LeaderDetail' })
export type LeaderDetail = z.infer<typeof leaderDetailSchema>
export const leaderDetailResponseSchema = okEnvelope(leaderDetailSchema).meta({ id: 'LeaderDetailResponse' })

export const statsSeriesPointSchema = z
  .object({
    day: z.iso.date(),
    roi: signedDecimalStringSchema.meta({ description: 'Cumulative time-weighted ROI up to this day' }),
    pnl: signedDecimalStringSchema.meta({ description: 'Cumulative PnL up to this day' }),
    dailyPnl: signedDecimalStringSchema,
  })
  .meta({ id: 'StatsSeriesPoint' })

export const leaderStatsDetailSchema = leaderStatsSchema
  .extend({ series: z.array(statsSeriesPointSchema) })
  .meta({ id: 'LeaderStatsDetail' })
export const leaderStatsResponseSchema = okEnvelope(leaderStatsDetailSchema).meta({ id: 'LeaderStatsResponse' })

export const leaderPositionsResponseSchema = okEnvelope(z.array(positionSchema)).meta({ id: 'LeaderPositionsResponse' })
export const positionPageResponseSchema = okEnvelope(pageOf(positionSchema)).meta({ id: 'PositionPageResponse' })

export const leaderFollowerSchema = z
  .object({
    /** Masked: first and last character only. */
    nickname: z.string(),
    since: epochMsSchema,
    /** Net amount moved into the copy (deposits minus withdrawals). */
    investment: signedDecimalStringSchema,
    /** Realized PnL of the copy's positions net of fees and funding. */
    pnl: signedDecimalStringSchema,
  })
  .meta({ id: 'LeaderFollower' })
export type LeaderFollower = z.infer<typeof leaderFollowerSchema>
export const leaderFollowersResponseSchema = okEnvelope(pageOf(leaderFollowerSchema)).meta({
  id: 'LeaderFollowersResponse',
})

export const overviewQuerySchema = z.object({ biz: copyBizSchema.default('futures') })

export const copyOverviewSchema = z
  .object({
    /** Open and paused lead traders. */
    leaders: z.number().int().min(0),
    /** Distinct users with an active copy. */
    copiers: z.number().int().min(0),
    /** Realized PnL of every copy ever, net of fees and funding. */
    copierPnl: signedDecimalStringSchema,
    /** USDT in active copies: free balances plus the margin of their open positions. */
    aum: decimalStringSchema,
    /** Top 5 leaders of the requested market per category, on 30-day statistics. */
    top: z.object({
      highestRoi: z.array(leaderSummarySchema),
      bestCopierPnl: z.array(leaderSummarySchema),
      largestAum: z.array(leaderSummarySchema),
      steadiest: z.array(leaderSummarySchema),
      newest: z.array(leaderSummarySchema),
    }),
  })
  .meta({ id: 'CopyOverview' })
export type CopyOverview = z.infer<typeof copyOverviewSchema>
export const copyOverviewResponseSchema = okEnvelope(copyOverviewSchema).meta({ id: 'CopyOverviewResponse' })

export const chainWalletListQuerySchema = pageQuerySchema.extend({
  sort: leaderSortSchema.default('roi'),
  order: z.enum(SORT_ORDERS).optional(),
})

export const chainWalletPathSchema = z.object({
  chain: z
    .string()
    .regex(/^[a-z0-9-]{1,20}$/)
    .meta({ example: 'ethereum' }),
  address: z
    .string()
    .regex(/^[A-Za-z0-9]{1,100}$/)
    .meta({ example: '0x6d964291225f605ace427b0be40163abc612f65d' }),
})

export const chainWalletSummarySchema = leaderSummarySchema
  .extend({ chain: z.string(), address: z.string(), label: z.string() })
  .meta({ id: 'ChainWalletSummary' })
export type ChainWalletSummary = z.infer<typeof chainWalletSummarySchema>
export const chainWalletPageResponseSchema = okEnvelope(pageOf(chainWalletSummarySchema)).meta({
  id: 'ChainWalletPageResponse',
})

export const chainWalletDetailSchema = chainWalletSummarySchema
  .extend({
    /** Statistics of every period: 7d, 30d, 90d, all. */
    periods: z.array(leaderStatsSchema),
    /** The newest 50 positions, open and closed. */
    trades: z.array(positionSchema),
  })
  .meta({ id: 'ChainWalletDetail' })
export type ChainWalletDetail = z.infer<typeof chainWalletDetailSchema>
export const chainWalletDetailResponseSchema = okEnvelope(chainWalletDetailSchema).meta({
  id: 'ChainWalletDetailResponse',
})
