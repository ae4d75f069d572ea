import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AuthFrame } from '../../features/auth/AuthFrame.tsx'
import { loginSearchSchema } from '../../features/auth/auth.schemas.ts'
import { LocaleLink } from '../../features/i18n/LocaleLink.tsx'
import { pageHead } from '../../features/shell/seo.ts'

const TITLE = msg`Log in`

export const Route = createFileRoute('/{-$locale}/login')({
  validateSearch: loginSearchSchema,
  staticData: { layout: 'empty' },
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Log in to your account to trade and copy lead traders.` }),
  component: LoginPage,
})

function LoginPage() {
  const { forwardUrl } = Route.useSearch()
  return (
    <AuthFrame
      title={TITLE}
      empty={{
        title: msg`Sign-in is not open yet`,
        description: msg`Accounts open when this site is connected to its exchange. Until then, you can explore lead traders without an account.`,
      }}
      footer={
        <p className="text-sm text-muted">
          <Trans>New here?</Trans>{' '}
          <LocaleLink to="/{-$locale}/register" search={{ forwardUrl }} className="font-medium text-brand hover:underline">
            <Trans>Create an account</Trans>
          </LocaleLink>
        </p>
      }
    />
  )
}
