/** One lead trader I copy: who, the copy's status and result, its open positions, and the way to the copy's page. */
import { Trans, useLingui } from '@lingui/react/macro'
import type { MyCopiesItem } from '#/contract/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { COPY_STATUS_LABELS } from './my-copies.texts.ts'
import { FigureList, type Figure } from '../shared/FigureGrid.tsx'
import { toneOf } from '../shared/tone.ts'

const AVATAR_SIZE = 44

export function CopyCard({ copy }: { copy: MyCopiesItem }) {
  const { i18n, t } = useLingui()
  const format = useNumberFormat()
  const share = format.ratio(copy.profitShareRate)
  const figures: Figure[] = [
    {
      label: t`Net profit (USDT)`,
      value: format.number(copy.net, { digits: 2, signed: true }),
      tone: toneOf(copy.net),
      info: 'followerPnl',
    },
    { label: t`Invested (USDT)`, value: format.number(copy.investment, { digits: 2 }) },
    { label: t`Open positions`, value: format.number(String(copy.openPositions), { digits: 0 }) },
  ]
  return (
    <li
      className="relative flex min-w-0 flex-col gap-4 rounded-2xl border border-line bg-card p-4 hover:border-brand"
      data-testid="copy-card"
      data-leader={copy.leaderId}
    >
      <div className="flex items-center gap-3">
        <LeaderAvatar src={copy.avatar} size={AVATAR_SIZE} />
        <div className="min-w-0 flex-1">
          {/* The name is the card's one link; its box covers the card, so the whole card opens the copy. */}
          <LocaleLink
            to="/{-$locale}/copy-trading/gemw/copy-detail/$"
            params={{ _splat: copy.leaderId }}
            className="block truncate font-semibold after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand"
            dir="auto"
          >
            {copy.nickname}
          </LocaleLink>
          <span
            className={`mt-1 inline-block rounded px-1.5 py-0.5 text-xs ${copy.status === 'active' ? 'bg-up/15 text-up' : 'bg-sunken text-muted'}`}
          >
            {i18n._(COPY_STATUS_LABELS[copy.status])}
          </span>
          {/* The rate this copy pays: the one agreed when it began, or the trader's lower one since. */}
          <span className="ms-2 text-xs text-muted" data-testid="copy-share-rate">
            {t`Profit share ${share}`}
          </span>
        </div>
        <div className="text-end">
          <p className="text-xs text-muted">
            <Trans>ROI</Trans>
          </p>
          <p className={`text-lg font-semibold tabular-nums ${toneOf(copy.roi)}`}>
            <span dir="ltr">{format.percent(copy.roi)}</span>
          </p>
        </div>
      </div>
      <FigureList figures={figures} columns="grid-cols-3" />
      {copy.leaderAcceptingCopiers ? null : (
        <p role="note" className="rounded-lg bg-down/10 px-3 py-2 text-sm" data-testid="leader-below-minimum">
          <Trans>This trader's equity is below the minimum; they cannot take new copiers and may not be trading.</Trans>
        </p>
      )}
    </li>
  )
}

/** A card's placeholder at its final size. */
export function CopyCardSkeleton() {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-line bg-card p-4" aria-hidden="true">
      <div className="flex items-center gap-3">
        <div className="size-11 shrink-0 animate-pulse rounded-full bg-sunken" />
        <div className="flex-1">
          <div className="h-5 w-1/2 animate-pulse rounded bg-sunken" />
          <div className="mt-1 h-5 w-14 animate-pulse rounded bg-sunken" />
        </div>
        <div className="h-11 w-16 animate-pulse rounded bg-sunken" />
      </div>
      <div className="h-10 animate-pulse rounded bg-sunken" />
    </li>
  )
}
