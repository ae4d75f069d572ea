/**
 * The follower's side of copy trading: following a leader (and a chain wallet), the settings echo
 * and its edits, cancelling, closing a kept position, watches and votes, and the follower's own
 * records: copy accounts with their totals, one copy's detail, follow history and profit.
 */
import { z } from 'zod'
import {
  copySettingsSchema,
  epochMsSchema,
  idSchema,
  pageOf,
  pageQuerySchema,
  positionSchema,
  SKIP_REASONS,
} from './copy-common.schemas.ts'
import { okEnvelope } from './envelope.schemas.ts'
import { pairCodeSchema, signedDecimalStringSchema } from './market.schemas.ts'
import { decimalStringSchema } from './wallet.schemas.ts'

export const COPY_STATUSES = ['active', 'paused', 'cancelled'] as const
/** Why a copy ended: the follower cancelled, the leader removed them or stopped leading, or the copy stop loss hit. */
export const COPY_END_REASONS = ['cancel', 'removed', 'leader-cancelled', 'copy-stop-loss'] as const

const settings = copySettingsSchema.shape

export const followRequestSchema = copySettingsSchema
  .extend({
    leaderId: idSchema,
    investment: decimalStringSchema.meta({ description: 'USDT moved from the wallet into the copy' }),
  })
  .meta({ id: 'FollowRequest' })
export type FollowRequest = z.infer<typeof followRequestSchema>

/** Chain copy: fixed mode only; the wallet's leader shares no profit. */
export const chainFollowRequestSchema = z
  .strictObject({
    fixedAmount: decimalStringSchema,
    investment: decimalStringSchema,
    maxPerOrder: settings.maxPerOrder,
    takeProfitRatio: settings.takeProfitRatio,
    stopLossRatio: settings.stopLossRatio,
    copyStopLossRatio: settings.copyStopLossRatio,
  })
  .meta({ id: 'ChainFollowRequest' })
export type ChainFollowRequest = z.infer<typeof chainFollowRequestSchema>

/** Every field optional: what is sent changes, the rest stays. `investment` is the new total. */
export const copySettingsUpdateSchema = z
  .strictObject({
    mode: settings.mode.optional(),
    fixedAmount: settings.fixedAmount.unwrap().optional(),
    ratio: settings.ratio.unwrap().optional(),
    maxPerOrder: settings.maxPerOrder.unwrap().optional(),
    leverageMode: settings.leverageMode.unwrap().optional(),
    fixedLeverage: settings.fixedLeverage.unwrap().optional(),
    takeProfitRatio: settings.takeProfitRatio.unwrap().optional(),
    stopLossRatio: settings.stopLossRatio.unwrap().optional(),
    copyStopLossRatio: settings.copyStopLossRatio.unwrap().optional(),
    investment: decimalStringSchema
      .optional()
      .meta({ description: 'The new total investment; the difference moves between wallet and copy' }),
    status: z
      .enum(['active', 'paused'])
      .optional()
      .meta({ description: 'paused: no new copied positions; closes still mirror' }),
  })
  .meta({ id: 'CopySettingsUpdate' })
export type CopySettingsUpdate = z.infer<typeof copySettingsUpdateSchema>

/** A copy's settings exactly as set, with its investment, free balance and status. */
export const copyFollowSchema = z
  .object({
    copyId: idSchema,
    leaderId: idSchema,
    status: z.enum(COPY_STATUSES),
    mode: z.enum(['fixed', 'ratio']),
    fixedAmount: decimalStringSchema.nullable(),
    ratio: decimalStringSchema.nullable(),
    maxPerOrder: decimalStringSchema.nullable(),
    leverageMode: z.enum(['follow', 'fixed']),
    fixedLeverage: z.number().int().nullable(),
    takeProfitRatio: decimalStringSchema.nullable(),
    stopLossRatio: decimalStringSchema.nullable(),
    copyStopLossRatio: decimalStringSchema.nullable(),
    investment: signedDecimalStringSchema,
    balance: decimalStringSchema,
    createdAt: epochMsSchema,
  })
  .meta({ id: 'CopyFollow' })
export type CopyFollow = z.infer<typeof copyFollowSchema>
export const copyFollowResponseSchema = okEnvelope(copyFollowSchema).meta({ id: 'CopyFollowResponse' })

