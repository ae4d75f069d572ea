/**
 * The signed-in user as a leader: the checklist to lead, applying, settings and profile, the
 * leader's own followers, the leader's trades (mirrored to every copy) and profit-share records.
 * Amounts are decimal strings, ratios fractions, ids strings, times epoch milliseconds.
 */
import { z } from 'zod'
import { COPY } from '#/app.config.ts'
import {
  copyBizSchema,
  epochMsSchema,
  fractionSchema,
  idSchema,
  LEADER_STATUSES,
  pageOf,
  positionSchema,
} from './copy-common.schemas.ts'
import { FUTURES_UNITS, futuresUnitOf } from './futures-units.ts'
import { okEnvelope } from './envelope.schemas.ts'
import { pairCodeSchema, signedDecimalStringSchema } from './market.schemas.ts'
import { displayName, multiLine } from './text.schemas.ts'
import { decimalStringSchema } from './wallet.schemas.ts'

export const LEADER_REQUIREMENT_KEYS = ['not-copying', 'min-balance', 'no-open-positions'] as const
export const leaderRequirementKeySchema = z.enum(LEADER_REQUIREMENT_KEYS).meta({ id: 'LeaderRequirementKey' })
export type LeaderRequirementKey = z.infer<typeof leaderRequirementKeySchema>

/** Tags a leader shows on the card, at most this many. */
export const LEADER_MAX_TAGS = 3
export const LEADER_NICKNAME = { min: 2, max: 20 } as const
export const LEADER_BIO_MAX = 200
/**
 * Avatars are files of the site's /avatars folder. Those at its top are the simulated leaders' own
 * faces, one leader each; the presets (/avatars/presets/) are shared: any number of leaders may show one.
 */
export const LEADER_AVATAR_PATH = /^\/avatars\/[a-z0-9-]+\.svg$/
export const PRESET_AVATAR_FOLDER = '/avatars/presets/'
/** The files of public/avatars/presets (a test keeps this list in step with the folder). */
export const PRESET_AVATAR_NAMES = [
  'sunrise',
  'waves',
  'peaks',
  'orbit',
  'prism',
  'bars',
  'compass',
  'bloom',
  'pulse',
  'dots',
  'arrow',
  'moon',
] as const
export type PresetAvatarName = (typeof PRESET_AVATAR_NAMES)[number]
export const presetAvatarPath = (name: PresetAvatarName): string => `${PRESET_AVATAR_FOLDER}${name}.svg`
export const PRESET_AVATARS: readonly string[] = PRESET_AVATAR_NAMES.map(presetAvatarPath)

export function isPresetAvatar(path: string): boolean {
  return PRESET_AVATARS.includes(path)
}

const amountSchema = decimalStringSchema.max(40)
const tagSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,30}$/)
  .meta({ description: 'A tag key the app translates (steady, low-drawdown, …)' })
/**
 * Unique among leaders ignoring letter case and compatibility forms (409 'nickname-taken'); hidden characters are
 * 'nickname-invalid'.
 */
const nicknameSchema = displayName(LEADER_NICKNAME.min, LEADER_NICKNAME.max)
const bioSchema = multiLine(0, LEADER_BIO_MAX)
const tagsSchema = z
  .array(tagSchema)
  .max(LEADER_MAX_TAGS)
  .refine((tags) => new Set(tags).size === tags.length, { error: 'tags repeat' })
const instrumentsSchema = z
  .array(pairCodeSchema)
  .max(100)
  .meta({ description: 'Pair codes followers copy; empty: every instrument' })
const rateSchema = fractionSchema(COPY.maxProfitShareRate)
  .max(12)
  .meta({ description: `Share of followers' profit, 0 to ${COPY.maxProfitShareRate}` })
const maxFollowersSchema = z.number().int().min(1).max(COPY.maxFollowersLimit)
const minCopyAmountSchema = amountSchema
  .refine(
    (value) => Number(value) >= Number(COPY.minInvestmentUsdt) && Number(value) <= Number(COPY.maxInvestmentUsdt),
    {
      error: `between ${COPY.minInvestmentUsdt} and ${COPY.maxInvestmentUsdt}`,
    },
  )
  .meta({ description: `USDT, at least ${COPY.minInvestmentUsdt}` })
const leaderStatusSchema = z.enum(LEADER_STATUSES)

export const leaderRequirementsQuerySchema = z.object({ biz: copyBizSchema.default('futures') })

export const leaderRequirementSchema = z
  .object({
    key: leaderRequirementKeySchema,
    met: z.boolean(),
    current: z.string().optional(),
    required: z.string().optional(),
  })
  .meta({ id: 'LeaderRequirement' })

export const leaderRequirementsSchema = z
  .object({
    biz: copyBizSchema,
    eligible: z.boolean(),
    isLeader: z.boolean(),
    /** The caller's leader row, when there is one (a cancelled leader may apply again). */
    leaderStatus: leaderStatusSchema.nullable(),
    requirements: z.array(leaderRequirementSchema),
  })
  .meta({ id: 'LeaderRequirements' })
