import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CopyTradingCrumb, PageFrame } from '../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../features/shell/seo.ts'

const TITLE = msg`Futures lead traders`

export const Route = createFileRoute('/{-$locale}/copy-trading/futures')({
  staticData: { guards: ['futures-redirect'] },
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Compare futures lead traders by ROI, profit, drawdown and copiers, and copy the one that suits you.` }),
  component: FuturesLeadersPage,
})

function FuturesLeadersPage() {
  return (
    <PageFrame
      title={TITLE}
      trail={<CopyTradingCrumb />}
      empty={{
        title: msg`No futures lead traders to show`,
        description: msg`Lead traders appear here once this site is connected to its exchange.`,
      }}
    />
  )
}
