import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CopySetupView } from '../../../../../features/copy-trading/setup/CopySetupView.tsx'
import { loadCopySetup } from '../../../../../features/copy-trading/setup/setup-route.ts'
import { singleIdFromSplat } from '../../../../../features/routing/not-found.ts'
import { CopyTradingCrumb, PageFrame } from '../../../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../../../features/shell/seo.ts'

const TITLE = msg`Copy this lead trader`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/copy-trader/$')({
  staticData: { guards: ['auth-route'] },
  beforeLoad: ({ params }) => ({ leaderId: singleIdFromSplat(params._splat) }),
  loader: ({ context }) => loadCopySetup(context.queryClient, context.leaderId),
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Set your amount, leverage and limits to copy a lead trader.` }),
  component: CopyTraderPage,
})

function CopyTraderPage() {
  const { leaderId } = Route.useRouteContext()
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <CopySetupView leaderId={leaderId} />
    </PageFrame>
  )
}
