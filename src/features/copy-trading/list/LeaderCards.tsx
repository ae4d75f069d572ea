/**
 * The leader list on a phone (narrow screens): one card per leader, and skeleton cards of the same shape while loading.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { CopyBiz, LeaderListItem, StatsPeriod } from '#/contract/index.ts'
import { Sparkline } from '#/features/markets/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { CopyAction, Figure, figuresOf, LeaderName, LeaderReactionButtons, type Reaction } from './LeaderFigures.tsx'
import type { FigureKey } from '../methodology/figures.texts.ts'
import { FigureTerm } from '../shared/FigureTerm.tsx'
import { toneOf } from '../shared/tone.ts'

export interface LeaderCardsProps {
  rows: LeaderListItem[]
  biz: CopyBiz
  period: StatsPeriod
  reactionOf: (leaderId: string) => Reaction
  placeholders: number
}

function Stat({ label, info, children }: { label: ReactNode; info: FigureKey; children: ReactNode }) {
  return (
    <div className="min-w-0">
      {/* The label wraps rather than truncates: it is a button (its definition), which an ellipsis would clip. */}
      <dt className="text-xs break-words text-muted">
        <FigureTerm figure={info}>{label}</FigureTerm>
      </dt>
      <dd className="truncate font-medium">{children}</dd>
    </div>
  )
}

function LeaderCard({
  leader,
  biz,
  period,
  reaction,
}: {
  leader: LeaderListItem
  biz: CopyBiz
  period: StatsPeriod
  reaction: Reaction
}) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const f = figuresOf(format, leader)
  const nickname = leader.nickname
  return (
    <li className="rounded-2xl border border-line bg-card p-4" data-testid="leader-card">
      <div className="flex h-10 items-center justify-between gap-3">
        <LeaderName leader={leader} biz={biz} period={period} />
        <CopyAction leader={leader} />
      </div>
      <div className="mt-3 flex h-12 items-end justify-between gap-3">
        <div>
          <p className="text-xs text-muted">
            <FigureTerm figure="roi">
              <Trans>ROI</Trans>
            </FigureTerm>
          </p>
          <p className="text-2xl leading-8 font-bold">
            <Figure text={f.roi} tone={toneOf(leader.stats.roi)} />
          </p>
        </div>
        <Sparkline values={leader.sparkline} label={t`ROI trend of ${nickname}`} />
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
        <Stat label={<Trans>PnL (USDT)</Trans>} info="pnl">
          <Figure text={f.pnl} tone={toneOf(leader.stats.pnl)} />
        </Stat>
        <Stat label={<Trans>Win rate</Trans>} info="winRate">
          <Figure text={f.winRate} />
        </Stat>
        <Stat label={<Trans>Max drawdown</Trans>} info="maxDrawdown">
          <Figure text={f.drawdown} />
        </Stat>
        <Stat label={<Trans>AUM (USDT)</Trans>} info="aum">
          <Figure text={f.aum} />
        </Stat>
        <div className="min-w-0">
          <dt className="truncate text-xs text-muted">
            <Trans>Copiers</Trans>
          </dt>
          <dd className="truncate font-medium">
            <Figure text={f.copiers} />
          </dd>
        </div>
        <Stat label={<Trans>Copier PnL</Trans>} info="copierPnl">
          <Figure text={f.copierPnl} tone={toneOf(leader.stats.copierPnl)} />
        </Stat>
      </dl>
      <div className="mt-3 h-9">
        <LeaderReactionButtons leader={leader} reaction={reaction} />
      </div>
    </li>
  )
}

function SkeletonCard() {
  const block = 'animate-pulse rounded bg-sunken'
  return (
    <li className="rounded-2xl border border-line bg-card p-4" aria-hidden="true" data-testid="skeleton-card">
      <div className="flex h-10 items-center gap-3">
        <div className="size-9 shrink-0 animate-pulse rounded-full bg-sunken" />
        <div className={`h-4 w-32 ${block}`} />
      </div>
      <div className="mt-3 flex h-12 items-end">
        <div className={`h-8 w-24 ${block}`} />
      </div>
      <div className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className={`h-10 ${block}`} />
        ))}
      </div>
      <div className={`mt-3 h-9 w-40 ${block}`} />
    </li>
  )
}

export function LeaderCards({ rows, biz, period, reactionOf, placeholders }: LeaderCardsProps) {
  return (
    <ul className="flex flex-col gap-3" data-testid="leader-cards">
      {rows.map((leader) => (
        <LeaderCard
          key={leader.leaderId}
          leader={leader}
          biz={biz}
          period={period}
          reaction={reactionOf(leader.leaderId)}
        />
      ))}
      {Array.from({ length: placeholders }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </ul>
  )
}
