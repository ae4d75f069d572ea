/** The copies that ended, latest first: who, why it ended, from when to when, and what it made. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { FollowHistoryItem } from '#/contract/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { LeaderAvatar } from '../shared/LeaderAvatar.tsx'
import { END_REASON_LABELS, UNKNOWN_END_REASON } from './my-copies.texts.ts'
import { myCopiesQueries } from './my-copies.queries.ts'
import { Pager } from '#/ui/Pager.tsx'
import { toneOf } from '../shared/tone.ts'
import { FigureList } from '../shared/FigureGrid.tsx'
import type { DateTimeFormatter } from '#/lib/format/date-time.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

const AVATAR_SIZE = 36
const SKELETON_ROWS = 3

function HistoryItem({ item, dates }: { item: FollowHistoryItem; dates: DateTimeFormatter }) {
  const { i18n, t } = useLingui()
  const format = useNumberFormat()
  const figures = [
    { label: t`Invested (USDT)`, value: format.number(item.investment, { digits: 2 }) },
    {
      label: t`Realized PnL (USDT)`,
      value: format.number(item.realizedPnl, { digits: 2, signed: true }),
      tone: toneOf(item.realizedPnl),
    },
    { label: t`Profit share paid (USDT)`, value: format.number(item.profitSharePaid, { digits: 2 }) },
    {
      label: t`Net profit (USDT)`,
      value: format.number(item.net, { digits: 2, signed: true }),
      tone: toneOf(item.net),
    },
  ]
  return (
    <li className="flex flex-col gap-3 px-4 py-4" data-testid="history-item" data-reason={item.endReason ?? ''}>
      <div className="flex flex-wrap items-center gap-3">
        <LeaderAvatar src={item.avatar} size={AVATAR_SIZE} />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" dir="auto">
            {item.nickname}
          </p>
          <p className="text-xs text-muted">
            <time dateTime={new Date(item.since).toISOString()}>{dates.format(item.since)}</time>
            {' – '}
            <time dateTime={new Date(item.until).toISOString()}>{dates.format(item.until)}</time>
          </p>
        </div>
        <span className="rounded bg-sunken px-2 py-0.5 text-xs">
          {i18n._(item.endReason ? END_REASON_LABELS[item.endReason] : UNKNOWN_END_REASON)}
        </span>
      </div>
      <FigureList figures={figures} columns="grid-cols-2 sm:grid-cols-4" />
    </li>
  )
}

/** An item's placeholder, laid out like the item so nothing moves when it arrives. */
function HistoryItemSkeleton() {
  return (
    <li className="flex flex-col gap-3 px-4 py-4">
      <div className="flex items-center gap-3">
        <div className="size-9 shrink-0 animate-pulse rounded-full bg-sunken" />
        <div className="flex-1">
          <div className="h-6 w-1/3 animate-pulse rounded bg-sunken" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-sunken" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="h-9 animate-pulse rounded bg-sunken" />
        ))}
      </div>
    </li>
  )
}

export function FollowHistoryList() {
  const { t } = useLingui()
  const [page, setPage] = useState(1)
  const { data, isError, isFetching, isPlaceholderData, refetch } = useQuery(myCopiesQueries.history(page))
  const dates = useDateTimeFormat('date')
  let body
  if (isError || data?.status === 'unavailable' || data?.status === 'not-found') {
    body = (
      <ErrorState
        message={t`Your follow history could not be loaded.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  } else if (!data) {
    body = (
      <ul className="divide-y divide-line rounded-2xl border border-line bg-card" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <HistoryItemSkeleton key={i} />
        ))}
      </ul>
    )
  } else if (data.data.list.length === 0) {
    body = (
      <p className="rounded-xl border border-line bg-card px-4 py-6 text-center text-sm text-muted">
        <Trans>Copies you end appear here.</Trans>
      </p>
    )
  } else {
    const history = data.data
    body = (
      <>
        <ul
          className={`divide-y divide-line rounded-2xl border border-line bg-card ${isPlaceholderData ? 'opacity-60' : ''}`}
          data-testid="follow-history"
          aria-busy={isPlaceholderData}
        >
          {history.list.map((item) => (
            <HistoryItem key={item.copyId} item={item} dates={dates} />
          ))}
        </ul>
        <Pager
          page={history.page}
          pageSize={history.pageSize}
          total={history.total}
          label={t`Follow history pages`}
          busy={isPlaceholderData}
          onPage={setPage}
        />
      </>
    )
  }
  return (
    <section aria-labelledby="follow-history-title" className="flex flex-col gap-3">
      <h2 id="follow-history-title" className="text-lg font-semibold">
        <Trans>Follow history</Trans>
      </h2>
      {body}
    </section>
  )
}
