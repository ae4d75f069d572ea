import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CopySetupView, leaderSplatParams, loadCopySetup } from '#/features/copy-trading/index.ts'
import { CopyTradingCrumb, PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Copy this lead trader`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/copy-trader/$')({
  staticData: { guards: ['auth-route'] },
  params: leaderSplatParams,
  loader: ({ context, params }) => loadCopySetup(context.queryClient, params._splat),
  head: ({ match }) =>
    pageHead({ match, title: TITLE, description: msg`Set your amount, leverage and limits to copy a lead trader.` }),
  component: CopyTraderPage,
})

function CopyTraderPage() {
  const { _splat: leaderId } = Route.useParams()
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <CopySetupView leaderId={leaderId} />
    </PageFrame>
  )
}
