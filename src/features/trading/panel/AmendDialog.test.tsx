// @vitest-environment jsdom
/** Changing an order with an empty amount says so at the field and sends nothing (issue 28, QA S3 20). */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { polyfillDialog } from '#tests/fixtures/dialog.ts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RESTING_BTC_BUY } from '#tests/fixtures/features/orders.ts'
import { amendOrder } from '../trading.functions.ts'
import { AmendDialog } from './OpenOrders.tsx'

vi.mock('../trading.functions.ts', () => ({ amendOrder: vi.fn(), cancelAllOrders: vi.fn(), cancelOrder: vi.fn() }))

polyfillDialog()

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const order = RESTING_BTC_BUY
const pair = { pairCode: 'BTC_USDT', base: 'BTC', quote: 'USDT', priceDigits: 1, sizeDigits: 5, label: 'BTC/USDT' }

describe('the change-order dialog', () => {
  it('refuses an empty amount with a message at the field, sending nothing', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <AmendDialog order={order} biz="spot" pair={pair} onDone={() => {}} />
      </I18nProvider>,
    )
    fireEvent.change(screen.getByTestId('field-amend-size'), { target: { value: '' } })
    fireEvent.submit(screen.getByTestId('amend-order'))
    expect(await screen.findByText('Enter a value.')).toBeTruthy()
    expect(amendOrder).not.toHaveBeenCalled()
  })

  it('reads a French decimal comma in the new amount', async () => {
    vi.mocked(amendOrder).mockResolvedValue({ status: 'ok', data: { ...order, size: '0.02' } })
    render(
      <I18nProvider i18n={i18n}>
        <AmendDialog order={order} biz="spot" pair={pair} onDone={() => {}} />
      </I18nProvider>,
    )
    fireEvent.change(screen.getByTestId('field-amend-size'), { target: { value: '0,02' } })
    fireEvent.submit(screen.getByTestId('amend-order'))
    await vi.waitFor(() => expect(amendOrder).toHaveBeenCalledTimes(1))
    expect(vi.mocked(amendOrder).mock.calls[0]?.[0]).toEqual({ data: { biz: 'spot', orderId: '1', size: '0.02' } })
  })
})
