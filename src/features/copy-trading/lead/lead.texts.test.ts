import { setupI18n } from '@lingui/core'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { leadFieldText, requirementText } from './lead.texts.ts'
import { PRESET_AVATARS } from '#/contract/index.ts'
import { LEADER_AVATARS, LEADER_TAG_KEYS } from './profile-choices.ts'

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const format = (value: string) => `<${value}>`

describe('requirement text', () => {
  it('says the balance held against the balance required', () => {
    expect(requirementText(i18n, { key: 'min-balance', met: false, current: '12.5', required: '100' }, format)).toEqual(
      {
        label: 'Enough USDT in your exchange wallet',
        detail: 'You have <12.5> USDT; <100> USDT is required. Deposit or transfer the rest first.',
      },
    )
    expect(
      requirementText(i18n, { key: 'min-balance', met: true, current: '10000', required: '100' }, format).detail,
    ).toBe('You have <10000> USDT; <100> USDT is required.')
  })

  it('counts what stands in the way', () => {
    expect(requirementText(i18n, { key: 'not-copying', met: false, current: '2', required: '0' }, format).detail).toBe(
      'Traders you copy now: <2>. Stop those copies first.',
    )
    expect(
      requirementText(i18n, { key: 'no-open-positions', met: false, current: '3', required: '0' }, format).detail,
    ).toBe('Open positions now: <3>. Close them first.')
    expect(
      requirementText(i18n, { key: 'no-open-positions', met: true, current: '0', required: '0' }, format).detail,
    ).toBe('No open positions.')
  })
})

describe('field text', () => {
  it('names the bounds, formatted for the reader', () => {
    expect(leadFieldText(i18n, 'share-range', format)).toBe('Enter a share from 0 to <30> %.')
    expect(leadFieldText(i18n, 'amount-range', format)).toBe('Enter an amount from <10> to <10000000> USDT.')
    expect(leadFieldText(i18n, 'nickname-length', format)).toBe('Use 2 to 20 characters.')
    expect(leadFieldText(i18n, undefined, format)).toBeUndefined()
  })

  it('says why the exchange refused a nickname or an avatar, not just that it did', () => {
    expect(leadFieldText(i18n, 'nickname-taken', format)).toBe(
      'Another leader already uses this nickname. Choose another one.',
    )
    expect(leadFieldText(i18n, 'nickname-invalid', format)).toBe(
      'This nickname has hidden or invisible characters. Use visible letters, digits or symbols.',
    )
    expect(leadFieldText(i18n, 'avatar-taken', format)).toBe(
      'This picture belongs to another leader. Choose another one.',
    )
  })
})

describe('profile choices', () => {
  it("offers every shared preset, and none of the simulated leaders' own faces", () => {
    const presets = readdirSync('public/avatars/presets').filter((name) => name.endsWith('.svg'))
    expect([...PRESET_AVATARS].sort()).toEqual(presets.map((name) => `/avatars/presets/${name}`).sort())
    expect(LEADER_AVATARS.map((avatar) => avatar.src)).toEqual(PRESET_AVATARS)
    expect(new Set(LEADER_AVATARS.map((avatar) => avatar.label.id)).size).toBe(PRESET_AVATARS.length)
  })

  it('has tag keys the exchange accepts', () => {
    expect(LEADER_TAG_KEYS.every((key) => /^[a-z0-9-]{1,30}$/.test(key))).toBe(true)
  })
})
