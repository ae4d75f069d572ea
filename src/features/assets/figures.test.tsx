// @vitest-environment jsdom
/** Issue 28 (S4 32): the sandbox's amounts and the transfer toast written as each language writes them. */
import { setupI18n, type Messages } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WalletAccount } from '#/contract/index.ts'
import { NumberFormatProvider } from '#/lib/format/useNumberFormat.tsx'
import { messages as arMessages } from '../../../locales/ar_AE/messages.po'
import { messages as enMessages } from '../../../locales/en_US/messages.po'
import { messages as frMessages } from '../../../locales/fr_FR/messages.po'
import { AssetsView } from './AssetsView.tsx'

const empty: WalletAccount = {
  totalAssetUsdt: '0',
  list: [],
  inUse: { positions: { margin: '0', unrealizedPnl: '0', usdtValue: '0' }, copies: [] },
}
const notify = vi.hoisted(() => vi.fn())
vi.mock('#/ui/toast.ts', () => ({ notify }))
vi.mock('./assets.functions.ts', () => ({
  getWallet: () => Promise.resolve({ status: 'ok', data: empty }),
  listWalletHistory: () => Promise.resolve({ status: 'ok', data: { list: [], total: 0, page: 1, pageSize: 20 } }),
  takeTestFunds: () => Promise.resolve({ status: 'ok', data: { coin: 'USDT', amount: '10000', walletType: 1 } }),
  transferBetweenWallets: vi.fn(),
}))
vi.mock('#/features/realtime/index.ts', () => ({ useStreamListener: () => {} }))
vi.mock('@tanstack/react-router', () => ({
  useRouteContext: () => ({ shell: { config: { sandbox: { enabled: true } } } }),
}))

afterEach(() => {
  cleanup()
  notify.mockClear()
})

const LOCALES = {
  en_US: { tag: 'en-US', messages: enMessages },
  fr_FR: { tag: 'fr-FR', messages: frMessages },
  ar_AE: { tag: 'ar-AE', messages: arMessages },
} satisfies Record<string, { tag: string; messages: Messages }>

const i18nOf = (locale: keyof typeof LOCALES) => setupI18n({ locale, messages: { [locale]: LOCALES[locale].messages } })

describe('the sandbox’s test funds', () => {
  it.each([
    ['en_US', 'Sandbox: 10,000.00 test USDT once a day', '10,000.00 test USDT added to your spot wallet'],
    ['fr_FR', 'Sandbox : 10\u202f000,00 USDT de test une fois par jour', '10\u202f000,00 USDT de test'],
    ['ar_AE', '10,000.00 USDT تجريبية', '10,000.00'],
  ] as const)('in %s: the hint and the toast group the amount as the language does', async (locale, hint, toast) => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18nOf(locale)}>
          <NumberFormatProvider
            settings={{ tag: LOCALES[locale].tag, notation: 'indent', currency: 'USD', rate: undefined }}
          >
            <AssetsView />
          </NumberFormatProvider>
        </I18nProvider>
      </QueryClientProvider>,
    )
    const button = await screen.findByTestId('test-funds')
    // French was "Sandbox : 10,000 USDT" (an English separator), the toast "10000 test USDT" (none).
    expect(button.parentElement?.textContent).toContain(hint)
    fireEvent.click(button)
    await waitFor(() => expect(notify).toHaveBeenCalled())
    expect(notify.mock.calls[0]?.[0]).toContain(toast)
  })
})

describe('the transfer toast', () => {
  it('names the wallet mid-sentence as the language writes it (French: lower case)', () => {
    const fr = i18nOf('fr_FR')
    const moved = '3\u202f000,00'
    expect(fr._(msg`Transferred ${moved} USDT to the futures wallet`)).toBe(
      '3\u202f000,00 USDT transférés vers le portefeuille futures',
    )
    expect(fr._(msg`Transferred ${moved} USDT to the spot wallet`)).toBe(
      '3\u202f000,00 USDT transférés vers le portefeuille spot',
    )
  })
})
