import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { singleIdFromSplat } from '../../../../../features/routing/not-found.ts'
import { CopyTradingCrumb, PageFrame } from '../../../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../../../features/shell/seo.ts'

const TITLE = msg`Copy this lead trader`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/copy-trader/$')({
  staticData: { guards: ['auth-route'] },
  beforeLoad: ({ params }) => ({ leaderId: singleIdFromSplat(params._splat) }),
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Set your amount, leverage and limits to copy a lead trader.` }),
  component: CopyTraderPage,
})

function CopyTraderPage() {
  return <PageFrame title={TITLE} trail={<CopyTradingCrumb />} empty={{ title: msg`Copying is not open yet`, description: msg`Copy settings open here once this site is connected to its exchange.` }} />
}
