// @vitest-environment jsdom
/** The lead-trader terms keep what was typed and name the cap they break (issue 28, QA S3 19). */
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyToLead } from './lead.functions.ts'
import { TermsForm } from './TermsForm.tsx'

vi.mock('./lead.functions.ts', () => ({ applyToLead: vi.fn(), saveLeadSettings: vi.fn() }))
vi.mock('#/features/markets/index.ts', () => ({
  marketsQueries: { overview: () => ({ queryKey: ['markets'], queryFn: () => Promise.resolve([]) }) },
}))

afterEach(cleanup)

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })

function setup() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <TermsForm mode="apply" biz="futures" />
      </I18nProvider>
    </QueryClientProvider>,
  )
  const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label)
  const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } })
  return { input, type }
}

describe('the lead-trader terms', () => {
  it('keep a profit share of 99 %, 100,000 followers and a long nickname as typed, and refuse them naming the caps', async () => {
    const { input, type } = setup()
    type(/^Profit share/, '99')
    type(/^Maximum followers/, '100000')
    const long = 'A'.repeat(40)
    type(/^Nickname followers see/, long)
    // Nothing clamped or cut while typing (was 99 → 30, 100000 → 10000, the nickname cut at its limit).
    expect(input(/^Profit share/).value).toBe('99')
    expect(input(/^Maximum followers/).value).toBe('100000')
    expect(input(/^Nickname followers see/).value).toBe(long)
    fireEvent.click(screen.getByRole('button', { name: 'Become a lead trader' }))
    expect(await screen.findByText('Enter a share from 0 to 30 %.')).toBeTruthy()
    expect(screen.getByText('Enter a whole number from 1 to 10,000.')).toBeTruthy()
    expect(screen.getByText('Use 2 to 20 characters.')).toBeTruthy()
    expect(applyToLead).not.toHaveBeenCalled()
  })
})
