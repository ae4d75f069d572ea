import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SecurityView, securityQueries } from '#/features/auth/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Security`

export const Route = createFileRoute('/{-$locale}/account/security')({
  staticData: { guards: ['auth-route'] },
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(securityQueries.twoFactor()),
      context.queryClient.ensureQueryData(securityQueries.sessions()),
    ])
  },
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Your active sessions, two-factor authentication and password.`,
      noindex: true,
    }),
  component: SecurityPage,
})

function SecurityPage() {
  return (
    <PageFrame title={TITLE}>
      <SecurityView />
    </PageFrame>
  )
}
