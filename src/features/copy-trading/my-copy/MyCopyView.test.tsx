// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CopyPosition, MyCopyDetail } from '#/contract/index.ts'
import type { Loaded } from '#/exchange-client/index.ts'
import { leaderQueries } from '../shared/leader.queries.ts'
import { DEFAULT_PERIOD } from '../shared/period.ts'
import { myCopyQueries } from './my-copy.queries.ts'
import { MyCopyView } from './MyCopyView.tsx'

// Links, the watch button and the settings form without a router or a server; positions as a count.
vi.mock('#/features/i18n/index.ts', () => ({
  LocaleLink: ({ children }: { children: ReactNode }) => <a href="/leader">{children}</a>,
}))
vi.mock('../shared/LeaderReactions.tsx', () => ({ WatchButton: () => null }))
vi.mock('../setup/EditCopySettings.tsx', () => ({ EditCopySettings: () => <form data-testid="edit-copy" /> }))
vi.mock('../shared/LivePositions.tsx', () => ({
  LivePositions: ({ positions }: { positions: readonly CopyPosition[] }) => <p>{positions.length} positions</p>,
}))
vi.mock('../shared/PositionHistory.tsx', () => ({ PositionHistory: () => null }))

afterEach(cleanup)
// jsdom has no modal dialogs: opening one only marks it open.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true
}
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.open = false
}

const LEADER = '10000040'
const ENDED = Date.UTC(2026, 10, 20, 9, 30)
const i18n = setupI18n({ locale: 'en_US', locales: ['en-US'], messages: { en_US: {} } })
const position: CopyPosition = {
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

function detail(status: 'active' | 'cancelled'): MyCopyDetail {
  const stopped = status === 'cancelled'
  return {
    account: {
      copyId: '5',
      leaderId: LEADER,
      nickname: 'KangarooCap',
      avatar: null,
      status,
      profitShareRate: '0.1',
      investment: '500',
      balance: stopped ? '0' : '331.37',
      margin: stopped ? '0' : '150',
      realizedPnl: '-18.63',
      unrealizedPnl: '0',
      profitSharePaid: '0',
      net: '-18.63',
      roi: '-0.0373',
      openPositions: stopped ? 0 : 1,
      createdAt: 1_700_000_000_000,
      endedAt: stopped ? ENDED : null,
      endReason: stopped ? 'cancel' : null,
    },
    settings: {
      copyId: '5',
      leaderId: LEADER,
      status,
      mode: 'fixed',
      fixedAmount: '100',
      ratio: null,
      maxPerOrder: null,
      leverageMode: 'follow',
      fixedLeverage: null,
      takeProfitRatio: null,
      stopLossRatio: null,
      copyStopLossRatio: null,
      investment: '500',
      balance: '0',
      createdAt: 1_700_000_000_000,
    },
    openPositions: stopped ? [] : [position],
    history: { list: [], total: 0, page: 1, pageSize: 20 },
    skipped: [],
    profitShares: [],
  }
}

function renderCopy(status: 'active' | 'cancelled') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  const copy: Loaded<MyCopyDetail> = { status: 'ok', data: detail(status) }
  client.setQueryData(myCopyQueries.detail(LEADER).queryKey, copy)
  client.setQueryData(leaderQueries.detail(LEADER, DEFAULT_PERIOD).queryKey, { status: 'not-found' })
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <MyCopyView leaderId={LEADER} />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

describe('my copy of a trader', () => {
  it('a stopped copy says it stopped and when, with its final figures and nothing to stop or edit', () => {
    renderCopy('cancelled')
    const heading = screen.getByRole('heading', { level: 2 })
    expect(heading.textContent).not.toContain('Copying')
    expect(heading.textContent).toBe('You copied KangarooCap')
    const ended = screen.getByTestId('copy-ended').textContent
    expect(ended).toContain('Stopped on')
    expect(ended).toContain('Nov 20, 2026')
    expect(ended).toContain('You stopped copying')
    expect(screen.getByText('Net profit (USDT)')).toBeTruthy()
    expect(screen.queryByText('Available (USDT)')).toBeNull()
    expect(screen.queryByText('Margin in positions (USDT)')).toBeNull()
    expect(screen.queryByTestId('stop-copy')).toBeNull()
    expect(screen.queryByTestId('edit-copy')).toBeNull()
  })

  it('a live copy says whom it copies and can be edited and stopped', () => {
    renderCopy('active')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Copying KangarooCap')
    expect(screen.queryByTestId('copy-ended')).toBeNull()
    expect(screen.getByText('Available (USDT)')).toBeTruthy()
    expect(screen.getByTestId('edit-copy')).toBeTruthy()
    expect(screen.getByTestId('stop-copy')).toBeTruthy()
  })

  it('stopping asks first and says the open positions are closed at the market, or kept', () => {
    renderCopy('active')
    fireEvent.click(screen.getByTestId('stop-copy'))
    expect(screen.getByRole('dialog').textContent).toContain('Stop copying KangarooCap?')
    expect(screen.getByTestId('stop-copy-consequence').textContent).toBe(
      'The copy’s open positions (1) are closed at the market price now, and the trader’s next trades are no longer copied.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByLabelText('Keep them open and manage them myself'))
    fireEvent.click(screen.getByTestId('stop-copy'))
    expect(screen.getByTestId('stop-copy-consequence').textContent).toContain('(1) stay open')
  })
})
