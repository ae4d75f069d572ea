// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ERROR_REASONS } from '#/contract/index.ts'
import { Form } from '#/ui/FormError.tsx'
import { copyRefusalText } from '../shared/refusal.texts.ts'
import { CopySettingsFields } from './CopySettingsFields.tsx'
import { emptySettings, SETTINGS_ERRORS, type CopySettingsValues } from './copy-settings.ts'
import { settingsErrorText } from './setup.texts.ts'
import { markRefused, useCopySettingsForm, type CopySettingsForm } from './useCopySettingsForm.ts'

// The page's locale and the help centre, as the root route gives them to the help links.
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useRouteContext: () => ({ locale: 'ar_AE', shell: { config: { helpCenterUrl: 'https://help.example.com' } } }),
}))

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })

function Harness({
  onSubmit,
  expose,
}: {
  onSubmit: (values: CopySettingsValues) => void
  expose?: (form: CopySettingsForm) => void
}) {
  const form = useCopySettingsForm({
    defaultValues: emptySettings(),
    context: { minimum: '100', available: '1000' },
    onSubmit,
  })
  expose?.(form)
  return (
    <Form onSubmit={() => form.handleSubmit()}>
      <CopySettingsFields form={form} investmentLabel="Investment (USDT)" minimum="100" />
      <button type="submit">Review</button>
    </Form>
  )
}

function setup(expose?: (form: CopySettingsForm) => void) {
  const onSubmit = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <Harness onSubmit={onSubmit} expose={expose} />
    </I18nProvider>,
  )
  const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label)
  const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } })
  return { onSubmit, input, type }
}

