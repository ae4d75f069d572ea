// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WalletAccount, WalletMovement } from '#/contract/index.ts'
import { AssetsView } from './AssetsView.tsx'

const PEPE = '0.00000123'

const wallet = (walletType: number): WalletAccount => ({
  totalAssetUsdt: '5000',
  list:
    walletType === 1
      ? [
          {
            coin: 'USDT',
            walletType,
            available: '5000',
            frozen: '0',
            total: '5000',
            usdtValue: '5000',
            transferable: '5000',
          },
          {
            coin: 'PEPE',
            walletType,
            available: PEPE,
            frozen: PEPE,
            total: '0.00000246',
            usdtValue: '0',
            transferable: PEPE,
          },
        ]
      : [],
  inUse: { positions: { margin: '0', unrealizedPnl: '0', usdtValue: '0' }, copies: [] },
})
const movement: WalletMovement = {
  id: '1',
  time: 1_700_000_000_000,
  kind: 'deposit',
  walletType: 1,
  coin: 'PEPE',
  amount: PEPE,
}

// The exchange's answers without a server, and no socket.
vi.mock('./assets.functions.ts', () => ({
  getWallet: ({ data }: { data: { walletType: number } }) =>
    Promise.resolve({ status: 'ok', data: wallet(data.walletType) }),
  listWalletHistory: () =>
    Promise.resolve({ status: 'ok', data: { list: [movement], total: 1, page: 1, pageSize: 20 } }),
  takeTestFunds: vi.fn(),
  transferBetweenWallets: vi.fn(),
}))
vi.mock('#/features/realtime/index.ts', () => ({ useStreamListener: () => {} }))
vi.mock('@tanstack/react-router', () => ({
  useRouteContext: () => ({ shell: { config: { sandbox: { enabled: false } } } }),
}))

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })

describe('the assets page', () => {
  it('draws a tiny balance and movement folded, never with raw braces, and reads them out whole', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18n}>
          <AssetsView />
        </I18nProvider>
      </QueryClientProvider>,
    )
    const pepe = await screen.findByText('PEPE', { selector: 'th' })
    const row = pepe.closest('tr')
    if (!row) throw new Error('no PEPE row')
    expect(row.textContent).not.toMatch(/[{}]/)
    const available = within(row).getByTestId('available')
    expect(available.querySelector('sub')?.textContent).toBe('5')
    expect(available.querySelector('.sr-only')?.textContent).toBe('0.00000123')

    const history = await screen.findByTestId('history')
    expect(history.textContent).not.toMatch(/[{}]/)
    expect(history.querySelector('.sr-only')?.textContent).toBe('+0.00000123')
  })
})
