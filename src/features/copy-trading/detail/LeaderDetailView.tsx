/**
 * A lead trader's page: profile with likes, dislikes and watch, every statistic of the chosen
 * period with the ROI / PnL chart, the open positions with live marks and unrealized PnL, the
 * latest closed positions, the copiers, and the follow button (or why it is not available).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { LeaderDetail, StatsPeriod } from '#/contract/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { FigureTerm } from '../shared/FigureTerm.tsx'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { LeaderFollowers } from './LeaderFollowers.tsx'
import { LeaderPerformance } from './LeaderPerformance.tsx'
import { leaderQueries } from '../shared/leader.queries.ts'
import { VoteButtons, WatchButton } from '../shared/LeaderReactions.tsx'
import { LivePositions } from '../shared/LivePositions.tsx'
import { PositionHistory } from '../shared/PositionHistory.tsx'

function FollowAction({ leader }: { leader: LeaderDetail }) {
  const button = 'inline-flex rounded-xl px-5 py-3 font-semibold'
  if (leader.myCopy) {
    return (
      <LocaleLink
        to="/{-$locale}/copy-trading/gemw/copy-detail/$"
        params={{ _splat: leader.leaderId }}
        className={`${button} border border-line hover:bg-sunken`}
        data-testid="my-copy-link"
      >
        <Trans>You copy this trader: see your copy</Trans>
      </LocaleLink>
    )
  }
  // Anonymous readers are told too: not accepting copiers is the trader's state, not the reader's.
  const reason =
    leader.canFollow.reason === 'login' && !leader.acceptingCopiers ? 'leader-below-minimum' : leader.canFollow.reason
  if (leader.canFollow.ok || reason === 'login') {
    return (
      <LocaleLink
        to="/{-$locale}/copy-trading/gemw/copy-trader/$"
        params={{ _splat: leader.leaderId }}
        className={`${button} bg-brand text-brand-contrast hover:opacity-90`}
        data-testid="follow"
      >
        <Trans>Copy</Trans>
      </LocaleLink>
    )
  }
  return (
    <p
      role="status"
      className="rounded-xl bg-sunken px-4 py-3 text-sm"
      data-testid="follow-blocked"
      data-reason={reason ?? ''}
    >
      {reason === 'leader-full' ? (
        <Trans>All copy slots of this trader are taken.</Trans>
      ) : reason === 'leader-paused' ? (
        <Trans>This trader is not taking new copiers at the moment.</Trans>
      ) : reason === 'leader-below-minimum' ? (
        <Trans>This trader's equity is below the minimum copy amount, so they cannot take new copiers.</Trans>
      ) : reason === 'follow-self' ? (
        <Trans>This is you.</Trans>
      ) : reason === 'follow-while-leading' ? (
        <Trans>Lead traders cannot copy other traders.</Trans>
      ) : (
        <Trans>You already copy this trader.</Trans>
      )}
    </p>
  )
}

export function LeaderDetailView({
  id,
  period,
  onPeriod,
}: {
  id: string
  period: StatsPeriod
  onPeriod: (period: StatsPeriod) => void
}) {
  const { t } = useLingui()
  const format = useNumberFormat()
  // The route's loader has them, and answered 404 for a trader that does not exist.
  const { data: detail, refetch, isFetching } = useSuspenseQuery(leaderQueries.detail(id, period))
  const { data: positions } = useSuspenseQuery(leaderQueries.positions(id))
  const { data: history } = useSuspenseQuery(leaderQueries.history(id))
  if (detail.status !== 'ok') {
    return (
      <ErrorState
        message={t`This trader's page could not be loaded. Check your connection and try again.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  }
  const leader = detail.data
  const share = format.ratio(leader.profitShareRate, 0)
  const nickname = leader.nickname
  return (
    <div className="flex flex-col gap-8" data-testid="leader">
      <section className="flex flex-wrap items-start gap-4">
        <LeaderAvatar src={leader.avatar} size={64} />
        <div className="min-w-0 flex-1">
          <h2 className="text-2xl font-bold" data-testid="nickname" dir="auto">
            {leader.nickname}
          </h2>
          <p className="mt-1 max-w-2xl text-muted" dir="auto" data-testid="bio">
            {leader.bio}
          </p>
          <p className="mt-2 flex flex-wrap gap-2 text-xs text-muted">
            <span className="rounded bg-sunken px-2 py-0.5">{leader.biz === 'futures' ? t`Futures` : t`Spot`}</span>
            <span className="rounded bg-sunken px-2 py-0.5">
              <FigureTerm figure="profitShare">{t`Profit share ${share}`}</FigureTerm>
            </span>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <VoteButtons
              leaderId={leader.leaderId}
              nickname={nickname}
              likes={leader.likes}
              dislikes={leader.dislikes}
              myVote={leader.myVote}
            />
            <WatchButton leaderId={leader.leaderId} nickname={nickname} watched={leader.watched} />
          </div>
        </div>
        <FollowAction leader={leader} />
      </section>
      <LeaderPerformance leader={leader} period={period} onPeriod={onPeriod} />
      <section aria-labelledby="positions-title" className="flex flex-col gap-3">
        <h3 id="positions-title" className="text-lg font-semibold">
          <Trans>Current positions</Trans>
        </h3>
        <LivePositions
          positions={positions.status === 'ok' ? positions.data : []}
          caption={t`Current positions of ${nickname}`}
        />
      </section>
      <PositionHistory list={history.status === 'ok' ? history.data.list : []} />
      <LeaderFollowers id={leader.leaderId} nickname={nickname} />
    </div>
  )
}
