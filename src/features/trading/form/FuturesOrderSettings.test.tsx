// @vitest-environment jsdom
/** The leverage box takes what is typed and refuses what the pair cannot take, naming the limit (QA S1 2, S3 19). */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { polyfillDialog } from '#tests/fixtures/dialog.ts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setLeverage } from '../trading.functions.ts'
import { FuturesOrderSettings } from './FuturesOrderSettings.tsx'

vi.mock('../trading.functions.ts', () => ({ setLeverage: vi.fn(), setMarginMode: vi.fn() }))
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useRouteContext: () => ({ locale: 'en_US', shell: { config: { helpCenterUrl: 'https://help.example.com' } } }),
}))

polyfillDialog()

afterEach(cleanup)
beforeEach(() => {
  vi.mocked(setLeverage).mockReset()
  vi.mocked(setLeverage).mockImplementation(({ data }) =>
    Promise.resolve({
      status: 'ok',
      data: { pairCode: data.pairCode, long: data.leverage, short: data.leverage, max: 125 },
    }),
  )
})

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })

function openDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <FuturesOrderSettings
          pairCode="BTC_USDT"
          signedIn
          marginMode="isolated"
          leverage={20}
          maxLeverage={125}
          brackets={[]}
          leading={false}
        />
      </I18nProvider>
    </QueryClientProvider>,
  )
  fireEvent.click(screen.getByTestId('leverage'))
  const input = screen.getByTestId('field-leverage')
  if (!(input instanceof HTMLInputElement)) throw new Error('no leverage box')
  return input
}

/** One key: Backspace takes the last character, any other adds it. */
function press(input: HTMLInputElement, key: string) {
  const value = key === 'Backspace' ? input.value.slice(0, -1) : input.value + key
  fireEvent.change(input, { target: { value } })
}

const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))

describe('the leverage box', () => {
  it('clearing it and typing 5 gives 5 (was 15)', async () => {
    const input = openDialog()
    expect(input.value).toBe('20')
    press(input, 'Backspace')
    press(input, 'Backspace')
    expect(input.value).toBe('')
    press(input, '5')
    expect(input.value).toBe('5')
    confirm()
    await vi.waitFor(() => expect(setLeverage).toHaveBeenCalledTimes(1))
    expect(vi.mocked(setLeverage).mock.calls[0]?.[0].data.leverage).toBe(5)
  })

  it('keeps 500 as typed and refuses it, naming the maximum (was 125 with no message)', () => {
    const input = openDialog()
    fireEvent.change(input, { target: { value: '500' } })
    expect(input.value).toBe('500')
    confirm()
    expect(screen.getByRole('alert').textContent).toBe('Maximum leverage on this pair is 125x.')
    expect(setLeverage).not.toHaveBeenCalled()
  })

  it('refuses 12.5: leverage is a whole number (was 112)', () => {
    const input = openDialog()
    fireEvent.change(input, { target: { value: '' } })
    for (const key of '12.5') press(input, key)
    expect(input.value).toBe('12')
    expect(screen.getByRole('alert').textContent).toBe('Whole numbers only here.')
  })
})
