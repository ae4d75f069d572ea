/**
 * The building blocks of the copy-trading API: markets, periods, a leader's statistics and card,
 * positions, copy settings and the refusal reasons the app translates. Amounts are decimal strings;
 * ratios are fractions (0.1 = 10 %); ids are strings.
 */
import { z } from 'zod'
import { COPY, FUTURES } from '#/app.config.ts'
import { decimalStringSchema } from './wallet.schemas.ts'
import { pairCodeSchema, signedDecimalStringSchema } from './market.schemas.ts'

export const COPY_BIZ = ['futures', 'spot'] as const
export const copyBizSchema = z
  .enum(COPY_BIZ)
  .meta({ id: 'CopyBiz', description: 'The market a leader trades: USDT-margined futures or spot.' })
export type CopyBiz = z.infer<typeof copyBizSchema>

export const STATS_PERIODS = ['7d', '30d', '90d', 'all'] as const
export const statsPeriodSchema = z.enum(STATS_PERIODS).meta({
  id: 'StatsPeriod',
  description:
    'The window of every figure, series and chart: 7d, 30d and 90d are the last 7, 30 or 90 UTC calendar days with today so far included (from 00:00 UTC of the day N − 1 days before today until now; a daily series has N points, today last); all is the whole history.',
})
export type StatsPeriod = z.infer<typeof statsPeriodSchema>

export const LEADER_SORTS = ['roi', 'pnl', 'copierPnl', 'aum', 'followers', 'winRate', 'drawdown', 'newest'] as const
export const leaderSortSchema = z.enum(LEADER_SORTS).meta({ id: 'LeaderSort' })

export const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,17}$/)
  .meta({ description: 'A numeric id as a string', example: '10000001' })
export const epochMsSchema = z.number().int().min(0)

export const leaderStatsSchema = z
  .object({
    period: statsPeriodSchema,
    roi: signedDecimalStringSchema.meta({ description: 'Time-weighted return, a fraction' }),
    pnl: signedDecimalStringSchema,
    winRate: decimalStringSchema.meta({
      description:
        'Counted trades of the period that won, over all its counted trades (a fraction). A win is a net result above 0: ' +
        'realized PnL minus trading fees plus funding. Counted: a closed position whose size (entry price × size closed) ' +
        `is at least ${COPY.minTradeEquityShare} of the leader’s equity when it opened, none of whose fills was against a ` +
        'linked account (its master or sub-accounts, a sub-account of the same master, its inviter or its invitees)',
    }),
    weightedWinRate: decimalStringSchema.meta({
      description:
        'The win rate weighted by size: the size (entry price × size closed, USDT) of the counted trades that won, over the size of all counted trades of the period (a fraction)',
    }),
    maxDrawdown: decimalStringSchema,
    sharpe: signedDecimalStringSchema,
    tradesPerWeek: decimalStringSchema.meta({
      description:
        'Counted trades (as the win rate counts them) of the period × 7 ÷ the days traded in it (from the later of the window start and the leader’s first record until now), never over less than a week: a new leader’s trades so far',
    }),
    avgHoldingMinutes: decimalStringSchema,
    preferredCoins: z.array(z.string()),
    aum: decimalStringSchema.meta({ description: 'USDT in active copies of this leader' }),
    followers: z.number().int().min(0).meta({ description: 'Every follower the leader ever had' }),
    copiers: z.number().int().min(0).meta({ description: 'Followers copying now' }),
    copierPnl: signedDecimalStringSchema.meta({
      description:
        'PnL of the copies of this leader in the period: equity at the end − equity at the start − money moved in or out, after profit share (realized and unrealized, fees and funding in)',
    }),
  })
  .meta({ id: 'LeaderStats' })
export type LeaderStats = z.infer<typeof leaderStatsSchema>

export const LEADER_STATUSES = ['open', 'paused', 'cancelled'] as const

export const leaderSummarySchema = z
  .object({
    leaderId: idSchema,
    kind: z.enum(['trader', 'wallet']),
    biz: copyBizSchema,
    nickname: z.string(),
    /** Null: show the default avatar. */
    avatar: z.string().nullable(),
    bio: z.string(),
    tags: z.array(z.string()),
    region: z.string(),
    status: z.enum(LEADER_STATUSES),
    profitShareRate: decimalStringSchema,
    maxFollowers: z.number().int(),
    minCopyAmount: decimalStringSchema,
    slotsLeft: z.number().int().min(0),
    acceptingCopiers: z.boolean().meta({
      description:
        "False while the leader's equity (USDT wallet, open margin and unrealized PnL at the marks) is below the minimum copy amount: no new copiers",
    }),
    createdAt: epochMsSchema,
    isNew: z.boolean().meta({
      description:
        'Less than a week of history (COPY.newLeaderDays): its figures rest on little, and its trades per week are its trades so far, not a weekly rate',
    }),
    stats: leaderStatsSchema,
    /** Cumulative ROI per day over the period, oldest first, for a sparkline. */
    sparkline: z.array(signedDecimalStringSchema),
  })
  .meta({ id: 'LeaderSummary' })
