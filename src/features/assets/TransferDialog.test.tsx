// @vitest-environment jsdom
/**
 * The transfer dialog moves what the user typed, in any of the 13 languages (issue 28, S1 1, 3, 6): a property test
 * types a random amount as a user of each language would (its decimal mark, and Arabic-Indic digits with the Arabic
 * decimal separator on an Arabic keyboard) and checks the amount sent; strings that are not a number are refused.
 */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import Decimal from 'decimal.js'
import fc from 'fast-check'
import { polyfillDialog } from '#tests/fixtures/dialog.ts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LOCALES } from '#/app.config.ts'
import { runs } from '#tests/fixtures/properties.ts'
import { transferBetweenWallets } from './assets.functions.ts'
import { SPOT_WALLET } from './assets.queries.ts'
import { TransferDialog } from './TransferDialog.tsx'

vi.mock('./assets.functions.ts', () => ({
  transferBetweenWallets: vi.fn(),
}))

const sent = vi.mocked(transferBetweenWallets)

polyfillDialog()

beforeEach(() => {
  sent.mockReset()
  sent.mockImplementation(({ data }) =>
    Promise.resolve({
      status: 'ok',
      data: { from: data.from, to: data.to, coin: data.coin, amount: data.amount, replayed: false },
    }),
  )
})
afterEach(cleanup)

const AVAILABLE = '1000000'

/** How a user of the language writes a number: its digits and decimal mark (Arabic: the Arabic keyboard's). */
function keyboardOf(tag: string) {
  const typed = tag.startsWith('ar') ? `${tag}-u-nu-arab` : tag
  const parts = new Intl.NumberFormat(typed, { useGrouping: false }).formatToParts(0.5)
  const mark = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const digits = Array.from({ length: 10 }, (_, d) => new Intl.NumberFormat(typed).format(d))
  return (plain: string) =>
    Array.from(plain, (ch) => (ch === '.' ? mark : /\d/.test(ch) ? (digits[Number(ch)] ?? ch) : ch)).join('')
}

function open(locale: string) {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <TransferDialog from={SPOT_WALLET} available={() => AVAILABLE} onDone={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  const input = screen.getByTestId('field-transfer-amount')
  if (!(input instanceof HTMLInputElement)) throw new Error('no amount field')
  return input
}

/** Types one character at a time, as a keyboard does: each keystroke adds to what the field shows. */
function typeInto(input: HTMLInputElement, text: string) {
  for (const ch of Array.from(text)) fireEvent.change(input, { target: { value: input.value + ch } })
}

async function submit() {
  fireEvent.submit(screen.getByTestId('transfer-dialog'))
  await new Promise((resolve) => setTimeout(resolve, 0))
}

const amount = fc
  .tuple(
    fc.integer({ min: 0, max: 999_999 }),
    fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: 8 }),
  )
  .map(([integer, fraction]) => (fraction === '' ? String(integer) : `${integer}.${fraction}`))
  .filter((plain) => new Decimal(plain).gt(0))

const locale = fc.constantFrom(...LOCALES)

describe('the transfer amount', () => {
  it('sends exactly the number typed, in every language and keyboard', async () => {
    await fc.assert(
      fc.asyncProperty(amount, locale, async (plain, { code, tag }) => {
        cleanup()
        sent.mockClear()
        const input = open(code)
        typeInto(input, keyboardOf(tag)(plain))
        await submit()
        expect(sent).toHaveBeenCalledTimes(1)
        expect(sent.mock.calls[0]?.[0].data.amount).toBe(new Decimal(plain).toFixed())
      }),
      {
        ...runs(100),
        // Found by the property on the filters of §5 taken literally: the French comma was dropped (0,01 sent 1).
        examples: [
          ['0.01', LOCALES.find((l) => l.code === 'fr_FR') ?? LOCALES[0]],
          ['1.5', LOCALES.find((l) => l.code === 'fr_FR') ?? LOCALES[0]],
          ['0.01', LOCALES.find((l) => l.code === 'ar_AE') ?? LOCALES[0]],
        ],
      },
    )
  })

  it('refuses, with a message at the field, a text that is not a number', async () => {
    const notANumber = fc
      .string({ unit: fc.constantFrom(...'0123456789.,-+eE x_٬\u00a0', 'a', 'é', '中'), minLength: 1, maxLength: 12 })
      .filter((text) => !/^\d*[.,]?\d*$/.test(text))
    await fc.assert(
      fc.asyncProperty(notANumber, async (text) => {
        cleanup()
        sent.mockClear()
        const input = open('en_US')
        // Pasted whole: the field keeps what it had (nothing) and says why.
        fireEvent.change(input, { target: { value: text } })
        expect(input.value).toBe('')
        expect(screen.getByRole('alert').textContent).not.toBe('')
        await submit()
        expect(sent).not.toHaveBeenCalled()
      }),
      runs(100),
    )
  })
})

describe('the transfer dialog (QA report steps)', () => {
  it('moves 1.5 USDT when "1,5" is typed in French', async () => {
    const input = open('fr_FR')
    typeInto(input, '1,5')
    expect(input.value).toBe('1,5')
    await submit()
    expect(sent.mock.calls[0]?.[0].data.amount).toBe('1.5')
  })

  it.each([
    ['-5', '', 'A minus sign cannot be typed here.'],
    ['1e3', '1', 'Type the number in full: an exponent (e) cannot be typed here.'],
  ])('refuses %j typed key by key with a message, never reading another number', async (text, kept, message) => {
    const input = open('en_US')
    typeInto(input, text)
    expect(input.value).toBe(kept)
    expect(screen.getByRole('alert').textContent).toBe(message)
    await submit()
    // What the field shows is all that can be sent: nothing for "-5", 1 (never 13 or 5) for "1e3".
    if (kept === '') expect(sent).not.toHaveBeenCalled()
    else expect(sent.mock.calls[0]?.[0].data.amount).toBe(kept)
  })

  it('refuses more decimals than USDT moves with, naming them, instead of cutting', async () => {
    const input = open('en_US')
    fireEvent.change(input, { target: { value: '12.123456789' } })
    expect(input.value).toBe('')
    expect(screen.getByRole('alert').textContent).toBe('Decimal places allowed here: 8.')
    await submit()
    expect(sent).not.toHaveBeenCalled()
  })
})
