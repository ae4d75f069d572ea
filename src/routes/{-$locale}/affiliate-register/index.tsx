import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LocaleLink } from '../../../features/i18n/LocaleLink.tsx'
import { PageFrame } from '../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../features/shell/seo.ts'

const TITLE = msg`Affiliate registration`

export const Route = createFileRoute('/{-$locale}/affiliate-register/')({
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Apply to the affiliate programme as a creator, community or trading educator.` }),
  component: AffiliateRegisterPage,
})

function AffiliateRegisterPage() {
  const { shell } = Route.useRouteContext()
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
      empty={{
        title: msg`Applications are not open yet`,
        description: msg`The application form opens when this site is connected to its exchange.`,
      }}
    />
  )
}
