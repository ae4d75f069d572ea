import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LocaleLink } from '#/features/i18n/index.ts'
import { validationFailed } from '#/features/routing/index.ts'
import { affiliateProgramSchema, affiliateQueries, WhyJoin } from '#/features/affiliate/index.ts'
import { loadPrerendered } from '#/features/prerender/index.ts'
import { PageFrame, pageHead } from '#/features/shell/index.ts'
import { productName } from '#/lib/product.ts'

const TITLE = msg`Why join {name}`

export const Route = createFileRoute('/{-$locale}/affiliate-register/why-join-{$product}')({
  beforeLoad: ({ params, context }) => {
    // The page exists for this deployment's product only (`why-join-tandem` by default).
    if (params.product.toLowerCase() !== context.shell.config.product) validationFailed()
  },
  // A prerendered page (app.config PRERENDER): a client navigation reads its build's payload file.
  loader: ({ context: { queryClient }, location }) =>
    loadPrerendered(queryClient, location.pathname, {
      queryKey: affiliateQueries.program().queryKey,
      schema: affiliateProgramSchema,
      load: () => queryClient.ensureQueryData(affiliateQueries.program()),
    }),
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      values: { name: productName(match.context.shell.config.product) },
      description: msg`Commission tiers, payouts and support for affiliates and creators.`,
    }),
  component: WhyJoinPage,
})

function WhyJoinPage() {
  const { shell } = Route.useRouteContext()
  const name = productName(shell.config.product)
  return (
    <PageFrame
      title={{ ...TITLE, values: { name } }}
      trail={
        <li>
          <LocaleLink to="/{-$locale}/affiliate-register" className="hover:text-ink hover:underline">
            <Trans>Affiliate registration</Trans>
          </LocaleLink>
        </li>
      }
      lead={<Trans>Earn commission on the trading fees of every trader you bring, for as long as they trade.</Trans>}
    >
      <WhyJoin />
    </PageFrame>
  )
}