const totals = {
  investment: signedDecimalStringSchema.meta({ description: 'Net USDT moved in from the wallet' }),
  balance: decimalStringSchema.meta({ description: 'Free balance of the copy account' }),
  margin: decimalStringSchema.meta({ description: 'Margin in open positions' }),
  unrealizedPnl: signedDecimalStringSchema.meta({ description: 'Of open positions at the marks' }),
  realizedPnl: signedDecimalStringSchema.meta({
    description:
      'Over the copy’s positions, fees and funding in: realized PnL − fees + funding, each part booked when it happens (a partial close at once)',
  }),
  profitSharePaid: decimalStringSchema,
  net: signedDecimalStringSchema.meta({ description: 'realizedPnl + unrealizedPnl − profitSharePaid' }),
  roi: signedDecimalStringSchema.meta({
    description:
      'Time-weighted return since the copy began, a fraction: unit value now ÷ unit value at the start − 1, so money put in or taken out never moves it; after fees, funding and profit share paid, like net. Totals: the copies’ ROIs weighted by their equity now',
  }),
}

export const copyTotalsSchema = z.object(totals).meta({ id: 'CopyTotals' })
export type CopyTotals = z.infer<typeof copyTotalsSchema>

export const copyAccountSchema = z
  .object({
    copyId: idSchema,
    leaderId: idSchema,
    nickname: z.string(),
    avatar: z.string().nullable(),
    status: z.enum(COPY_STATUSES),
    profitShareRate: decimalStringSchema.meta({
      description:
        'The profit-share rate this copy pays, a fraction: agreed when it began; a lower rate the leader sets applies at once, a higher one only to new copies',
    }),
    ...totals,
    openPositions: z.number().int().min(0),
    createdAt: epochMsSchema,
    endedAt: epochMsSchema.nullable(),
    endReason: z.enum(COPY_END_REASONS).nullable(),
  })
  .meta({ id: 'CopyAccount' })
export type CopyAccount = z.infer<typeof copyAccountSchema>

/** A copy on the follower's list, with what they should know of its leader. */
export const myCopiesItemSchema = copyAccountSchema
  .extend({
    leaderAcceptingCopiers: z.boolean().meta({
      description:
        "False while the leader's equity is below the minimum copy amount: the leader takes no new copiers and may not be trading",
    }),
  })
  .meta({ id: 'MyCopiesItem' })
export type MyCopiesItem = z.infer<typeof myCopiesItemSchema>

export const myCopiesSchema = z
  .object({ list: z.array(myCopiesItemSchema), totals: copyTotalsSchema })
  .meta({ id: 'MyCopies' })
export type MyCopies = z.infer<typeof myCopiesSchema>
export const myCopiesResponseSchema = okEnvelope(myCopiesSchema).meta({ id: 'MyCopiesResponse' })

export const copyProfitShareSchema = z
  .object({
    copyId: idSchema,
    leaderId: idSchema,
    periodEnd: epochMsSchema,
    rate: decimalStringSchema,
    netProfit: signedDecimalStringSchema.meta({ description: 'The copy’s cumulative net profit at settlement' }),
    highWaterMarkBefore: signedDecimalStringSchema,
    share: decimalStringSchema,
  })
  .meta({ id: 'CopyProfitShare' })
export type CopyProfitShare = z.infer<typeof copyProfitShareSchema>

// A union rather than .nullable(): the OpenAPI generator renders a nullable reference as an allOf that no null matches.
export const copyCancelSchema = z
  .object({ copy: copyAccountSchema, profitShare: z.union([copyProfitShareSchema, z.null()]) })
  .meta({ id: 'CopyCancel' })
export type CopyCancel = z.infer<typeof copyCancelSchema>
export const copyCancelResponseSchema = okEnvelope(copyCancelSchema).meta({ id: 'CopyCancelResponse' })

export const cancelCopyQuerySchema = z.object({
  closePositions: z
    .enum(['true', 'false'])
    .default('true')
    .meta({ description: 'true: close the copy’s positions at the marks; false: keep them, unmanaged' }),
})

export const copySkipSchema = z
  .object({ pairCode: pairCodeSchema, reason: z.enum(SKIP_REASONS), createdAt: epochMsSchema })
  .meta({ id: 'CopySkip' })
export type CopySkip = z.infer<typeof copySkipSchema>

export const myCopyDetailSchema = z
  .object({
    account: copyAccountSchema,
    settings: copyFollowSchema,
    openPositions: z.array(positionSchema),
    history: pageOf(positionSchema),
    /** The newest 50. */
    skipped: z.array(copySkipSchema),
    profitShares: z.array(copyProfitShareSchema),
  })
  .meta({ id: 'MyCopyDetail' })
