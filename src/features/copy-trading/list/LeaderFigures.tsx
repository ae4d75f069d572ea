/**
 * The pieces a leader shows in the table and on a phone card alike: name with avatar and link, the
 * figures of the period formatted for the reader, watch and vote buttons, and the copy action.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import type { CopyBiz, LeaderListItem, StatsPeriod } from '#/contract/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import type { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { DEFAULT_PERIOD } from '../shared/period.ts'
import { VoteButtons, WatchButton } from '../shared/LeaderReactions.tsx'

export type NumberFormat = ReturnType<typeof useNumberFormat>

/** The caller's watch and vote of one leader; null when anonymous. */
export interface Reaction {
  watched: boolean | null
  myVote: 1 | -1 | 0 | null
}

/** A number, always left to right (signs and percent stay put in right-to-left pages). */
export function Figure({ text, tone = '' }: { text: string; tone?: string }) {
  return (
    <span dir="ltr" className={`tabular-nums ${tone}`}>
      {text}
    </span>
  )
}

/** The figures of the period, each formatted through the reader's number format. */
export function figuresOf(format: NumberFormat, leader: LeaderListItem) {
  const s = leader.stats
  return {
    roi: format.percent(s.roi),
    pnl: format.number(s.pnl, { digits: 2, signed: true, compact: true }),
    winRate: format.ratio(s.winRate),
    drawdown: format.ratio(s.maxDrawdown),
    aum: format.number(s.aum, { digits: 2, compact: true }),
    /** Slots held (active and paused copies) of the maximum, as the Full badge counts them. */
    copiers: `${format.number(String(leader.maxFollowers - leader.slotsLeft), { digits: 0 })}/${format.number(String(leader.maxFollowers), { digits: 0 })}`,
    copierPnl: format.number(s.copierPnl, {
      digits: 2,
      signed: true,
      compact: true,
    }),
  }
}

export function LeaderName({ leader, biz, period }: { leader: LeaderListItem; biz: CopyBiz; period: StatsPeriod }) {
  const search = { period: period === DEFAULT_PERIOD ? undefined : period }
  const link = 'block truncate font-semibold hover:text-brand hover:underline'
  return (
    <div className="flex min-w-0 items-center gap-3">
      <LeaderAvatar src={leader.avatar} size={36} />
      <div className="min-w-0">
        {biz === 'futures' ? (
          <LocaleLink
            to="/{-$locale}/copy-trading/futures-trader/$id"
            params={{ id: leader.leaderId }}
            search={search}
            className={link}
            title={leader.nickname}
            dir="auto"
            data-testid="leader-name"
          >
            {leader.nickname}
          </LocaleLink>
        ) : (
          <LocaleLink
            to="/{-$locale}/copy-trading/spot-trader/$id"
            params={{ id: leader.leaderId }}
            search={search}
            className={link}
            title={leader.nickname}
            dir="auto"
            data-testid="leader-name"
          >
            {leader.nickname}
          </LocaleLink>
        )}
        {leader.status === 'paused' ? (
          <span className="text-xs text-muted">
            <Trans context="leader status">Paused</Trans>
          </span>
        ) : null}
      </div>
    </div>
  )
}

export function LeaderReactionButtons({ leader, reaction }: { leader: LeaderListItem; reaction: Reaction }) {
  return (
    <div className="flex items-center gap-2">
      <WatchButton leaderId={leader.leaderId} nickname={leader.nickname} watched={reaction.watched} compact />
      <VoteButtons
        leaderId={leader.leaderId}
        nickname={leader.nickname}
        likes={leader.likes}
        dislikes={leader.dislikes}
        myVote={reaction.myVote}
      />
    </div>
  )
}

/** Copy, or why not: every slot taken, the leader takes no new copiers for now, or its equity is below the minimum. */
export function CopyAction({ leader }: { leader: LeaderListItem }) {
  const { t } = useLingui()
  const nickname = leader.nickname
  if (leader.slotsLeft === 0 || leader.status === 'paused') {
    return (
      <span
        className="inline-flex rounded-lg bg-sunken px-3 py-1.5 text-sm font-semibold text-muted"
        data-testid="leader-full"
      >
        {leader.slotsLeft === 0 ? <Trans>Full</Trans> : <Trans context="leader status">Paused</Trans>}
      </span>
    )
  }
  if (!leader.acceptingCopiers) {
    return (
      <span
        className="inline-flex rounded-lg bg-sunken px-3 py-1.5 text-sm font-semibold text-muted"
        title={t`This trader's equity is below the minimum copy amount, so they cannot take new copiers.`}
        data-testid="leader-not-accepting"
      >
        <Trans>Not accepting copiers</Trans>
      </span>
    )
  }
  return (
    <LocaleLink
      to="/{-$locale}/copy-trading/gemw/copy-trader/$"
      params={{ _splat: leader.leaderId }}
      className="inline-flex rounded-lg bg-brand px-4 py-1.5 text-sm font-semibold text-brand-contrast hover:opacity-90"
      aria-label={t`Copy ${nickname}`}
      data-testid="copy-leader"
    >
      <Trans>Copy</Trans>
    </LocaleLink>
  )
}
