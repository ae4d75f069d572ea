import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { refusalText } from './auth-messages.ts'

const i18n = setupI18n({ locale: 'en_US', messages: { en_US: {} } })

describe('sub-account refusals (§6)', () => {
  it('say what the security config restricts, and a plain 403 does not claim to be about a sub-account', () => {
    expect(refusalText(i18n, 'sub-account-login')).toBe(
      'This sub-account cannot log in on its own. Log in with its main account.',
    )
    expect(refusalText(i18n, 'login-change-refused')).toBe(
      'This sub-account’s login details are managed by its main account.',
    )
    expect(refusalText(i18n, 'forbidden')).toBe('This account is not allowed to do this.')
  })
})
