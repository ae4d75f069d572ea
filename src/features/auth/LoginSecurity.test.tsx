// @vitest-environment jsdom
import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChangePasswordForm, LoginSecurity } from './LoginSecurity.tsx'

const sent = vi.hoisted(() => {
  const calls: unknown[] = []
  const answer: { current: unknown } = { current: { status: 'ok', data: null } }
  return { calls, answer }
})
vi.mock('./login-change.functions.ts', () => ({
  changePassword: (input: unknown) => {
    sent.calls.push(input)
    return Promise.resolve(sent.answer.current)
  },
}))
vi.mock('#/ui/toast.ts', () => ({ notify: () => undefined }))

afterEach(() => {
  cleanup()
  sent.calls.length = 0
})

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })
const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>)

describe('changing the login (§6 changeLogin)', () => {
  it('a sub-account with changeLogin false sees the entry disabled, with the reason', () => {
    wrap(<LoginSecurity changeLogin={false} />)
    const button = screen.getByRole('button', { name: 'Change password' })
    expect(button).toHaveProperty('disabled', true)
    expect(button.getAttribute('aria-describedby')).toBe('login-change-locked-why')
    expect(document.getElementById('login-change-locked-why')?.textContent).toBe(
      'This sub-account’s login details are managed by its main account.',
    )
  })

  it('an account that may change it gets an enabled entry', () => {
    wrap(<LoginSecurity changeLogin />)
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveProperty('disabled', false)
    expect(screen.queryByTestId('login-change-locked')).toBeNull()
  })

  it("shows the exchange's refusal in the reader's words", async () => {
    sent.answer.current = { status: 'refused', reason: 'login-change-refused', fields: [] }
    const done = vi.fn()
    wrap(<ChangePasswordForm onDone={done} />)
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Sub12345' } })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Another123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe(
        'This sub-account’s login details are managed by its main account.',
      ),
    )
    expect(sent.calls).toEqual([{ data: { password: 'Sub12345', newPassword: 'Another123' } }])
    expect(done).not.toHaveBeenCalled()
  })

  it('checks the new password before sending it', async () => {
    wrap(<ChangePasswordForm onDone={() => undefined} />)
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Sub12345' } })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } })
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    await screen.findByText('Use 8 to 64 characters.')
    expect(sent.calls).toEqual([])
  })
})
