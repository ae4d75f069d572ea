import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, useRouterState } from '@tanstack/react-router'
import { AffiliateForm } from '../../../features/affiliate/AffiliateForm.tsx'
import { affiliateQueries } from '../../../features/affiliate/affiliate.queries.ts'
import { ApplicationStatus } from '../../../features/affiliate/ApplicationStatus.tsx'
import { LocaleLink } from '../../../features/i18n/LocaleLink.tsx'
import { PageFrame } from '../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../features/shell/seo.ts'

const TITLE = msg`Affiliate registration`

export const Route = createFileRoute('/{-$locale}/affiliate-register/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(affiliateQueries.mine()),
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Apply to the affiliate programme as a creator, community or trading educator.` }),
  component: AffiliateRegisterPage,
})

function AffiliateRegisterPage() {
  const { shell } = Route.useRouteContext()
  const { data } = useSuspenseQuery(affiliateQueries.mine())
  const href = useRouterState({ select: (s) => s.location.href })
  return (
    <PageFrame
      title={TITLE}
      lead={
        <p>
          <Trans>Tell us about your audience and channels; our partnerships team reviews every application.</Trans>{' '}
          <LocaleLink to="/{-$locale}/affiliate-register/why-join-{$product}" params={{ product: shell.config.product }} className="font-medium text-brand hover:underline">
            <Trans>Why join?</Trans>
          </LocaleLink>
        </p>
      }
    >
      {data.status === 'ready' && data.application && data.application.status !== 'rejected' ? (
        <ApplicationStatus application={data.application} />
      ) : data.status === 'ready' ? (
        <>
          {data.application ? <ApplicationStatus application={data.application} /> : null}
          <AffiliateForm />
        </>
      ) : data.status === 'unavailable' ? (
        <p role="alert" className="text-down">
          <Trans>We could not reach the exchange. Check your connection and try again.</Trans>
        </p>
      ) : (
        <section className="flex max-w-xl flex-col items-start gap-3 rounded-2xl border border-line bg-card p-6">
          <h2 className="text-lg font-semibold">
            <Trans>Log in to apply</Trans>
          </h2>
          <p className="text-muted">
            <Trans>Applications are tied to your account, so we can pay your commission into it.</Trans>
          </p>
          <LocaleLink to="/{-$locale}/login" search={{ redirectUrl: href }} className="rounded-xl bg-brand px-5 py-2.5 font-semibold text-brand-contrast">
            <Trans>Log in</Trans>
          </LocaleLink>
        </section>
      )}
    </PageFrame>
  )
}