export const leaderRequirementsResponseSchema = okEnvelope(leaderRequirementsSchema).meta({
  id: 'LeaderRequirementsResponse',
})

export const leaderApplyRequestSchema = z
  .strictObject({
    biz: copyBizSchema,
    /** Default: the user's nickname. */
    nickname: nicknameSchema.optional(),
    bio: bioSchema.default(''),
    profitShareRate: rateSchema.default(COPY.defaultProfitShareRate),
    maxFollowers: maxFollowersSchema.default(COPY.defaultMaxFollowers),
    minCopyAmount: minCopyAmountSchema.default(COPY.defaultMinCopyAmount),
    tags: tagsSchema.default([]),
    instruments: instrumentsSchema.default([]),
  })
  .meta({ id: 'LeaderApplyRequest' })
export type LeaderApplyRequest = z.infer<typeof leaderApplyRequestSchema>

/** The caller's own leader profile and terms. */
export const myLeaderProfileSchema = z
  .object({
    leaderId: idSchema,
    biz: copyBizSchema,
    nickname: z.string(),
    avatar: z.string().nullable(),
    bio: z.string(),
    tags: z.array(z.string()),
    status: leaderStatusSchema,
    profitShareRate: decimalStringSchema,
    maxFollowers: z.number().int(),
    minCopyAmount: decimalStringSchema,
    instruments: z.array(z.string()),
    /** Copies now (active and paused). */
    followers: z.number().int().min(0),
    createdAt: epochMsSchema,
  })
  .meta({ id: 'MyLeaderProfile' })
export type MyLeaderProfile = z.infer<typeof myLeaderProfileSchema>
export const myLeaderProfileResponseSchema = okEnvelope(myLeaderProfileSchema).meta({ id: 'MyLeaderProfileResponse' })

export const leaderSettingsRequestSchema = z
  .strictObject({
    profitShareRate: rateSchema.optional(),
    maxFollowers: maxFollowersSchema.optional(),
    minCopyAmount: minCopyAmountSchema.optional(),
    status: z.enum(['open', 'paused']).optional(),
    instruments: instrumentsSchema.optional(),
  })
  .meta({ id: 'LeaderSettingsRequest' })
export type LeaderSettingsRequest = z.infer<typeof leaderSettingsRequestSchema>

export const leaderInfoRequestSchema = z
  .strictObject({
    nickname: nicknameSchema.optional(),
    bio: bioSchema.optional(),
    tags: tagsSchema.optional(),
    avatar: z
      .string()
      .refine((path) => LEADER_AVATAR_PATH.test(path) || isPresetAvatar(path), {
        error: 'expected /avatars/<name>.svg or a preset',
      })
      .nullable()
      .optional()
      .meta({
        description: `'/avatars/<name>.svg' (one leader each), a shared preset (${PRESET_AVATAR_FOLDER}<name>.svg: ${PRESET_AVATAR_NAMES.join(', ')}), or null for the default avatar`,
      }),
  })
  .meta({ id: 'LeaderInfoRequest' })
export type LeaderInfoRequest = z.infer<typeof leaderInfoRequestSchema>

export const leaderCancelSchema = z.object({ endedCopies: z.number().int().min(0) }).meta({ id: 'LeaderCancel' })
export const leaderCancelResponseSchema = okEnvelope(leaderCancelSchema).meta({ id: 'LeaderCancelResponse' })

/** A follower as the leader sees them. */
export const myFollowerSchema = z
  .object({
    copyId: idSchema,
    /** Masked: first and last character only. */
    follower: z.string(),
    since: epochMsSchema,
    investment: decimalStringSchema,
    mode: z.enum(['fixed', 'ratio']),
    status: z.enum(['active', 'paused', 'cancelled']),
    /** Realized PnL of the copy's positions net of fees and funding. */
    realizedPnl: signedDecimalStringSchema,
    /** Profit share this copy paid to the leader. */
    profitSharePaid: decimalStringSchema,
  })
  .meta({ id: 'MyFollower' })
export type MyFollower = z.infer<typeof myFollowerSchema>
export const myFollowerPageResponseSchema = okEnvelope(pageOf(myFollowerSchema)).meta({ id: 'MyFollowerPageResponse' })
export const myFollowerResponseSchema = okEnvelope(myFollowerSchema).meta({ id: 'MyFollowerResponse' })
export const leaderCopyIdParamsSchema = z.object({ copyId: idSchema })
export const leaderPositionIdParamsSchema = z.object({ positionId: idSchema })

/** The caller's own key for an order: the same key again is a replay and changes nothing. */
export const leaderClientOrderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)

