import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CopyTradingCrumb, PageFrame } from '../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../features/shell/seo.ts'

const TITLE = msg`My copies`

export const Route = createFileRoute('/{-$locale}/copy-trading/my')({
  staticData: { guards: ['auth-route'] },
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`The lead traders you copy, with your totals and your follow history.` }),
  component: MyCopiesPage,
})

function MyCopiesPage() {
  return (
    <PageFrame
      title={TITLE}
      trail={<CopyTradingCrumb />}
      empty={{
        title: msg`You are not copying anyone yet`,
        description: msg`Your copies and follow history appear here once this site is connected to its exchange.`,
      }}
    />
  )
}