export type LeaderSummary = z.infer<typeof leaderSummarySchema>

/**
 * Why a position closed: its leader closed (a copy), its take profit or stop loss, its liquidation, its copy's stop loss
 * or end, its owner's order, or auto-deleveraging (`adl`: closed against a liquidation the insurance fund could not pay,
 * at that liquidation's bankruptcy price).
 */
export const CLOSE_REASONS = [
  'leader',
  'take-profit',
  'stop-loss',
  'liquidation',
  'copy-stop-loss',
  'cancel',
  'manual',
  'adl',
] as const
export type CloseReason = (typeof CLOSE_REASONS)[number]
/**
 * Why a copy did not follow a lead event (in full): its balance, the minimum order, a paused copy, a market the leader
 * does not share, the book (the block order of the followers ran out of depth, or met its slippage cap, before it
 * filled this copy's share), or the pair's leverage bracket (the copy's position would be larger than its leverage
 * allows: FUTURES.brackets).
 */
export const SKIP_REASONS = [
  'insufficient-balance',
  'below-minimum-size',
  'paused',
  'instrument-not-allowed',
  'depth',
  'slippage',
  'position-bracket',
] as const
export type SkipReason = (typeof SKIP_REASONS)[number]

export const positionSchema = z
  .object({
    positionId: idSchema,
    biz: copyBizSchema,
    pairCode: pairCodeSchema,
    side: z.enum(['long', 'short']),
    leverage: z.number().int().min(1),
    size: decimalStringSchema,
    entryPrice: decimalStringSchema,
    margin: decimalStringSchema,
    /** Open positions: the current mark and the PnL at it. */
    markPrice: decimalStringSchema.nullable(),
    unrealizedPnl: signedDecimalStringSchema.nullable(),
    /** Return on margin at the mark (open) or realized (closed), a fraction. */
    roe: signedDecimalStringSchema,
    takeProfitPrice: decimalStringSchema.nullable(),
    stopLossPrice: decimalStringSchema.nullable(),
    liquidationPrice: decimalStringSchema.nullable(),
    status: z.enum(['open', 'closed']),
    closedSize: decimalStringSchema,
    exitPrice: decimalStringSchema.nullable(),
    realizedPnl: signedDecimalStringSchema,
    fees: decimalStringSchema,
    funding: signedDecimalStringSchema,
    openedAt: epochMsSchema,
    closedAt: epochMsSchema.nullable(),
    closeReason: z.enum(CLOSE_REASONS).nullable(),
    /**
     * An open futures position's auto-deleveraging rank (Binance's lights): the quintile of its ADL score among the open
     * positions of its pair and side, 5 the first to be deleveraged; null for a spot or closed position.
     */
    adlQuantile: z.number().int().min(1).max(FUTURES.adlLights).nullable(),
  })
  .meta({ id: 'CopyPosition' })
export type CopyPosition = z.infer<typeof positionSchema>

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int().min(0), page: z.number().int(), pageSize: z.number().int() })

/** A fraction between 0 and `max` given as a decimal string ("0.1" = 10 %). */
export const fractionSchema = (max: string) =>
  decimalStringSchema.refine((value) => Number(value) <= Number(max), { error: `at most ${max}` })

export const copySettingsSchema = z
  .strictObject({
    mode: z.enum(['fixed', 'ratio']),
    /** Fixed mode: margin (USDT) per copied order. */
    fixedAmount: decimalStringSchema.nullable().default(null),
    /** Ratio mode: the leader's size × ratio. */
    ratio: decimalStringSchema.nullable().default(null),
    maxPerOrder: decimalStringSchema.nullable().default(null),
    leverageMode: z.enum(['follow', 'fixed']).default('follow'),
    fixedLeverage: z.number().int().min(1).max(125).nullable().default(null),
    takeProfitRatio: decimalStringSchema.nullable().default(null),
    stopLossRatio: fractionSchema('1').nullable().default(null),
    copyStopLossRatio: fractionSchema('1').nullable().default(null),
  })
  .meta({ id: 'CopySettings' })
export type CopySettingsInput = z.infer<typeof copySettingsSchema>
