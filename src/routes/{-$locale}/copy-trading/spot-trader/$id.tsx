import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { checkLeaderId, leaderSearchSchema, loadLeader, periodOf } from '../../../../features/copy-trading/leader-route.ts'
import { LeaderDetailView } from '../../../../features/copy-trading/LeaderDetailView.tsx'
import { CopyTradingCrumb, PageFrame } from '../../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../../features/shell/seo.ts'

const TITLE = msg`Spot lead trader`

export const Route = createFileRoute('/{-$locale}/copy-trading/spot-trader/$id')({
  validateSearch: leaderSearchSchema,
  loaderDeps: ({ search }) => ({ period: periodOf(search) }),
  beforeLoad: ({ params }) => checkLeaderId(params.id),
  loader: ({ context, params, deps }) => loadLeader(context.queryClient, params.id, deps.period),
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Performance, positions and followers of a spot lead trader, and how to copy them.` }),
  component: LeaderPage,
})

function LeaderPage() {
  const { id } = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <LeaderDetailView id={id} period={periodOf(search)} onPeriod={(period) => void navigate({ search: { period }, replace: true })} />
    </PageFrame>
  )
}
