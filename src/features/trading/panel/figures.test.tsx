// @vitest-environment jsdom
/** Issue 28's figures in the terminal's bottom panel: fill times in the reader's form and direction, fees whole, one futures total. */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OrderFill, WalletAccount } from '#/contract/index.ts'
import { NumberFormatProvider } from '#/lib/format/useNumberFormat.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { Fills } from './Fills.tsx'
import { WalletBalances } from './WalletBalances.tsx'

/** 2026-11-28 14:08:26 UTC, the QA report's Arabic order card. */
const AT = Date.UTC(2026, 10, 28, 14, 8, 26)

const fill: OrderFill = {
  id: '1',
  tradeId: '7',
  orderId: '3',
  biz: 'spot',
  pairCode: 'ETH_USDT',
  side: 'buy',
  role: 'taker',
  price: '3480.25',
  size: '0.05',
  quote: '174.0125',
  fee: '0.00005',
  feeCoin: 'ETH',
  time: AT,
}
const eth: PairFacts = {
  pairCode: 'ETH_USDT',
  base: 'ETH',
  quote: 'USDT',
  priceDigits: 2,
  sizeDigits: 4,
  label: 'ETH/USDT',
}

/** The QA report's futures wallet: 3,986.77 USDT free, 39.7551 in a position (margin and PnL), 4,026.5251 in all. */
const futuresWallet: WalletAccount = {
  totalAssetUsdt: '4026.5251',
  list: [
    {
      coin: 'USDT',
      walletType: 3,
      available: '3986.77',
      frozen: '0',
      total: '3986.77',
      usdtValue: '3986.77',
      transferable: '3986.77',
    },
  ],
  inUse: { positions: { margin: '40.5', unrealizedPnl: '-0.7449', usdtValue: '39.7551' }, copies: [] },
}

vi.mock('../trading.functions.ts', () => ({
  listFills: () => Promise.resolve({ status: 'ok', data: { list: [fill], total: 1, page: 1, pageSize: 20 } }),
}))
vi.mock('#/features/assets/assets.functions.ts', () => ({
  getWallet: () => Promise.resolve({ status: 'ok', data: futuresWallet }),
}))

beforeAll(() => {
  // The reader's zone: the test reads the same clock face on every machine.
  process.env.TZ = 'UTC'
})
afterEach(cleanup)

const TAGS = { en_US: 'en-US', fr_FR: 'fr-FR', ar_AE: 'ar-AE' } as const

function renderIn(locale: keyof typeof TAGS, node: ReactNode) {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <NumberFormatProvider settings={{ tag: TAGS[locale], notation: 'indent', currency: 'USD', rate: undefined }}>
          {node}
        </NumberFormatProvider>
      </I18nProvider>
    </QueryClientProvider>,
  )
}

describe('a fill in the bottom panel', () => {
  it.each([
    ['en_US', '11/28/2026, 14:08:26', 'ltr', '0.00005 ETH'],
    ['fr_FR', '28/11/2026 14:08:26', 'ltr', '0,00005 ETH'],
    ['ar_AE', '28\u200f/11\u200f/2026، 14:08:26', 'rtl', '0.00005 ETH'],
  ] as const)(
    'in %s shows its time on a 24-hour clock in the language’s direction and its fee whole',
    async (locale, when, dir, fee) => {
      renderIn(locale, <Fills biz="spot" factsOf={() => eth} />)
      // The table and the phone's cards each show it.
      const times = await screen.findAllByText(when)
      for (const time of times) {
        // Arabic's date read right to left: forced left to right it was drawn "2814:08:26 ،2026/11/".
        expect(time.closest('[dir]')?.getAttribute('dir')).toBe(dir)
        expect(time.textContent).not.toMatch(/AM|PM|ص|م/)
      }
      // 0.05 ETH at 0.1 %: 0.00005 ETH, not 0.0000 ETH.
      const fills = screen.getByTestId('fills')
      expect(within(fills).getAllByText((_, element) => element?.textContent === fee).length).toBeGreaterThan(0)
    },
  )
})

describe('the futures Assets tab', () => {
  it('shows the futures total the assets page shows: positions’ margin and PnL included', async () => {
    renderIn('en_US', <WalletBalances biz="futures" />)
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('≈ 4,026.5251 USDT')
    expect(screen.getByTestId('in-use').textContent).toContain('39.7551')
    // The USDT balance is an amount of a coin: its digits, its trailing zeros cut to two.
    expect(screen.getByTestId('wallet-balances').textContent).toContain('3,986.77')
    expect(screen.getByTestId('wallet-balances').textContent).not.toContain('3,986.77000000')
  })
})
