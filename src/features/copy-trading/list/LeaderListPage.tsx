/** The pages of the two leader-list routes: the page frame around a market's lead traders, with the search in the URL. */
import { useNavigate, useSearch } from '@tanstack/react-router'
import type { CopyBiz } from '#/contract/index.ts'
import { CopyTradingCrumb, PageFrame } from '#/features/shell/index.ts'
import { LeaderListView } from './LeaderListView.tsx'
import { LEADER_LIST_PAGES } from './leader-list-route.ts'

const ROUTES = {
  futures: '/{-$locale}/copy-trading/futures',
  spot: '/{-$locale}/copy-trading/spot',
} as const satisfies Record<CopyBiz, string>

function LeaderListPage({ biz }: { biz: CopyBiz }) {
  const from = ROUTES[biz]
  const search = useSearch({ from })
  const navigate = useNavigate({ from })
  return (
    <PageFrame title={LEADER_LIST_PAGES[biz].title} trail={<CopyTradingCrumb />}>
      <LeaderListView
        biz={biz}
        search={search}
        onSearch={(update) => void navigate({ search: update, replace: true, resetScroll: false })}
      />
    </PageFrame>
  )
}

export const FuturesLeadersPage = () => <LeaderListPage biz="futures" />
export const SpotLeadersPage = () => <LeaderListPage biz="spot" />
