// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CopyPosition, MarketInstrument } from '#/contract/index.ts'
import { formatNumber, formatPercent } from '#/lib/format/number.ts'
import type { Loaded } from '#/exchange-client/index.ts'
import { leaderQueries } from '../shared/leader.queries.ts'
import { emptySettings } from './copy-settings.ts'
import { LastTradePreview } from './LastTradePreview.tsx'
import { ConfirmFollow } from './ConfirmFollow.tsx'
import { setupQueries } from './setup.queries.ts'
import { BTC_INSTRUMENT } from '#tests/fixtures/features/instruments.ts'

// The reader's number format without a router: English grouping, every digit.
vi.mock('#/lib/format/useNumberFormat.tsx', () => ({
  useNumberFormat: () => ({
    number: (value: string | null | undefined, options: { digits: number }) =>
      formatNumber(value, { ...options, tag: 'en-US' }),
    usdt: (value: string | null | undefined) => formatNumber(value, { digits: 4, tag: 'en-US' }),
    percent: (ratio: string | null | undefined, digits = 2) =>
      formatPercent(ratio, { digits, tag: 'en-US', signed: true }),
    ratio: (ratio: string | null | undefined, digits = 2) => formatPercent(ratio, { digits, tag: 'en-US' }),
  }),
}))

afterEach(cleanup)

const LEADER = '10000001'
const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const btc = BTC_INSTRUMENT
const leaderTrade: CopyPosition = {
  positionId: '7',
  biz: 'futures',
  pairCode: 'BTC_USDT',
  side: 'long',
  leverage: 20,
  size: '0.5',
  entryPrice: '60000',
  margin: '1500',
  markPrice: '60100',
  unrealizedPnl: '50',
  roe: '0.0333',
  takeProfitPrice: null,
  stopLossPrice: null,
  liquidationPrice: null,
  status: 'open',
  closedSize: '0',
  exitPrice: null,
  realizedPnl: '0',
  fees: '15',
  funding: '0',
  openedAt: 1_700_000_000_000,
  closedAt: null,
  closeReason: null,
  adlQuantile: 3,
}

function withData(children: ReactNode, trade = leaderTrade, instrument = btc) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const open: Loaded<CopyPosition[]> = { status: 'ok', data: [trade] }
  client.setQueryData(leaderQueries.positions(LEADER).queryKey, open)
  const closed: Loaded<{ list: CopyPosition[]; total: number; page: number; pageSize: number }> = {
    status: 'ok',
    data: { list: [], total: 0, page: 1, pageSize: 20 },
  }
  const instruments: Loaded<MarketInstrument[]> = { status: 'ok', data: [instrument] }
  client.setQueryData(leaderQueries.history(LEADER).queryKey, closed)
  client.setQueryData(setupQueries.instruments().queryKey, instruments)
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>,
  )
}

describe("the trader's last trade, copied", () => {
  it('shows the order the engine would place: size, leverage, margin and fee', () => {
    withData(
      <LastTradePreview leaderId={LEADER} values={{ ...emptySettings(), investment: '1000', fixedAmount: '100' }} />,
    )
    const order = screen.getByTestId('preview-order')
    expect(order.textContent).toContain('0.03333')
    expect(order.textContent).toContain('20×')
    expect(order.textContent).toContain('99.9900')
    expect(order.textContent).toContain('0.9999')
  })

  it('draws a tiny entry price folded, never with raw braces, and reads it out whole', () => {
    const pepe: MarketInstrument = { ...btc, pairCode: 'PEPE_USDT', baseCoin: 'PEPE', tickSize: '0.00000001' }
    withData(
      <LastTradePreview leaderId={LEADER} values={{ ...emptySettings(), investment: '1000', fixedAmount: '100' }} />,
      { ...leaderTrade, pairCode: 'PEPE_USDT', entryPrice: '0.00000123' },
      pepe,
    )
    const preview = screen.getByTestId('trade-preview')
    expect(preview.textContent).not.toMatch(/[{}]/)
    expect([...preview.querySelectorAll('.sr-only')].map((node) => node.textContent)).toContain('0.00000123')
  })

  it('says why the trade would be skipped', () => {
    withData(
      <LastTradePreview leaderId={LEADER} values={{ ...emptySettings(), investment: '0.02', fixedAmount: '10' }} />,
    )
    expect(screen.getByTestId('preview-skip').dataset.reason).toBe('insufficient-balance')
    expect(screen.getByText(/cannot pay the margin and fee of even the smallest order/)).toBeTruthy()
  })

  it('asks for valid settings first', () => {
    withData(<LastTradePreview leaderId={LEADER} values={null} />)
    expect(screen.getByText('Fill in the settings to see how this trade would have been copied.')).toBeTruthy()
  })
})

describe('the confirmation', () => {
  it('shows the investment, the taker fee rate and the profit share rate', () => {
    const onConfirm = vi.fn()
    withData(
      <ConfirmFollow
        leader={{ nickname: 'Ada', profitShareRate: '0.1' }}
        values={{ ...emptySettings(), investment: '500', fixedAmount: '20' }}
        pending={false}
        onConfirm={onConfirm}
        onBack={() => {}}
      />,
    )
    expect(screen.getByTestId('confirm-investment').textContent).toBe('500.0000')
    expect(screen.getByTestId('confirm-fee').textContent).toContain('0.05%')
    expect(screen.getByTestId('confirm-share').textContent).toContain('10%')
    expect(document.activeElement?.id).toBe('confirm-title')
    screen.getByTestId('confirm-follow-button').click()
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })
})