export const leaderOrderRequestSchema = z
  .strictObject({
    clientOrderId: leaderClientOrderIdSchema,
    pairCode: pairCodeSchema,
    /** Spot: long only. */
    side: z.enum(['long', 'short']),
    /**
     * In `sizeUnit`. Coin (the default): a multiple of the instrument's lot size. Contracts, USDT value or margin
     * (futures only): converted to the largest coin size on the lot that it covers at the mark (futures-units.ts).
     */
    size: amountSchema,
    /** The futures unit of `size` (§3): coin = 0, sheet = 1 (contracts), bi = 2 (USDT value), margin = 3 (USDT). */
    sizeUnit: z
      .number()
      .int()
      .refine((code) => futuresUnitOf(code) !== undefined, { error: 'one of 0 (coin), 1 (sheet), 2 (bi), 3 (margin)' })
      .default(FUTURES_UNITS.coin),
    /** 1 up to the instrument's maximum; always 1 on spot. */
    leverage: z.number().int().min(1).max(COPY.maxLeverage).default(1),
  })
  .meta({ id: 'LeaderOrderRequest' })
export type LeaderOrderRequest = z.infer<typeof leaderOrderRequestSchema>

export const leaderAddRequestSchema = z
  .strictObject({ clientOrderId: leaderClientOrderIdSchema, size: amountSchema })
  .meta({ id: 'LeaderAddRequest' })
export type LeaderAddRequest = z.infer<typeof leaderAddRequestSchema>
/** Without size: the whole position. */
export const leaderCloseRequestSchema = z
  .strictObject({ clientOrderId: leaderClientOrderIdSchema, size: amountSchema.optional() })
  .meta({ id: 'LeaderCloseRequest' })
export type LeaderCloseRequest = z.infer<typeof leaderCloseRequestSchema>

export const leaderTradeSchema = z
  .object({
    position: positionSchema,
    /** Copies that followed this trade, and those that could not (see their skipped list). */
    copied: z.number().int().min(0),
    skipped: z.number().int().min(0),
    /** True when this clientOrderId was seen before: nothing changed. */
    replayed: z.boolean(),
  })
  .meta({ id: 'LeaderTrade' })
export type LeaderTrade = z.infer<typeof leaderTradeSchema>
export const leaderTradeResponseSchema = okEnvelope(leaderTradeSchema).meta({ id: 'LeaderTradeResponse' })

export const leaderProfitSettlementSchema = z
  .object({
    copyId: idSchema,
    follower: z.string(),
    periodEnd: epochMsSchema,
    rate: decimalStringSchema,
    share: decimalStringSchema,
  })
  .meta({ id: 'LeaderProfitSettlement' })

export const leaderProfitShareSchema = z
  .object({
    /** Shares received by UTC day of settlement. */
    today: decimalStringSchema,
    yesterday: decimalStringSchema,
    last7d: decimalStringSchema,
    accumulated: decimalStringSchema,
    /** What the live copies would pay if settled now: Σ max(0, net profit − high-water mark) × rate. */
    pendingEstimate: decimalStringSchema,
    settlements: pageOf(leaderProfitSettlementSchema),
  })
  .meta({ id: 'LeaderProfitShare' })
export type LeaderProfitShare = z.infer<typeof leaderProfitShareSchema>
export const leaderProfitShareResponseSchema = okEnvelope(leaderProfitShareSchema).meta({
  id: 'LeaderProfitShareResponse',
})

export const leaderProfitShareDetailSchema = z
  .object({
    copyId: idSchema,
    follower: z.string(),
    status: z.enum(['active', 'paused', 'cancelled']),
    /** Cumulative net profit of a live copy; null once the copy ended. */
    netProfit: signedDecimalStringSchema.nullable(),
    highWaterMark: signedDecimalStringSchema,
    rate: decimalStringSchema,
    sharePaid: decimalStringSchema,
    lastSettlement: z.object({ periodEnd: epochMsSchema, share: decimalStringSchema }).nullable(),
  })
  .meta({ id: 'LeaderProfitShareDetail' })
export type LeaderProfitShareDetail = z.infer<typeof leaderProfitShareDetailSchema>
export const leaderProfitShareDetailPageResponseSchema = okEnvelope(pageOf(leaderProfitShareDetailSchema)).meta({
  id: 'LeaderProfitShareDetailPageResponse',
})

export const myLeaderCentreSchema = z
  .object({
    isLeader: z.boolean(),
    status: leaderStatusSchema.nullable(),
    biz: z.union([copyBizSchema, z.null()]),
    nickname: z.string().nullable(),
    avatar: z.string().nullable(),
    /** Copies now (active and paused). */
    followers: z.number().int().min(0),
    /** USDT in the live copies: free balances plus open margins. */
    aum: decimalStringSchema,
    profitShareAccumulated: decimalStringSchema,
    profitShareToday: decimalStringSchema,
  })
  .meta({ id: 'MyLeaderCentre' })
export type MyLeaderCentre = z.infer<typeof myLeaderCentreSchema>
export const myLeaderCentreResponseSchema = okEnvelope(myLeaderCentreSchema).meta({ id: 'MyLeaderCentreResponse' })
