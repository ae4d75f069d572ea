import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthFrame, registerSearchSchema, RegisterForm } from '#/features/auth/index.ts'
import { storedInviteCode } from '#/features/campaign/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Create an account`

export const Route = createFileRoute('/{-$locale}/register')({
  validateSearch: registerSearchSchema,
  staticData: { layout: 'empty', notReturning: true },
  // An invite code kept from an earlier landing link fills the form when this link has none.
  beforeLoad: () => ({ storedInviteCode: storedInviteCode() }),
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Open an account with your email or mobile number and start copy trading.`,
    }),
  component: RegisterPage,
})

function RegisterPage() {
  const { forwardUrl, inviteCode } = Route.useSearch()
  const { storedInviteCode: stored } = Route.useRouteContext()
  return (
    <AuthFrame
      title={TITLE}
      footer={
        <p className="text-sm text-muted">
          <Trans>Already have an account?</Trans>{' '}
          <LocaleLink to="/{-$locale}/login" search={{ forwardUrl }} className="font-medium text-brand hover:underline">
            <Trans>Log in</Trans>
          </LocaleLink>
        </p>
      }
    >
      <RegisterForm returnTo={forwardUrl} inviteCode={inviteCode ?? stored} />
    </AuthFrame>
  )
}
