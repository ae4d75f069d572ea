import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ID_PATTERN, validationFailed } from '../../../../features/routing/not-found.ts'
import { CopyTradingCrumb, PageFrame } from '../../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../../features/shell/seo.ts'

const TITLE = msg`Spot lead trader`

export const Route = createFileRoute('/{-$locale}/copy-trading/spot-trader/$id')({
  beforeLoad: ({ params }) => {
    if (!ID_PATTERN.test(params.id)) validationFailed()
  },
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Performance, positions and followers of a spot lead trader, and how to copy them.` }),
  component: SpotLeaderPage,
})

function SpotLeaderPage() {
  return (
    <PageFrame
      title={TITLE}
      trail={<CopyTradingCrumb />}
      empty={{
        title: msg`No data for this lead trader yet`,
        description: msg`Statistics, positions and followers of this lead trader appear here once this site is connected to its exchange.`,
      }}
    />
  )
}
