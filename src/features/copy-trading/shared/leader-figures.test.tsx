// @vitest-environment jsdom
/** Issue 28 (S4 31): a leader's positions write prices at the pair's tick and times on a 24-hour clock, as the terminal does. */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CopyPosition } from '#/contract/index.ts'
import { NumberFormatProvider } from '#/lib/format/useNumberFormat.tsx'
import { BTC_INSTRUMENT } from '#tests/fixtures/features/instruments.ts'
import { PositionHistory } from './PositionHistory.tsx'

const locale = vi.hoisted(() => ({ current: 'en_US' }))
vi.mock('@tanstack/react-router', () => ({ useRouteContext: () => ({ locale: locale.current }) }))
vi.mock('../setup/setup.functions.ts', () => ({
  getInstruments: () => Promise.resolve({ status: 'ok', data: [BTC_INSTRUMENT] }),
}))

const closed: CopyPosition = {
  positionId: '1',
  biz: 'futures',
  pairCode: 'BTC_USDT',
  side: 'long',
  leverage: 20,
  size: '0',
  entryPrice: '81545.4',
  margin: '40.77',
  markPrice: null,
  unrealizedPnl: null,
  roe: '0.01',
  takeProfitPrice: null,
  stopLossPrice: null,
  liquidationPrice: null,
  status: 'closed',
  closedSize: '0.01',
  exitPrice: '81670',
  realizedPnl: '1.246',
  fees: '0.8',
  funding: '0',
  openedAt: Date.UTC(2026, 10, 28, 13, 0),
  // An afternoon: a 12-hour clock writes 1:38 PM.
  closedAt: Date.UTC(2026, 10, 28, 13, 38),
  closeReason: null,
  adlQuantile: null,
}

beforeAll(() => {
  process.env.TZ = 'UTC'
})
afterEach(cleanup)

describe('a leader’s position history', () => {
  it.each([
    ['en_US', 'en-US', ['81,545.4', '81,670.0'], 'Nov 28, 2026, 13:38'],
    ['fr_FR', 'fr-FR', ['81\u202f545,4', '81\u202f670,0'], '28 nov. 2026, 13:38'],
  ])('in %s shows prices at the tick (not 81,545.4000) and the 24-hour time', async (code, tag, prices, when) => {
    locale.current = code
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={setupI18n({ locale: code, messages: { [code]: {} } })}>
          <NumberFormatProvider settings={{ tag, notation: 'indent', currency: 'USD', rate: undefined }}>
            <PositionHistory list={[closed]} />
          </NumberFormatProvider>
        </I18nProvider>
      </QueryClientProvider>,
    )
    const table = await screen.findByTestId('history')
    // The tick arrives with the instruments: the price is written at it once they are known.
    await screen.findByText((_, element) => element?.tagName === 'TD' && element.textContent === prices[0])
    for (const price of prices) expect(table.textContent).toContain(price)
    expect(table.textContent).toContain(when)
  })
})
