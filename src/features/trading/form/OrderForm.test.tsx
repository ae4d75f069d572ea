// @vitest-environment jsdom
/**
 * The spot order form as the QA report used it (issue 28): amounts in French and on an Arabic keyboard, characters a
 * number cannot have, the limit named in a refusal, what was typed kept across a reload, and a market buy by total;
 * and the futures form's trailing stop (issue 28 item 5): its callback rate and activation price sent, a rate outside
 * the range kept as typed and refused on submit naming the range, an activation price already reached refused.
 */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TradingMarket, WalletAccount } from '#/contract/index.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET } from '#/features/assets/index.ts'
import { BTC_INSTRUMENT } from '#tests/fixtures/features/instruments.ts'
import { RESTING_BTC_BUY } from '#tests/fixtures/features/trading.ts'
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

const placed = RESTING_BTC_BUY

const wallet: WalletAccount = {
  totalAssetUsdt: '10000',
  list: [
    {
      coin: 'USDT',
      walletType: SPOT_WALLET,
      available: '10000',
      frozen: '0',
      total: '10000',
      usdtValue: '10000',
      transferable: '10000',
    },
  ],
  inUse: { positions: { margin: '0', unrealizedPnl: '0', usdtValue: '0' }, copies: [] },
}

/** The futures wallet of the trailing stop tests: the same 10,000 USDT. */
const futuresWallet: WalletAccount = {
  ...wallet,
  list: wallet.list.map((balance) => ({ ...balance, walletType: FUTURES_WALLET })),
}

const sent = vi.mocked(placeOrder)

beforeEach(() => {
  sessionStorage.clear()
  sent.mockReset()
  sent.mockResolvedValue({ status: 'ok', data: { order: placed, fills: [], replayed: false } })
})
afterEach(cleanup)

function openForm(locale = 'en_US', biz: TradingMarket = 'spot') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  client.setQueryData(assetsQueries.wallet(SPOT_WALLET).queryKey, loadedOk(wallet))
  if (biz === 'futures') {
    client.setQueryData(assetsQueries.wallet(FUTURES_WALLET).queryKey, loadedOk(futuresWallet))
    client.setQueryData(tradingQueries.positions('futures').queryKey, loadedOk([]))
    client.setQueryData(
      tradingQueries.leverage('BTC_USDT').queryKey,
      loadedOk({ pairCode: 'BTC_USDT', long: 10, short: 10, max: 125 }),
    )
    client.setQueryData(
      tradingQueries.marginMode('BTC_USDT').queryKey,
      loadedOk({ pairCode: 'BTC_USDT', marginMode: 'isolated' as const }),
    )
  }
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <OrderForm
          biz={biz}
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
/** Types one character at a time, as a keyboard does. */
const typeInto = (input: HTMLInputElement, text: string) => {
  for (const ch of Array.from(text)) fireEvent.change(input, { target: { value: input.value + ch } })
}
const submit = async () => {
  fireEvent.click(screen.getByTestId('submit-order'))
  await new Promise((resolve) => setTimeout(resolve, 0))
}
const sentRequest = () => sent.mock.calls[0]?.[0].data

describe('the spot order form', () => {
  it('keeps "0,01" typed in French as 0,01 and buys 0.01 BTC (was 1 BTC)', async () => {
    openForm('fr_FR')
    typeInto(field('price'), '80000')
    typeInto(field('amount'), '0,01')
    expect(field('amount').value).toBe('0,01')
    await submit()
    expect(sentRequest()).toMatchObject({ price: '80000', size: '0.01', side: 'buy' })
  })

  it('reads "٠٫٠١" typed on an Arabic keyboard as 0.01', async () => {
    openForm('ar_AE')
    typeInto(field('price'), '٨٠٠٠٠')
    typeInto(field('amount'), '٠٫٠١')
    await submit()
    expect(sentRequest()).toMatchObject({ price: '80000', size: '0.01' })
  })

  it.each([
    ['-0.01', 'A minus sign cannot be typed here.'],
    ['1e3', 'Type the number in full: an exponent (e) cannot be typed here.'],
  ])('refuses %j in the amount with a message (was a buy of another amount)', async (text, message) => {
    openForm()
    typeInto(field('price'), '80000')
    fireEvent.change(field('amount'), { target: { value: text } })
    expect(field('amount').value).toBe('')
    expect(screen.getByRole('alert').textContent).toBe(message)
    await submit()
    expect(sent).not.toHaveBeenCalled()
  })

  it('names the minimum order value and the price band when it refuses them (QA S3 29)', async () => {
    openForm()
    typeInto(field('price'), '80000')
    typeInto(field('amount'), '0.00001')
    await submit()
    expect(screen.getByText('The minimum order value is 5 USDT.')).toBeTruthy()
    fireEvent.change(field('price'), { target: { value: '60000' } })
    expect(
      screen.getByText('The price must be within 10 % of the mark price: from 72,000.0 to 88,000.0 USDT.'),
    ).toBeTruthy()
    expect(sent).not.toHaveBeenCalled()
  })

  it('keeps the typed price and amount across a reload, and clears the amount once the order is placed (QA S4 35)', async () => {
    const first = openForm('fr_FR')
    typeInto(field('price'), '80000,5')
    typeInto(field('amount'), '0,02')
    first.unmount()
    openForm('fr_FR')
    expect(field('price').value).toBe('80000.5')
    expect(field('amount').value).toBe('0.02')
    await submit()
    expect(sentRequest()).toMatchObject({ price: '80000.5', size: '0.02' })
    cleanup()
    openForm('fr_FR')
    expect(field('amount').value).toBe('')
  })

  it('buys by a total to spend: "spend 100 USDT" sends 100 USDT as the budget and shows the estimated amount', async () => {
    openForm()
    fireEvent.click(screen.getByRole('radio', { name: 'Market' }))
    fireEvent.change(screen.getByTestId('spot-amount-in'), { target: { value: 'quote' } })
    typeInto(field('amount'), '100')
    expect(screen.getByLabelText('Total (USDT)')).toBe(field('amount'))
    expect(screen.getByTestId('preview-size').textContent).toBe('0.00125 BTC')
    await submit()
    expect(sentRequest()).toMatchObject({ type: 'market', side: 'buy', quoteSize: '100' })
    expect(sentRequest()).not.toHaveProperty('size')
  })
})

describe('the trailing stop in the futures order form', () => {
  it('sends a trailing-stop sell with its callback rate and activation price, and no price or trigger', async () => {
    openForm('en_US', 'futures')
    fireEvent.click(screen.getByTestId('side-sell'))
    fireEvent.click(screen.getByRole('radio', { name: 'Trailing' }))
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
    openForm('en_US', 'futures')
    fireEvent.click(screen.getByRole('radio', { name: 'Trailing' }))
    typeInto(field('callbackRate'), '11')
    typeInto(field('amount'), '0.01')
    await submit()
    expect(field('callbackRate').value).toBe('11')
    expect(screen.getByText('The callback rate must be from 0.1 % to 10 %.')).toBeTruthy()
    expect(sent).not.toHaveBeenCalled()
  })

  it('refuses a buy’s activation price above the price now: it would be active at once', async () => {
    openForm('en_US', 'futures')
    fireEvent.click(screen.getByRole('radio', { name: 'Trailing' }))
    typeInto(field('callbackRate'), '1')
    typeInto(field('activation'), '81000')
    typeInto(field('amount'), '0.01')
    await submit()
    expect(screen.getByText('This price is already reached: it would trigger at once.')).toBeTruthy()
    expect(sent).not.toHaveBeenCalled()
  })
})
