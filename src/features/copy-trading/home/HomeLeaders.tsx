/**
 * The home hero's other half: the futures lead traders with the highest 30-day ROI (the copy home's first list), each
 * a link to the trader, and the platform's counts: what copy trading looks like today, from the same data.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { LeaderLink } from '../shared/LeaderLink.tsx'
import { toneOf } from '../shared/tone.ts'
import { overviewQueries } from './overview.queries.ts'

export function HomeLeaders() {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { data } = useQuery(overviewQueries.overview('futures'))
  const overview = data?.status === 'ok' ? data.data : undefined
  const leaders = overview?.top.highestRoi ?? []
  if (!overview || leaders.length === 0) return null
  const traders = overview.leaders
  const copiers = overview.copiers
  return (
    <aside
      aria-labelledby="home-leaders-title"
      className="flex w-full flex-col gap-3 rounded-2xl border border-line bg-card p-5 shadow-sm"
      data-testid="home-leaders"
    >
      <h2 id="home-leaders-title" className="font-semibold">
        <Trans>Top lead traders, 30-day ROI</Trans>
      </h2>
      <ol className="flex flex-col divide-y divide-line">
        {leaders.map((leader) => (
          <li key={leader.leaderId} className="flex items-center gap-3 py-2.5">
            <LeaderAvatar src={leader.avatar} size={32} />
            <LeaderLink
              leaderId={leader.leaderId}
              biz={leader.biz}
              className="min-w-0 flex-1 truncate font-medium hover:underline"
            >
              <span dir="auto">{leader.nickname}</span>
            </LeaderLink>
            <span className={`font-semibold tabular-nums ${toneOf(leader.stats.roi)}`} dir="ltr">
              {format.percent(leader.stats.roi)}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-muted">{t`${traders} lead traders, ${copiers} copiers`}</p>
      <LocaleLink to="/{-$locale}/copy-trading/gemw" className="text-sm font-semibold text-brand hover:underline">
        <Trans>See all lead traders</Trans>
      </LocaleLink>
    </aside>
  )
}
