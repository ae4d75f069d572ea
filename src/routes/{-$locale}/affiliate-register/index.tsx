import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useRouterState } from '@tanstack/react-router'
import {
  AffiliateForm,
  affiliateQueries,
  ApplicationStatus,
  useRememberApplication,
} from '#/features/affiliate/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Affiliate registration`

export const Route = createFileRoute('/{-$locale}/affiliate-register/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(affiliateQueries.mine()),
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Apply to the affiliate programme as a creator, community or trading educator.`,
    }),
  component: AffiliateRegisterPage,
})

function AffiliateRegisterPage() {
  const { shell, account } = Route.useRouteContext()
  const { data } = useSuspenseQuery(affiliateQueries.mine())
  useRememberApplication(data, account !== undefined)
  const href = useRouterState({ select: (s) => s.location.href })
  return (
    <PageFrame
      title={TITLE}
      lead={
        <p>
          <Trans>Tell us about your audience and channels; our partnerships team reviews every application.</Trans>{' '}
          <LocaleLink
            to="/{-$locale}/affiliate-register/why-join-{$product}"
            params={{ product: shell.config.product }}
            className="font-medium text-brand hover:underline"
          >
            <Trans>Why join?</Trans>
          </LocaleLink>
        </p>
      }
    >
      {!account ? (
        <section className="flex max-w-xl flex-col items-start gap-3 rounded-2xl border border-line bg-card p-6">
          <h2 className="text-lg font-semibold">
            <Trans>Log in to apply</Trans>
          </h2>
          <p className="text-muted">
            <Trans>Applications are tied to your account, so we can pay your commission into it.</Trans>
          </p>
          <LocaleLink
            to="/{-$locale}/login"
            search={{ redirectUrl: href }}
            className="rounded-xl bg-brand px-5 py-2.5 font-semibold text-brand-contrast"
          >
            <Trans>Log in</Trans>
          </LocaleLink>
        </section>
      ) : data.status !== 'ok' ? (
        <p role="alert" className="text-down">
          <Trans>We could not reach the exchange. Check your connection and try again.</Trans>
        </p>
      ) : data.data && data.data.status !== 'rejected' ? (
        <ApplicationStatus application={data.data} />
      ) : (
        <>
          {data.data ? <ApplicationStatus application={data.data} /> : null}
          <AffiliateForm />
        </>
      )}
    </PageFrame>
  )
}
