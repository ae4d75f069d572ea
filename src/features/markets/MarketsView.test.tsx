// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MarketRow } from './markets.functions.ts'
import { MarketsView } from './MarketsView.tsx'

const { rows } = vi.hoisted(() => ({ rows: { spot: [] as MarketRow[] } }))

vi.mock('./useLiveTickers.ts', () => ({ useLiveTickers: (biz = 'spot') => (biz === 'spot' ? rows.spot : []) }))
vi.mock('./useFavourites.ts', () => ({ useFavourites: () => ({ list: [], toggle: () => {} }) }))
vi.mock('#/features/i18n/index.ts', () => ({
  LocaleLink: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a href="/spot" className={className}>
      {children}
    </a>
  ),
}))

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })

const row = (pairCode: string, fields: Partial<MarketRow>): MarketRow => ({
  pairCode,
  base: pairCode.split('_')[0] ?? '',
  last: '1',
  change24h: '0.01',
  high24h: '1',
  low24h: '1',
  volume24h: '1',
  quoteVolume24h: '1',
  priceDigits: 2,
  spark: [],
  ...fields,
})

function renderMarkets(spot: MarketRow[]) {
  rows.spot = spot
  return render(
    <I18nProvider i18n={i18n}>
      <MarketsView search={{ tab: 'spot' }} onSearch={() => {}} />
    </I18nProvider>,
  )
}

const cellsOf = (pairCode: string) => {
  const tr = screen.getByTestId('markets-table').querySelector(`tr[data-pair="${pairCode}"]`)
  if (!(tr instanceof HTMLElement)) throw new Error(`no row for ${pairCode}`)
  return tr
}

describe('the markets table', () => {
  it('draws a tiny price folded, never with raw braces, and reads it out whole', () => {
    renderMarkets([
      row('PEPE_USDT', {
        last: '0.00000123',
        high24h: '0.0000013',
        low24h: '0.0000011',
        priceDigits: 8,
      }),
    ])
    const tr = cellsOf('PEPE_USDT')
    expect(tr.textContent).not.toMatch(/[{}]/)
    const last = within(tr).getByTestId('last')
    expect(last.querySelector('sub')?.textContent).toBe('5')
    expect(last.querySelector('.sr-only')?.textContent).toBe('0.00000123')
    // High and low too.
    expect([...tr.querySelectorAll('.sr-only')].map((node) => node.textContent)).toEqual(
      expect.arrayContaining(['0.00000130', '0.00000110']),
    )
  })

  it('abbreviates a volume from the first thousand, cut toward zero', () => {
    renderMarkets([
      row('ETH_USDT', { quoteVolume24h: '12345' }),
      row('BTC_USDT', { quoteVolume24h: '1239999.99' }),
      row('TRX_USDT', { quoteVolume24h: '999.5' }),
    ])
    const volume = (pairCode: string) => within(cellsOf(pairCode)).getByTestId('volume').textContent
    expect(volume('ETH_USDT')).toBe('12.34K')
    expect(volume('BTC_USDT')).toBe('1.23M')
    expect(volume('TRX_USDT')).toBe('999.50')
  })
})
