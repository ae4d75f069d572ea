/**
 * The leader centre's forms as data: the values they hold (text, as typed), the codes their checks
 * answer, and the requests they send. Profit share is typed as a percent and sent as a fraction.
 */
import Decimal from 'decimal.js'
import { COPY } from '#/app.config.ts'
import {
  isDisplayName,
  LEADER_BIO_MAX,
  LEADER_NICKNAME,
  type CopyBiz,
  type ErrorReason,
  type LeaderApplyRequest,
  type LeaderInfoRequest,
  type LeaderSettingsRequest,
  type MyLeaderProfile,
} from '#/contract/index.ts'

/** A field's codes: the form's own checks, and the exchange's refusals that belong to one field. */
export const LEAD_FIELD_CODES = [
  'required',
  'share-range',
  'followers-range',
  'followers-below-current',
  'amount-range',
  'nickname-length',
  'nickname-invalid',
  'nickname-taken',
  'avatar-taken',
  'bio-length',
  'refused',
] as const
export type LeadFieldCode = (typeof LEAD_FIELD_CODES)[number]

export function isLeadFieldCode(value: unknown): value is LeadFieldCode {
  return LEAD_FIELD_CODES.some((code) => code === value)
}

/** The first code among a form field's errors. */
export function firstLeadCode(errors: readonly unknown[]): LeadFieldCode | undefined {
  return errors.find(isLeadFieldCode)
}

/** Decimals a profit share percent may have: 12.25 % is the fraction 0.1225. */
export const SHARE_PERCENT_DECIMALS = 2
/** Decimals of a USDT amount typed in a form. */
export const AMOUNT_DECIMALS = 2
export const MAX_SHARE_PERCENT = new Decimal(COPY.maxProfitShareRate).mul(100).toNumber()

/** A decimal typed by hand ('50.', '12.50') as the wire writes it ('50', '12.5'); undefined when it is no number. */
export function toDecimalString(typed: string): string | undefined {
  const trimmed = typed.trim().replace(/\.$/, '')
  if (!/^\d+(?:\.\d+)?$/.test(trimmed)) return undefined
  return new Decimal(trimmed).toFixed()
}

/** '12.5' (percent) → '0.125' (fraction). */
export function percentToFraction(percent: string): string | undefined {
  const plain = toDecimalString(percent)
  return plain === undefined ? undefined : new Decimal(plain).div(100).toFixed()
}

/** '0.125' (fraction) → '12.5' (percent), for the form to show. */
export function fractionToPercent(fraction: string): string {
  const plain = toDecimalString(fraction)
  return plain === undefined ? '' : new Decimal(plain).mul(100).toFixed()
}

export function validateSharePercent(value: string): LeadFieldCode | undefined {
  const plain = toDecimalString(value)
  if (plain === undefined) return 'required'
  return new Decimal(plain).gt(MAX_SHARE_PERCENT) ? 'share-range' : undefined
}

/** Between 1 and the platform limit, and not below the followers copying now. */
export function validateMaxFollowers(value: string, following = 0): LeadFieldCode | undefined {
  if (!/^\d+$/.test(value.trim())) return 'required'
  const n = Number(value)
  if (n < 1 || n > COPY.maxFollowersLimit) return 'followers-range'
  return n < following ? 'followers-below-current' : undefined
}

export function validateMinCopyAmount(value: string): LeadFieldCode | undefined {
  const plain = toDecimalString(value)
  if (plain === undefined) return 'required'
  const amount = new Decimal(plain)
  return amount.lt(COPY.minInvestmentUsdt) || amount.gt(COPY.maxInvestmentUsdt) ? 'amount-range' : undefined
}

/** Empty is allowed only where the nickname is optional (applying: the account's nickname then). */
export function validateNickname(value: string, { optional = false } = {}): LeadFieldCode | undefined {
  const nickname = value.trim()
  if (nickname === '' && optional) return undefined
  if (nickname.length < LEADER_NICKNAME.min || nickname.length > LEADER_NICKNAME.max) return 'nickname-length'
  // The exchange refuses hidden characters too; caught here, the field says why instead of the whole form failing.
  return isDisplayName(nickname) ? undefined : 'nickname-invalid'
}

export function validateBio(value: string): LeadFieldCode | undefined {
  return value.length > LEADER_BIO_MAX ? 'bio-length' : undefined
}

