import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthFrame, loginSearchSchema, LoginForm } from '#/features/auth/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Log in`

export const Route = createFileRoute('/{-$locale}/login')({
  validateSearch: loginSearchSchema,
  staticData: { layout: 'empty', notReturning: true },
  head: ({ match }) =>
    pageHead({ match, title: TITLE, description: msg`Log in to your account to trade and copy lead traders.` }),
  component: LoginPage,
})

function LoginPage() {
  const { forwardUrl, redirectUrl } = Route.useSearch()
  const returnTo = forwardUrl ?? redirectUrl
  return (
    <AuthFrame
      title={TITLE}
      footer={
        <p className="text-sm text-muted">
          <Trans>New here?</Trans>{' '}
          <LocaleLink
            to="/{-$locale}/register"
            search={{ forwardUrl: returnTo }}
            className="font-medium text-brand hover:underline"
          >
            <Trans>Create an account</Trans>
          </LocaleLink>
        </p>
      }
    >
      <LoginForm returnTo={returnTo} />
    </AuthFrame>
  )
}
