// @vitest-environment jsdom
/**
 * Issue 28: order history says when an order was placed (S2 17), and the orders page offers only the cancels that apply
 * (S4 34): no "Cancel all of <pair>" outside the terminal, and "Cancel all pairs" only with an order to cancel.
 */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '#/contract/index.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { BTC_INSTRUMENT } from '#tests/fixtures/features/instruments.ts'
import { anOrder } from '#tests/fixtures/features/trading.ts'
import { pairFacts } from '../shared/pair.ts'
import { tradingQueries } from '../trading.queries.ts'
import { OpenOrders } from './OpenOrders.tsx'
import { OrderHistory } from './OrderHistory.tsx'

vi.mock('../trading.functions.ts', () => ({
  listOpenOrders: vi.fn(),
  listOrderHistory: vi.fn(),
  listFills: vi.fn(),
  listPositions: vi.fn(),
  getLeverage: vi.fn(),
  getMarginMode: vi.fn(),
  amendOrder: vi.fn(),
  cancelOrder: vi.fn(),
  cancelAllOrders: vi.fn(),
}))

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const BTC = pairFacts(BTC_INSTRUMENT)
// The report's order: placed at 13:38:34, cancelled three minutes later.
const PLACED = Date.UTC(2026, 10, 28, 13, 38, 34)
const CANCELLED = Date.UTC(2026, 10, 28, 13, 41, 34)
const order = (over: Partial<Order>) => anOrder({ createdAt: PLACED, updatedAt: PLACED, ...over })

function withData(set: (client: QueryClient) => void, ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  set(client)
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </QueryClientProvider>,
  )
}
const time = (ms: number) => new Date(ms).toLocaleString('en-US', { hour12: false })

describe('order history', () => {
  it('shows when the order was placed under Time, and its last change under Updated', () => {
    withData(
      (client) =>
        client.setQueryData(
          tradingQueries.orderHistory('spot', 1).queryKey,
          loadedOk({
            list: [order({ status: 'cancelled', cancelReason: 'user', updatedAt: CANCELLED })],
            total: 1,
            page: 1,
            pageSize: 20,
          }),
        ),
      <OrderHistory biz="spot" factsOf={() => BTC} />,
    )
    const table = screen.getByRole('table', { name: 'Order history' })
    const headings = [...table.querySelectorAll('th')].map((th) => th.textContent)
    const cells = [...table.querySelectorAll('tbody td')].map((td) => td.textContent)
    expect(cells[headings.indexOf('Time')]).toBe(time(PLACED))
    expect(cells[headings.indexOf('Updated')]).toBe(time(CANCELLED))
  })
})

describe('the orders page’s open orders', () => {
  const page = (open: Order[]) =>
    withData(
      (client) => client.setQueryData(tradingQueries.openOrders('spot').queryKey, loadedOk(open)),
      <OpenOrders biz="spot" pair={BTC} factsOf={() => BTC} thisPairOnly={false} />,
    )

  it('offers no cancel of one pair, and no cancel of all pairs without an open order', () => {
    page([])
    expect(screen.queryByRole('button', { name: 'Cancel all of BTC/USDT' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Cancel all pairs' })).toHaveProperty('disabled', true)
  })

  it('lets every open order be cancelled at once when there is one', () => {
    page([order({})])
    expect(screen.getByRole('button', { name: 'Cancel all pairs' })).toHaveProperty('disabled', false)
  })

  it('keeps the pair’s own cancel in the terminal', () => {
    withData(
      (client) => client.setQueryData(tradingQueries.openOrders('spot').queryKey, loadedOk([order({})])),
      <OpenOrders biz="spot" pair={BTC} factsOf={() => BTC} thisPairOnly />,
    )
    expect(screen.getByRole('button', { name: 'Cancel all of BTC/USDT' })).toHaveProperty('disabled', false)
  })
})
