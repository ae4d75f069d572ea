// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MyCopiesItem } from '#/contract/index.ts'
import { formatNumber, formatPercent } from '#/lib/format/number.ts'
import { CopyCard } from './CopyCard.tsx'

// The reader's number format and links without a router.
vi.mock('#/lib/format/useNumberFormat.tsx', () => ({
  useNumberFormat: () => ({
    number: (value: string | null | undefined, options: { digits: number }) =>
      formatNumber(value, { ...options, tag: 'en-US' }),
    percent: (ratio: string | null | undefined, digits = 2) =>
      formatPercent(ratio, { digits, tag: 'en-US', signed: true }),
    ratio: (ratio: string | null | undefined, digits = 2) => formatPercent(ratio, { digits, tag: 'en-US' }),
  }),
}))
vi.mock('#/features/i18n/index.ts', () => ({
  LocaleLink: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a href="/copy" className={className}>
      {children}
    </a>
  ),
}))

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const copy: MyCopiesItem = {
  copyId: '5',
  leaderId: '10000040',
  nickname: 'GridZen',
  avatar: null,
  status: 'active',
  profitShareRate: '0.1',
  investment: '500',
  balance: '331.37',
  margin: '0',
  realizedPnl: '-168.63',
  unrealizedPnl: '0',
  profitSharePaid: '0',
  net: '-168.63',
  roi: '-0.3373',
  openPositions: 0,
  createdAt: 1_700_000_000_000,
  endedAt: null,
  endReason: null,
  leaderAcceptingCopiers: false,
}

const renderCard = (item: MyCopiesItem) =>
  render(
    <I18nProvider i18n={i18n}>
      <ul>
        <CopyCard copy={item} />
      </ul>
    </I18nProvider>,
  )

describe('a copy on my list', () => {
  it('tells the copier that the trader is below the minimum and may not be trading', () => {
    renderCard(copy)
    expect(screen.getByRole('note').textContent).toBe(
      "This trader's equity is below the minimum; they cannot take new copiers and may not be trading.",
    )
  })

  it('says nothing of the kind for a trader who takes copiers', () => {
    renderCard({ ...copy, leaderAcceptingCopiers: true })
    expect(screen.queryByRole('note')).toBeNull()
    expect(screen.getByText('GridZen')).toBeTruthy()
  })
})
