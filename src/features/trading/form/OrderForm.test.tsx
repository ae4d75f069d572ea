// @vitest-environment jsdom
/**
 * The spot order form as the QA report used it (issue 28): amounts in French and on an Arabic keyboard, characters a
 * number cannot have, the limit named in a refusal, what was typed kept across a reload, and a market buy by total.
 */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WalletAccount } from '#/contract/index.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { assetsQueries, SPOT_WALLET } from '#/features/assets/index.ts'
import { BTC_INSTRUMENT } from '#tests/fixtures/features/instruments.ts'
import { RESTING_BTC_BUY } from '#tests/fixtures/features/orders.ts'
import { pairFacts } from '../shared/pair.ts'
import { placeOrder } from '../trading.functions.ts'
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

const sent = vi.mocked(placeOrder)

beforeEach(() => {
  sessionStorage.clear()
  sent.mockReset()
  sent.mockResolvedValue({ status: 'ok', data: { order: placed, fills: [], replayed: false } })
})
afterEach(cleanup)

function openForm(locale = 'en_US') {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  client.setQueryData(assetsQueries.wallet(SPOT_WALLET).queryKey, loadedOk(wallet))
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <OrderForm
          biz="spot"
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