/** The copy terms as the forms hold them. */
export interface TermsValues {
  nickname: string
  sharePercent: string
  maxFollowers: string
  minCopyAmount: string
  status: 'open' | 'paused'
  /** Pair codes; none: every instrument. */
  instruments: string[]
}

export function defaultTerms(): TermsValues {
  return {
    nickname: '',
    sharePercent: fractionToPercent(COPY.defaultProfitShareRate),
    maxFollowers: String(COPY.defaultMaxFollowers),
    minCopyAmount: COPY.defaultMinCopyAmount,
    status: 'open',
    instruments: [],
  }
}

export function termsOf(profile: MyLeaderProfile): TermsValues {
  return {
    nickname: profile.nickname,
    sharePercent: fractionToPercent(profile.profitShareRate),
    maxFollowers: String(profile.maxFollowers),
    minCopyAmount: toDecimalString(profile.minCopyAmount) ?? profile.minCopyAmount,
    status: profile.status === 'paused' ? 'paused' : 'open',
    instruments: profile.instruments,
  }
}

/** Checked values only: the form validates before it builds a request. */
function termsRequest(values: TermsValues) {
  return {
    profitShareRate: percentToFraction(values.sharePercent) ?? COPY.defaultProfitShareRate,
    maxFollowers: Number(values.maxFollowers),
    minCopyAmount: toDecimalString(values.minCopyAmount) ?? COPY.defaultMinCopyAmount,
    instruments: values.instruments,
  }
}

export function applyRequest(values: TermsValues, biz: CopyBiz): LeaderApplyRequest {
  const nickname = values.nickname.trim()
  return { biz, ...(nickname ? { nickname } : {}), bio: '', tags: [], ...termsRequest(values) }
}

export function settingsRequest(values: TermsValues): LeaderSettingsRequest {
  return { ...termsRequest(values), status: values.status }
}

/** The profile as the info form holds it. */
export interface InfoValues {
  nickname: string
  bio: string
  tags: string[]
  /** Null: the default avatar. */
  avatar: string | null
}

export function infoOf(profile: MyLeaderProfile): InfoValues {
  return { nickname: profile.nickname, bio: profile.bio, tags: profile.tags, avatar: profile.avatar }
}

export function infoRequest(values: InfoValues): LeaderInfoRequest {
  return { nickname: values.nickname.trim(), bio: values.bio.trim(), tags: values.tags, avatar: values.avatar }
}

/** The form fields the exchange's refused paths ('profitShareRate', 'tags.1') belong to. */
const FIELD_OF_PATH: Record<string, keyof TermsValues | keyof InfoValues> = {
  nickname: 'nickname',
  bio: 'bio',
  tags: 'tags',
  avatar: 'avatar',
  profitShareRate: 'sharePercent',
  maxFollowers: 'maxFollowers',
  minCopyAmount: 'minCopyAmount',
  status: 'status',
  instruments: 'instruments',
}

export function refusedFields(paths: readonly string[]): string[] {
  return paths.flatMap((path) => {
    const field = FIELD_OF_PATH[path.split('.')[0] ?? '']
    return field ? [field] : []
  })
}

/** The refusals shown on a form's fields, by field name. */
export type FieldRefusals = Partial<Record<string, LeadFieldCode>>

/** The refusals left once a field has been changed: its own is answered. */
export function withoutRefusal(refusals: FieldRefusals, field: string): FieldRefusals {
  return Object.fromEntries(Object.entries(refusals).filter(([name]) => name !== field))
}

/** Refusals about one field's value, whatever the exchange lists in `fields`: the code its field shows. */
const FIELD_REFUSALS: Partial<Record<ErrorReason, { field: keyof InfoValues; code: LeadFieldCode }>> = {
  'nickname-taken': { field: 'nickname', code: 'nickname-taken' },
  'nickname-invalid': { field: 'nickname', code: 'nickname-invalid' },
  'avatar-taken': { field: 'avatar', code: 'avatar-taken' },
}

/** A refusal as the code each refused form field shows: its own reason where it has one, else 'refused'. */
export function refusalCodes(reason: ErrorReason | 'network', paths: readonly string[]): FieldRefusals {
  const own = reason === 'network' ? undefined : FIELD_REFUSALS[reason]
  if (own) return { [own.field]: own.code }
  return Object.fromEntries(refusedFields(paths).map((field): [string, LeadFieldCode] => [field, 'refused']))
}
