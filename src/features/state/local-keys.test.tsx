// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  LOCAL_KEYS,
  storeAvailableLanguages,
  storeLanguage,
  storeUserAnchorInfo,
  useStoredAvailableLanguages,
  useStoredUserAnchorInfo,
} from './local-keys.ts'

function Shown() {
  const languages = useStoredAvailableLanguages()
  const anchor = useStoredUserAnchorInfo()
  return (
    <p>
      {languages ? languages.join(',') : 'no languages'} / {anchor ? anchor.status : 'no application'}
    </p>
  )
}

describe('§3 local-storage keys a native shell reads', () => {
  beforeEach(() => localStorage.clear())

  it('keeps the language shown under `language` and `{product}_LANGUAGE` with its name and fiat currency', () => {
    storeLanguage('ar_AE', 'tandem')
    expect(localStorage.getItem('language')).toBe('ar_AE')
    expect(JSON.parse(localStorage.getItem('tandem_LANGUAGE') ?? 'null')).toEqual({
      name: 'العربية',
      lang: 'ar_AE',
      fiatCurrency: 'EUR',
    })
    storeLanguage('ja_JP', 'acme')
    expect(localStorage.getItem(LOCAL_KEYS.productLanguage('acme'))).toContain('"lang":"ja_JP"')
    expect(localStorage.getItem('language')).toBe('ja_JP')
  })

  it('reads back the available languages and the KOL application, and ignores what does not parse', () => {
    render(<Shown />)
    expect(screen.getByText('no languages / no application')).toBeTruthy()
    act(() => {
      storeAvailableLanguages(['en_US', 'ar_AE'])
      storeUserAnchorInfo({ id: 'a1', status: 'under_review', updatedAt: '2026-11-27T10:00:00.000Z' })
    })
    expect(screen.getByText('en_US,ar_AE / under_review')).toBeTruthy()
    expect(JSON.parse(localStorage.getItem('userAnchorInfo') ?? 'null')).toEqual({
      id: 'a1',
      status: 'under_review',
      updatedAt: '2026-11-27T10:00:00.000Z',
    })
    act(() => storeUserAnchorInfo(null))
    expect(localStorage.getItem('userAnchorInfo')).toBeNull()
    localStorage.setItem('availableLanguage', '["xx_XX"]')
    act(() => storeUserAnchorInfo(null))
    render(<Shown />)
    expect(screen.getAllByText(/no languages/)).toHaveLength(1)
  })
})
