/** The pages of the three leader-detail routes: the page frame around the trader, with the period in the URL. */
import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { CopyTradingCrumb, PageFrame } from '#/features/shell/index.ts'
import { periodOf } from '../shared/period.ts'
import { LeaderDetailView } from './LeaderDetailView.tsx'
import { LEADER_PAGES, type LeaderPageKind } from './leader-route.ts'

const ROUTES = {
  gemw: '/{-$locale}/copy-trading/gemw/$id',
  futures: '/{-$locale}/copy-trading/futures-trader/$id',
  spot: '/{-$locale}/copy-trading/spot-trader/$id',
} as const satisfies Record<LeaderPageKind, string>

function LeaderDetailPage({ kind }: { kind: LeaderPageKind }) {
  const from = ROUTES[kind]
  const { id } = useParams({ from })
  const period = periodOf(useSearch({ from }))
  const navigate = useNavigate({ from })
  return (
    <PageFrame title={LEADER_PAGES[kind].title} trail={<CopyTradingCrumb />}>
      <LeaderDetailView
        id={id}
        period={period}
        onPeriod={(next) => void navigate({ search: { period: next }, replace: true })}
      />
    </PageFrame>
  )
}

export const GemwLeaderPage = () => <LeaderDetailPage kind="gemw" />
export const FuturesLeaderPage = () => <LeaderDetailPage kind="futures" />
export const SpotLeaderPage = () => <LeaderDetailPage kind="spot" />
