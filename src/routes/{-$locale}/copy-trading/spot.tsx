import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CopyTradingCrumb, PageFrame } from '../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../features/shell/seo.ts'

const TITLE = msg`Spot lead traders`

export const Route = createFileRoute('/{-$locale}/copy-trading/spot')({
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Compare spot lead traders by ROI, profit, drawdown and copiers, and copy the one that suits you.` }),
  component: SpotLeadersPage,
})

function SpotLeadersPage() {
  return (
    <PageFrame
      title={TITLE}
      trail={<CopyTradingCrumb />}
      empty={{
        title: msg`No spot lead traders to show`,
        description: msg`Lead traders appear here once this site is connected to its exchange.`,
      }}
    />
  )
}
