// @vitest-environment jsdom
/** Issue 28 item 5: close all (after a confirmation) and reverse, each one action on the trader's own positions. */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { anOrder, aPosition } from '#tests/fixtures/features/trading.ts'
import { BTC_INSTRUMENT } from '#tests/fixtures/features/instruments.ts'
import { pairFacts } from '../shared/pair.ts'
import { placeOrder } from '../trading.functions.ts'
import { CloseAllDialog, ReverseDialog } from './PositionActions.tsx'

vi.mock('../trading.functions.ts', () => ({ placeOrder: vi.fn() }))
vi.mock('#/ui/toast.ts', () => ({ notify: vi.fn() }))
const place = vi.mocked(placeOrder)

beforeEach(() => place.mockReset())
afterEach(cleanup)
// jsdom has no modal dialogs: opening one shows it.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
})

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const position = aPosition
const ui = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </QueryClientProvider>,
  )
const sentOrders = () =>
  place.mock.calls.map(([call]) => {
    const { clientOrderId, ...order } = call?.data ?? { clientOrderId: '' }
    return clientOrderId.length > 0 ? order : undefined
  })
const filled: Awaited<ReturnType<typeof placeOrder>> = {
  status: 'ok',
  data: { order: anOrder({ status: 'filled' }), fills: [], replayed: false },
}

describe('close all', () => {
  it('asks first, then closes every position whole at market, reduce-only', async () => {
    place.mockResolvedValue(filled)
    const done = vi.fn()
    ui(
      <CloseAllDialog
        positions={[position({}), position({ positionId: '2', pairCode: 'ETH_USDT', side: 'short', size: '1.5' })]}
        onDone={done}
      />,
    )
    expect(screen.getByTestId('close-all-dialog').textContent).toContain('Your 2 futures positions close at market')
    expect(place).not.toHaveBeenCalled()
    fireEvent.click(screen.getByTestId('confirm-close-all'))
    await waitFor(() => expect(done).toHaveBeenCalled())
    expect(sentOrders()).toEqual([
      { biz: 'futures', pairCode: 'BTC_USDT', side: 'sell', type: 'market', size: '0.02', reduceOnly: true },
      { biz: 'futures', pairCode: 'ETH_USDT', side: 'buy', type: 'market', size: '1.5', reduceOnly: true },
    ])
  })
})

describe('reverse', () => {
  it('sends one market order of the other side and twice the size', async () => {
    place.mockResolvedValue(filled)
    const done = vi.fn()
    ui(<ReverseDialog position={position({})} pair={pairFacts(BTC_INSTRUMENT)} onDone={done} />)
    fireEvent.click(screen.getByTestId('confirm-reverse'))
    await waitFor(() => expect(done).toHaveBeenCalled())
    expect(sentOrders()).toEqual([{ biz: 'futures', pairCode: 'BTC_USDT', side: 'sell', type: 'market', size: '0.04' }])
  })

  it('says why when the margin is short, and stays open', async () => {
    place.mockResolvedValue({ status: 'refused', reason: 'insufficient-balance', fields: ['size'] })
    const done = vi.fn()
    ui(<ReverseDialog position={position({ side: 'short' })} pair={pairFacts(BTC_INSTRUMENT)} onDone={done} />)
    fireEvent.click(screen.getByTestId('confirm-reverse'))
    expect((await screen.findByRole('alert')).textContent).toBe('Your available balance is not enough for this order.')
    expect(done).not.toHaveBeenCalled()
  })
})
