import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { singleIdFromSplat } from '../../../../../features/routing/not-found.ts'
import { CopyTradingCrumb, PageFrame } from '../../../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../../../features/shell/seo.ts'

const TITLE = msg`My copy`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/copy-detail/$')({
  staticData: { guards: ['auth-route'] },
  beforeLoad: ({ params }) => ({ leaderId: singleIdFromSplat(params._splat) }),
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Your copy of a lead trader: profit and loss, open positions and settings.` }),
  component: CopyDetailPage,
})

function CopyDetailPage() {
  return <PageFrame title={TITLE} trail={<CopyTradingCrumb />} empty={{ title: msg`No copy of this lead trader yet`, description: msg`Your copied positions, profit and settings appear here once this site is connected to its exchange.` }} />
}
