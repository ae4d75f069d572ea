// @vitest-environment jsdom
/**
 * The futures order form's trailing stop (issue 28 item 5): the callback rate in percent and the optional activation
 * price sent as a trailing-stop order; a rate outside the range kept as typed and refused on submit, naming the range;
 * an activation price already reached refused at its field.
 */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WalletAccount } from '#/contract/index.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { assetsQueries, FUTURES_WALLET } from '#/features/assets/index.ts'
import { BTC_INSTRUMENT } from '#tests/fixtures/features/instruments.ts'
import { anOrder } from '#tests/fixtures/features/trading.ts'
import { pairFacts } from '../shared/pair.ts'
import { placeOrder } from '../trading.functions.ts'
import { tradingQueries } from '../trading.queries.ts'
import { OrderForm } from './OrderForm.tsx'

vi.mock('../trading.functions.ts', () => ({ placeOrder: vi.fn() }))
vi.mock('#/features/assets/assets.functions.ts', () => ({ getWallet: vi.fn(), listWalletHistory: vi.fn() }))
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useRouteContext: () => ({ locale: 'en_US', shell: { config: { helpCenterUrl: 'https://help.example.com' } } }),
}))

const wallet: WalletAccount = {
  totalAssetUsdt: '10000',
  list: [
    {
      coin: 'USDT',
      walletType: FUTURES_WALLET,
      available: '10000',
      frozen: '0',
      total: '10000',
      usdtValue: '10000',
      transferable: '10000',
    },
  ],
  inUse: { positions: { margin: '0', unrealizedPnl: '0', usdtValue: '0' }, copies: [] },
}

const sent = vi.mocked(placeOrder)

beforeEach(() => {
  sessionStorage.clear()
  sent.mockReset()
  sent.mockResolvedValue({
    status: 'ok',
    data: {
      order: anOrder({ biz: 'futures', type: 'trailing-stop', status: 'untriggered' }),
      fills: [],
      replayed: false,
    },
  })
})
afterEach(cleanup)

function openForm() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  client.setQueryData(assetsQueries.wallet(FUTURES_WALLET).queryKey, loadedOk(wallet))
  client.setQueryData(tradingQueries.positions('futures').queryKey, loadedOk([]))
  client.setQueryData(
    tradingQueries.leverage('BTC_USDT').queryKey,
    loadedOk({ pairCode: 'BTC_USDT', long: 10, short: 10, max: 125 }),
  )
  client.setQueryData(
    tradingQueries.marginMode('BTC_USDT').queryKey,
    loadedOk({ pairCode: 'BTC_USDT', marginMode: 'isolated' as const }),
  )
  const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <OrderForm
          biz="futures"
          instrument={BTC_INSTRUMENT}
          pair={pairFacts(BTC_INSTRUMENT)}
          signedIn
          mark="80000"
          last="80000"
          bestBid="79999.9"
          bestAsk="80000.1"
          picked={undefined}
          copiers={undefined}
          signIn={null}
        />
      </I18nProvider>
    </QueryClientProvider>,
  )
}

const field = (name: string) => {
  const input = screen.getByTestId(`field-${name}`)
  if (!(input instanceof HTMLInputElement)) throw new Error(`no ${name} field`)
  return input
}
const typeInto = (input: HTMLInputElement, text: string) => {
  for (const ch of Array.from(text)) fireEvent.change(input, { target: { value: input.value + ch } })
}
const submit = async () => {
  fireEvent.click(screen.getByTestId('submit-order'))
  await new Promise((resolve) => setTimeout(resolve, 0))
}

describe('the trailing stop in the futures order form', () => {
  it('sends a trailing-stop sell with its callback rate and activation price, and no price or trigger', async () => {
    openForm()
    fireEvent.click(screen.getByTestId('side-sell'))
    fireEvent.click(screen.getByRole('radio', { name: 'Trailing stop' }))
    typeInto(field('callbackRate'), '1.5')
    typeInto(field('activation'), '82000')
    typeInto(field('amount'), '0.01')
    await submit()
    expect(sent.mock.calls[0]?.[0].data).toEqual({
      clientOrderId: expect.any(String) as unknown,
      biz: 'futures',
      pairCode: 'BTC_USDT',
      side: 'sell',
      type: 'trailing-stop',
      callbackRate: '1.5',
      activationPrice: '82000',
      size: '0.01',
    })
  })

  it('keeps a callback rate of 11 as typed and refuses it on submit, naming the range', async () => {
    openForm()
    fireEvent.click(screen.getByRole('radio', { name: 'Trailing stop' }))
    typeInto(field('callbackRate'), '11')
    typeInto(field('amount'), '0.01')
    await submit()
    expect(field('callbackRate').value).toBe('11')
    expect(screen.getByText('The callback rate must be from 0.1 % to 10 %.')).toBeTruthy()
    expect(sent).not.toHaveBeenCalled()
  })

  it('refuses a buy’s activation price above the price now: it would be active at once', async () => {
    openForm()
    fireEvent.click(screen.getByRole('radio', { name: 'Trailing stop' }))
    typeInto(field('callbackRate'), '1')
    typeInto(field('activation'), '81000')
    typeInto(field('amount'), '0.01')
    await submit()
    expect(screen.getByText('This price is already reached: it would trigger at once.')).toBeTruthy()
    expect(sent).not.toHaveBeenCalled()
  })
})
