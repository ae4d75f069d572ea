import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LeadCentreSkeleton, LeadCentreView, leadQueries } from '#/features/copy-trading/index.ts'
import { CopyTradingCrumb, PageFrame, pageHead } from '#/features/shell/index.ts'

const TITLE = msg`Leader centre`

export const Route = createFileRoute('/{-$locale}/copy-trading/lead')({
  staticData: { guards: ['auth-route'] },
  loader: async ({ context }) => {
    const summary = await context.queryClient.ensureQueryData(leadQueries.summary())
    if (summary.status !== 'ok') return
    // A leader sees their dashboard, anyone else the checklist to lead (futures first).
    if (summary.data.isLeader) {
      await Promise.all([
        context.queryClient.ensureQueryData(leadQueries.settings()),
        context.queryClient.ensureQueryData(leadQueries.profitShare(1)),
        context.queryClient.ensureQueryData(leadQueries.followers(1)),
      ])
    } else await context.queryClient.ensureQueryData(leadQueries.requirements('futures'))
  },
  head: ({ match }) =>
    pageHead({
      match,
      title: TITLE,
      description: msg`Become a lead trader, manage your settings, followers and profit share.`,
    }),
  pendingComponent: LeaderCentrePending,
  component: LeaderCentrePage,
})

function LeaderCentrePending() {
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <LeadCentreSkeleton />
    </PageFrame>
  )
}

function LeaderCentrePage() {
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <LeadCentreView />
    </PageFrame>
  )
}
