import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { idSchema } from '../../../../../contract/index.ts'
import { leaderQueries } from '../../../../../features/copy-trading/leader.queries.ts'
import { myCopyQueries } from '../../../../../features/copy-trading/my-copy.queries.ts'
import { MyCopyView } from '../../../../../features/copy-trading/MyCopyView.tsx'
import { singleIdFromSplat } from '../../../../../features/routing/not-found.ts'
import { CopyTradingCrumb, PageFrame } from '../../../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../../../features/shell/seo.ts'

const TITLE = msg`My copy`

export const Route = createFileRoute('/{-$locale}/copy-trading/gemw/copy-detail/$')({
  staticData: { guards: ['auth-route'] },
  beforeLoad: ({ params }) => ({ leaderId: singleIdFromSplat(params._splat) }),
  loader: async ({ context }) => {
    // A leader id that is not a number names no copy: the page says so, without a call.
    if (!idSchema.safeParse(context.leaderId).success) return
    await Promise.all([context.queryClient.ensureQueryData(myCopyQueries.detail(context.leaderId)), context.queryClient.ensureQueryData(leaderQueries.detail(context.leaderId, '30d'))])
  },
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Your copy of a lead trader: profit and loss, open positions and settings.` }),
  component: CopyDetailPage,
})

function CopyDetailPage() {
  const { leaderId } = Route.useRouteContext()
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <MyCopyView leaderId={leaderId} />
    </PageFrame>
  )
}
