import { describe, expect, it } from 'vitest'
import {
  leaderApplyRequestSchema,
  leaderInfoRequestSchema,
  leaderSettingsRequestSchema,
  PRESET_AVATARS,
  type MyLeaderProfile,
} from '#/contract/index.ts'
import {
  applyRequest,
  defaultTerms,
  fractionToPercent,
  infoOf,
  infoRequest,
  percentToFraction,
  refusalCodes,
  refusedFields,
  settingsRequest,
  termsOf,
  toDecimalString,
  validateBio,
  validateMaxFollowers,
  validateMinCopyAmount,
  validateNickname,
  validateSharePercent,
  withoutRefusal,
} from './lead-form.ts'

const profile: MyLeaderProfile = {
  leaderId: '42',
  biz: 'futures',
  nickname: 'Steady Eddie',
  avatar: '/avatars/grid-zen.svg',
  bio: 'Trend trades only.',
  tags: ['steady'],
  status: 'paused',
  profitShareRate: '0.125',
  maxFollowers: 20,
  minCopyAmount: '25',
  instruments: ['BTC_USDT'],
  followers: 3,
  createdAt: 0,
}

describe('percent and fraction', () => {
  it('sends a typed percent as a fraction, exactly', () => {
    expect(percentToFraction('10')).toBe('0.1')
    expect(percentToFraction('12.5')).toBe('0.125')
    expect(percentToFraction('0.01')).toBe('0.0001')
    expect(percentToFraction('30')).toBe('0.3')
    expect(percentToFraction('0')).toBe('0')
    expect(percentToFraction('7.')).toBe('0.07')
    expect(percentToFraction('')).toBeUndefined()
    expect(percentToFraction('abc')).toBeUndefined()
  })

  it('shows a fraction as a percent, and back again unchanged', () => {
    expect(fractionToPercent('0.1')).toBe('10')
    expect(fractionToPercent('0.1225')).toBe('12.25')
    expect(fractionToPercent('0')).toBe('0')
    for (const fraction of ['0.1', '0.3', '0.05', '0.1234'])
      expect(percentToFraction(fractionToPercent(fraction))).toBe(fraction)
  })

  it('writes typed decimals as the wire does', () => {
    expect(toDecimalString('050')).toBe('50')
    expect(toDecimalString('50.')).toBe('50')
    expect(toDecimalString('12.50')).toBe('12.5')
    expect(toDecimalString(' 3 ')).toBe('3')
    expect(toDecimalString('-1')).toBeUndefined()
  })
})

describe('checks', () => {
  it('profit share: a number up to the maximum', () => {
    expect(validateSharePercent('')).toBe('required')
    expect(validateSharePercent('30')).toBeUndefined()
    expect(validateSharePercent('30.01')).toBe('share-range')
    expect(validateSharePercent('0')).toBeUndefined()
  })

  it('max followers: whole, in range, not below those copying now', () => {
    expect(validateMaxFollowers('')).toBe('required')
    expect(validateMaxFollowers('0')).toBe('followers-range')
    expect(validateMaxFollowers('10001')).toBe('followers-range')
    expect(validateMaxFollowers('2', 3)).toBe('followers-below-current')
    expect(validateMaxFollowers('3', 3)).toBeUndefined()
  })

  it('minimum copy amount: within the investment bounds', () => {
    expect(validateMinCopyAmount('')).toBe('required')
    expect(validateMinCopyAmount('9.99')).toBe('amount-range')
    expect(validateMinCopyAmount('10')).toBeUndefined()
    expect(validateMinCopyAmount('10000001')).toBe('amount-range')
  })

  it('nickname and bio lengths', () => {
    expect(validateNickname('', { optional: true })).toBeUndefined()
    expect(validateNickname('')).toBe('nickname-length')
    expect(validateNickname(' a ')).toBe('nickname-length')
    expect(validateNickname('Ed')).toBeUndefined()
    expect(validateNickname('x'.repeat(21))).toBe('nickname-length')
    // Hidden characters are the exchange's 'nickname-invalid': said on the field before sending.
    expect(validateNickname('Ed\u200B')).toBe('nickname-invalid')
    expect(validateNickname('A\u202Egnol')).toBe('nickname-invalid')
    expect(validateNickname('\u3164\u3164')).toBe('nickname-invalid')
    expect(validateBio('x'.repeat(200))).toBeUndefined()
    expect(validateBio('x'.repeat(201))).toBe('bio-length')
  })
})

describe('requests', () => {
  it('the default terms apply as the contract expects', () => {
    const request = applyRequest(defaultTerms(), 'spot')
    expect(request).toMatchObject({
      biz: 'spot',
      profitShareRate: '0.1',
      maxFollowers: 100,
      minCopyAmount: '50',
      instruments: [],
    })
    expect(request).not.toHaveProperty('nickname')
    expect(leaderApplyRequestSchema.safeParse(request).success).toBe(true)
  })

  it('a profile round-trips through the settings form', () => {
    const values = termsOf(profile)
    expect(values).toMatchObject({
      sharePercent: '12.5',
      maxFollowers: '20',
      minCopyAmount: '25',
      status: 'paused',
      instruments: ['BTC_USDT'],
    })
    const request = settingsRequest({ ...values, sharePercent: '15.5', minCopyAmount: '30.' })
    expect(request).toEqual({
      profitShareRate: '0.155',
      maxFollowers: 20,
      minCopyAmount: '30',
      instruments: ['BTC_USDT'],
      status: 'paused',
    })
    expect(leaderSettingsRequestSchema.safeParse(request).success).toBe(true)
  })

  it('the info form trims what was typed and keeps the default avatar as null', () => {
    const request = infoRequest({ ...infoOf(profile), nickname: '  New Name ', avatar: null })
    expect(request).toEqual({ nickname: 'New Name', bio: 'Trend trades only.', tags: ['steady'], avatar: null })
    expect(leaderInfoRequestSchema.safeParse(request).success).toBe(true)
  })

  it('maps refused paths to the form fields', () => {
    expect(refusedFields(['profitShareRate', 'tags.1', 'unknown'])).toEqual(['sharePercent', 'tags'])
  })

  it("puts the exchange's refusal of a field's value on that field, with its own reason", () => {
    expect(refusalCodes('nickname-taken', [])).toEqual({ nickname: 'nickname-taken' })
    expect(refusalCodes('nickname-invalid', ['nickname'])).toEqual({ nickname: 'nickname-invalid' })
    expect(refusalCodes('avatar-taken', [])).toEqual({ avatar: 'avatar-taken' })
    expect(refusalCodes('invalid-input', ['profitShareRate', 'tags.1'])).toEqual({
      sharePercent: 'refused',
      tags: 'refused',
    })
    expect(refusalCodes('network', [])).toEqual({})
    expect(withoutRefusal({ nickname: 'nickname-taken', avatar: 'avatar-taken' }, 'nickname')).toEqual({
      avatar: 'avatar-taken',
    })
  })

  it('sends a preset avatar the contract accepts', () => {
    for (const avatar of PRESET_AVATARS)
      expect(leaderInfoRequestSchema.safeParse(infoRequest({ ...infoOf(profile), avatar })).success).toBe(true)
    expect(
      leaderInfoRequestSchema.safeParse(infoRequest({ ...infoOf(profile), avatar: '/avatars/presets/unknown.svg' }))
        .success,
    ).toBe(false)
  })
})