describe('copy settings fields', () => {
  it('show the amount of the chosen mode, and leverage only when fixed', () => {
    const { input } = setup()
    expect(input(/Margin per copied order/)).toBeTruthy()
    expect(screen.queryByLabelText(/Ratio of the trader/)).toBeNull()
    expect(screen.queryByLabelText(/^Leverage \(×\)/)).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Ratio' }))
    expect(input(/Ratio of the trader/)).toBeTruthy()
    expect(screen.queryByLabelText(/Margin per copied order/)).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed leverage' }))
    expect(input(/^Leverage \(×\)/)).toBeTruthy()
  })

  it('keep what was typed, never clamped, and refuse on submit naming the limit (QA S3 19)', async () => {
    const { onSubmit, input, type } = setup()
    const review = screen.getByRole('button', { name: 'Review' })
    // Copy investment 50 under a minimum of 100: it stays 50 on leaving the field (was raised to 100).
    type(/^Investment/, '50')
    fireEvent.blur(input(/^Investment/))
    expect(input(/^Investment/).value).toBe('50')
    // Copy stop loss 150 %: it stays 150 (was cut to 100).
    type(/^Stop loss/, '150')
    expect(input(/^Stop loss/).value).toBe('150')
    type(/Margin per copied order/, '25')
    fireEvent.click(review)
    expect(await screen.findByText('The minimum is 100 USDT.')).toBeTruthy()
    expect(screen.getByText('Enter a value from 0.01 to 100 %.')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
    // Fixed leverage 500 stays 500 and names the maximum; 2.5 is refused as typed (leverage is whole).
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed leverage' }))
    type(/^Leverage \(×\)/, '2.5')
    expect(input(/^Leverage \(×\)/).value).toBe('')
    expect(screen.getByText('Whole numbers only here.')).toBeTruthy()
    type(/^Leverage \(×\)/, '500')
    expect(input(/^Leverage \(×\)/).value).toBe('500')
    fireEvent.click(review)
    expect(await screen.findByText('Enter a value from 1 to 125 ×.')).toBeTruthy()
  })

  it('read a French decimal comma as the decimal point, and refuse more decimals than the field takes', () => {
    const { input, type } = setup()
    type(/^Take profit/, '1,5')
    expect(input(/^Take profit/).value).toBe('1,5')
    type(/^Take profit/, '1,555')
    expect(input(/^Take profit/).value).toBe('1,5')
    expect(screen.getByText('Decimal places allowed here: 2.')).toBeTruthy()
  })

  it('leave a refusal behind with the field, so the form names what is wrong with the value it holds', async () => {
    const { input, type } = setup()
    type(/^Stop loss/, '150')
    type(/^Stop loss/, '150.555')
    expect(screen.getByText('Decimal places allowed here: 2.')).toBeTruthy()
    fireEvent.blur(input(/^Stop loss/))
    expect(screen.queryByText('Decimal places allowed here: 2.')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Review' }))
    expect(await screen.findByText('Enter a value from 0.01 to 100 %.')).toBeTruthy()
    expect(input(/^Stop loss/).value).toBe('150')
  })

  it('explain each missing or wrong value, keep what was typed, and submit valid values once', async () => {
    const { onSubmit, input, type } = setup()
    const review = screen.getByRole('button', { name: 'Review' })
    fireEvent.click(review)
    expect(await screen.findAllByText('Enter a value.')).toHaveLength(2)
    expect(onSubmit).not.toHaveBeenCalled()
    type(/^Investment/, '2000')
    expect(screen.getByText('Your USDT balance is not enough for this amount.')).toBeTruthy()
    type(/^Investment/, '500')
    type(/Margin per copied order/, '600')
    fireEvent.click(review)
    expect(await screen.findByText('The margin of one copied order cannot be more than the investment.')).toBeTruthy()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(input(/Margin per copied order/).value).toBe('600')
    type(/Margin per copied order/, '25.5')
    fireEvent.click(review)
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ mode: 'fixed', investment: '500', fixedAmount: '25.5' })
    expect(input(/^Investment/).value).toBe('500')
  })

  it('link each term to its help-centre article in the page language', () => {
    setup()
    const help = (name: string) => screen.getByRole('link', { name: new RegExp(`^Learn more about ${name}`) })
    expect(help('copy modes').getAttribute('href')).toBe('https://help.example.com/ar/copy-trading/copy-modes')
    expect(help('take profit').getAttribute('href')).toBe(
      'https://help.example.com/ar/copy-trading/take-profit-stop-loss',
    )
    expect(help('stop loss').getAttribute('href')).toBe(
      'https://help.example.com/ar/copy-trading/take-profit-stop-loss',
    )
    expect(help('copy stop loss').getAttribute('href')).toBe('https://help.example.com/ar/copy-trading/copy-stop-loss')
    expect(help('copy modes').getAttribute('target')).toBe('_blank')
  })

  it('show the fields the exchange refused until they change', () => {
    let form: CopySettingsForm | undefined
    const { type } = setup((f) => (form = f))
    act(() => {
      if (form) markRefused(form, ['maxPerOrder'])
    })
    expect(screen.getByText('The exchange did not accept this value.')).toBeTruthy()
    type(/^Largest margin per order/, '40')
    expect(screen.queryByText('The exchange did not accept this value.')).toBeNull()
  })
})

describe('error codes as text', () => {
  it('every field code and every refusal has words of its own', () => {
    const texts = SETTINGS_ERRORS.map((code) => settingsErrorText(i18n, code, '50'))
    expect(new Set(texts).size).toBe(SETTINGS_ERRORS.length)
    expect(settingsErrorText(i18n, 'below-minimum', '50')).toBe('The minimum is 50 USDT.')
    expect(copyRefusalText(i18n, 'leader-full')).toBe('All copy slots of this trader are taken.')
    expect(copyRefusalText(i18n, 'insufficient-balance')).toBe('Your USDT balance is not enough for this amount.')
    expect(copyRefusalText(i18n, 'already-copying')).toBe('You already copy this trader.')
    for (const reason of ERROR_REASONS) expect(copyRefusalText(i18n, reason)).not.toBe('')
  })
})
