// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TERMINAL } from '#/app.config.ts'
import { CandleChart } from './CandleChart.tsx'

const listKlines = vi.hoisted(() => vi.fn())
vi.mock('../pair-market.functions.ts', () => ({ listKlines, getPairMarket: vi.fn() }))
vi.mock('#/features/realtime/index.ts', () => ({ useStreamListener: () => undefined }))
// The chart library draws on a canvas jsdom does not have; what is tested here is the history around it.
vi.mock('lightweight-charts', () => new Promise(() => undefined))

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const pair = { pairCode: 'BTC_USDT', base: 'BTC', quote: 'USDT', priceDigits: 2, sizeDigits: 5, label: 'BTC/USDT' }
const candle = { time: 1_700_000_000_000, open: '100', high: '110', low: '90', close: '105.5', volume: '12' }

function renderChart() {
  const client = new QueryClient()
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <CandleChart biz="spot" pair={pair} interval="15m" mark={undefined} tick="0.01" signedIn={false} />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

describe("the chart's history", () => {
  it('is asked again when the exchange does not answer, then offered to retry, and drawn once it comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    listKlines.mockResolvedValue({ status: 'unavailable' })
    renderChart()
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(listKlines).toHaveBeenCalledTimes(1 + TERMINAL.historyRetries)
    expect(screen.getByTestId('chart-history-error').textContent).toContain('could not be loaded')

    listKlines.mockResolvedValue({ status: 'ok', data: [candle] })
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(screen.queryByTestId('chart-history-error')).toBeNull()
    // The newest candle's figures are shown beside the chart.
    expect(screen.getByTestId('candle-chart').textContent).toContain('105.50')
  })
})
