import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { LeaderListView } from '../../../features/copy-trading/list/LeaderListView.tsx'
import { leaderListSearchSchema } from '../../../features/copy-trading/list/leader-list.schemas.ts'
import { loadLeaderList } from '../../../features/copy-trading/list/leader-list.queries.ts'
import { CopyTradingCrumb, PageFrame } from '../../../features/shell/PageFrame.tsx'
import { pageHead } from '../../../features/shell/seo.ts'

const TITLE = msg`Spot lead traders`

export const Route = createFileRoute('/{-$locale}/copy-trading/spot')({
  validateSearch: leaderListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadLeaderList(context.queryClient, 'spot', deps, context.shell.loggedIn),
  head: ({ match }) => pageHead({ match, title: TITLE, description: msg`Compare spot lead traders by ROI, profit, drawdown and copiers, and copy the one that suits you.` }),
  component: SpotLeadersPage,
})

function SpotLeadersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PageFrame title={TITLE} trail={<CopyTradingCrumb />}>
      <LeaderListView biz="spot" search={search} onSearch={(update) => void navigate({ search: update, replace: true, resetScroll: false })} />
    </PageFrame>
  )
}