export type MyCopyDetail = z.infer<typeof myCopyDetailSchema>
export const myCopyDetailResponseSchema = okEnvelope(myCopyDetailSchema).meta({ id: 'MyCopyDetailResponse' })
export const myCopyDetailQuerySchema = pageQuerySchema

export const followHistoryItemSchema = z
  .object({
    copyId: idSchema,
    leaderId: idSchema,
    nickname: z.string(),
    avatar: z.string().nullable(),
    since: epochMsSchema,
    until: epochMsSchema,
    endReason: z.enum(COPY_END_REASONS).nullable(),
    investment: signedDecimalStringSchema,
    realizedPnl: signedDecimalStringSchema,
    profitSharePaid: decimalStringSchema,
    net: signedDecimalStringSchema.meta({ description: 'realizedPnl − profitSharePaid' }),
  })
  .meta({ id: 'FollowHistoryItem' })
export type FollowHistoryItem = z.infer<typeof followHistoryItemSchema>
export const followHistoryResponseSchema = okEnvelope(pageOf(followHistoryItemSchema)).meta({
  id: 'FollowHistoryResponse',
})

const realizedTotals = {
  realizedPnl: signedDecimalStringSchema,
  profitSharePaid: decimalStringSchema,
  net: signedDecimalStringSchema.meta({ description: 'realizedPnl − profitSharePaid' }),
}

export const followProfitItemSchema = z
  .object({
    copyId: idSchema,
    leaderId: idSchema,
    nickname: z.string(),
    avatar: z.string().nullable(),
    status: z.enum(COPY_STATUSES),
    ...realizedTotals,
  })
  .meta({ id: 'FollowProfitItem' })
export type FollowProfitItem = z.infer<typeof followProfitItemSchema>
export const followProfitSchema = z
  .object({ list: z.array(followProfitItemSchema), totals: z.object(realizedTotals) })
  .meta({ id: 'FollowProfit' })
export type FollowProfit = z.infer<typeof followProfitSchema>
export const followProfitResponseSchema = okEnvelope(followProfitSchema).meta({ id: 'FollowProfitResponse' })

export const profitDaySchema = z
  .object({
    day: z.iso.date(),
    realizedPnl: signedDecimalStringSchema.meta({
      description:
        'Booked that UTC day over copied positions, fees and funding in: realized PnL of closes and partial closes − fees + funding',
    }),
  })
  .meta({ id: 'ProfitDay' })
export const userProfitSchema = z
  .object({
    realizedPnl: signedDecimalStringSchema.meta({
      description: 'Over every copied position, fees and funding in: the sum of the daily figures over all days',
    }),
    unrealizedPnl: signedDecimalStringSchema,
    profitSharePaid: decimalStringSchema,
    net: signedDecimalStringSchema.meta({ description: 'realizedPnl + unrealizedPnl − profitSharePaid' }),
    /** The last 30 UTC days, oldest first, today last. */
    daily: z.array(profitDaySchema),
  })
  .meta({ id: 'UserProfit' })
export type UserProfit = z.infer<typeof userProfitSchema>
export const userProfitResponseSchema = okEnvelope(userProfitSchema).meta({ id: 'UserProfitResponse' })

export const copyPositionResponseSchema = okEnvelope(positionSchema).meta({ id: 'CopyPositionResponse' })
export const positionPathSchema = z.object({ positionId: idSchema })

export const watchSchema = z.object({ leaderId: idSchema, watching: z.boolean() }).meta({ id: 'LeaderWatch' })
export const watchResponseSchema = okEnvelope(watchSchema).meta({ id: 'LeaderWatchResponse' })

export const voteValueSchema = z.union([z.literal(1), z.literal(-1), z.literal(0)])
export const voteRequestSchema = z
  .strictObject({ vote: voteValueSchema.meta({ description: '1 like, -1 dislike, 0 remove my vote' }) })
  .meta({ id: 'LeaderVoteRequest' })
export const voteSchema = z
  .object({ likes: z.number().int().min(0), dislikes: z.number().int().min(0), myVote: voteValueSchema })
  .meta({ id: 'LeaderVote' })
export type LeaderVote = z.infer<typeof voteSchema>
export const voteResponseSchema = okEnvelope(voteSchema).meta({ id: 'LeaderVoteResponse' })
