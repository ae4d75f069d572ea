import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { MethodologyView } from '#/features/copy-trading/index.ts'
import { CopyTradingCrumb, PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`How we calculate the figures`

// Static content: no loader, no data; the tooltips beside every figure link to its sections.
export const Route = createFileRoute('/{-$locale}/copy-trading/methodology')({
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`The formula, window and contents of every copy-trading figure (ROI, PnL, drawdown, win rate, Sharpe ratio, profit share), with a worked example.`,
    }),
  component: MethodologyPage,
})

function MethodologyPage() {
  return (
    <PageFrame
      title={TITLE}
      trail={<CopyTradingCrumb />}
      lead={
        <Trans>
          Every figure on the copy-trading pages follows these rules, for lead traders and for your own copies alike.
          Amounts are in USDT and times in UTC.
        </Trans>
      }
    >
      <MethodologyView />
    </PageFrame>
  )
}
