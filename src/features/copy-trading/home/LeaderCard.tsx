/**
 * A lead trader as a card: avatar, nickname, ROI of the period with its sparkline, PnL, drawdown, copiers, and a link
 * to the trader.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { LeaderSummary } from '#/contract/index.ts'
import { Sparkline } from '#/features/markets/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import type { FigureKey } from '../methodology/figures.texts.ts'
import { FigureTerm } from '../shared/FigureTerm.tsx'
import { LeaderLink } from '../shared/LeaderLink.tsx'
import { toneOf } from '../shared/tone.ts'

function Stat({ label, info, value }: { label: ReactNode; info: FigureKey; value: string }) {
  return (
    <div>
      <dt className="text-muted">
        <FigureTerm figure={info}>{label}</FigureTerm>
      </dt>
      <dd className="font-medium tabular-nums">
        <span dir="ltr">{value}</span>
      </dd>
    </div>
  )
}

export function LeaderCard({ leader }: { leader: LeaderSummary }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const s = leader.stats
  const nickname = leader.nickname
  const roi = format.percent(s.roi)
  const full = leader.slotsLeft === 0
  const copiers = `${s.copiers}/${leader.maxFollowers}`
  return (
    <article
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line bg-card p-4"
      data-testid="leader-card"
    >
      <header className="flex items-center gap-3">
        <LeaderAvatar src={leader.avatar} size={40} />
        <div className="min-w-0">
          <h3 className="truncate font-semibold">
            <LeaderLink leaderId={leader.leaderId} biz={leader.biz} className="hover:underline">
              <span dir="auto">{nickname}</span>
            </LeaderLink>
          </h3>
          <p className="text-xs text-muted">
            {leader.acceptingCopiers ? (full ? t`Full` : t`${copiers} copiers`) : t`Not accepting copiers`}
          </p>
        </div>
      </header>
      <div className="flex items-end justify-between gap-2">
        <div>
          <p className="text-xs text-muted">
            <FigureTerm figure="roi">
              <Trans>ROI, 30 days</Trans>
            </FigureTerm>
          </p>
          <p className={`text-xl font-bold tabular-nums ${toneOf(s.roi)}`}>
            <span dir="ltr">{roi}</span>
          </p>
        </div>
        <Sparkline values={leader.sparkline} label={t`ROI of ${nickname} over 30 days: ${roi}`} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-xs">
        <Stat
          label={<Trans>PnL</Trans>}
          info="pnl"
          value={format.number(s.pnl, { digits: 2, signed: true, compact: true })}
        />
        <Stat label={<Trans>Drawdown</Trans>} info="maxDrawdown" value={format.ratio(s.maxDrawdown)} />
        <Stat label={<Trans>AUM</Trans>} info="aum" value={format.number(s.aum, { digits: 2, compact: true })} />
      </dl>
    </article>
  )
}

/** The card's place while the overview loads: the same size, so nothing jumps. */
export function LeaderCardSkeleton() {
  return <div className="h-[11.5rem] animate-pulse rounded-2xl border border-line bg-sunken" aria-hidden="true" />
}
