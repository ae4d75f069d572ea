import { setupI18n } from '@lingui/core'
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { leadFieldText, requirementText } from './lead-messages.ts'
import { LEADER_AVATARS, LEADER_TAG_KEYS } from './profile-choices.ts'

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const format = (value: string) => `<${value}>`

describe('requirement text', () => {
  it('says the balance held against the balance required', () => {
    expect(requirementText(i18n, { key: 'min-balance', met: false, current: '12.5', required: '100' }, format)).toEqual({
      label: 'Enough USDT in your exchange wallet',
      detail: 'You have <12.5> USDT; <100> USDT is required. Deposit or transfer the rest first.',
    })
    expect(requirementText(i18n, { key: 'min-balance', met: true, current: '10000', required: '100' }, format).detail).toBe('You have <10000> USDT; <100> USDT is required.')
  })

  it('counts what stands in the way', () => {
    expect(requirementText(i18n, { key: 'not-copying', met: false, current: '2', required: '0' }, format).detail).toBe('Traders you copy now: <2>. Stop those copies first.')
    expect(requirementText(i18n, { key: 'no-open-positions', met: false, current: '3', required: '0' }, format).detail).toBe('Open positions now: <3>. Close them first.')
    expect(requirementText(i18n, { key: 'no-open-positions', met: true, current: '0', required: '0' }, format).detail).toBe('No open positions.')
  })
})

describe('field text', () => {
  it('names the bounds, formatted for the reader', () => {
    expect(leadFieldText(i18n, 'share-range', format)).toBe('Enter a share from 0 to <30> %.')
    expect(leadFieldText(i18n, 'amount-range', format)).toBe('Enter an amount from <10> to <10000000> USDT.')
    expect(leadFieldText(i18n, 'nickname-length', format)).toBe('Use 2 to 20 characters.')
    expect(leadFieldText(i18n, undefined, format)).toBeUndefined()
  })
})

describe('profile choices', () => {
  it('offers every avatar of the site, apart from the default', () => {
    const files = readdirSync('public/avatars').filter((name) => name.endsWith('.svg') && name !== 'default.svg')
    expect([...LEADER_AVATARS].sort()).toEqual(files.map((name) => `/avatars/${name}`).sort())
  })

  it('has tag keys the exchange accepts', () => {
    expect(LEADER_TAG_KEYS.every((key) => /^[a-z0-9-]{1,30}$/.test(key))).toBe(true)
  })
})
