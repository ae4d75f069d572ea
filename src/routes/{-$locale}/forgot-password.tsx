import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthFrame, ForgotPasswordForm } from '#/features/auth/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Reset your password`

export const Route = createFileRoute('/{-$locale}/forgot-password')({
  staticData: { layout: 'empty', notReturning: true },
  head: ({ match }) =>
    pageHead({ match, title: TITLE, description: msg`Choose a new password with a code sent to your account.` }),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  return (
    <AuthFrame
      title={TITLE}
      footer={
        <p className="text-sm text-muted">
          <Trans>Remember it?</Trans>{' '}
          <LocaleLink to="/{-$locale}/login" className="font-medium text-brand hover:underline">
            <Trans>Log in</Trans>
          </LocaleLink>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthFrame>
  )
}
