import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CopyTradingCrumb, PageFrame } from '../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../features/shell/seo.ts'

const TITLE = msg`Leader centre`

export const Route = createFileRoute('/{-$locale}/copy-trading/lead')({
  staticData: { guards: ['auth-route'] },
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Become a lead trader, manage your settings, followers and profit share.` }),
  component: LeaderCentrePage,
})

function LeaderCentrePage() {
  return (
    <PageFrame
      title={TITLE}
      trail={<CopyTradingCrumb />}
      empty={{
        title: msg`Your leader centre is empty`,
        description: msg`Leader settings, followers and profit share appear here once this site is connected to its exchange.`,
      }}
    />
  )
}
