/** The leader's followers copying now, a page at a time, each removable after a confirmation. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { MyFollower } from '#/contract/index.ts'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { TableHead } from '#/ui/TableHead.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { Pager } from '#/ui/Pager.tsx'
import { toneOf } from '../shared/tone.ts'
import { ConfirmAction } from './ConfirmAction.tsx'
import { removeLeadFollower } from './lead.functions.ts'
import { leadQueries } from './lead.queries.ts'
import { TableSkeleton } from './LeadSkeleton.tsx'
import { useLeadAction } from './useLeadAction.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

function RemoveFollower({ follower }: { follower: MyFollower }) {
  const { t } = useLingui()
  const name = follower.follower
  const remove = useLeadAction(removeLeadFollower, {
    done: () => t`${name} no longer copies you.`,
    refused: (reason) => (reason === 'not-found' ? t`This follower no longer copies you.` : undefined),
  })
  return (
    <ConfirmAction
      label={t`Remove`}
      accessibleLabel={t`Remove ${name}`}
      title={t`Remove ${name}?`}
      pending={remove.isPending}
      onConfirm={() => remove.mutateAsync({ data: { copyId: follower.copyId } }).catch(() => undefined)}
      testId="remove-follower"
    >
      <p>
        <Trans>
          Their copy ends: the copied positions close at the market price, profit share is settled and the rest returns
          to them.
        </Trans>
      </p>
    </ConfirmAction>
  )
}

export function FollowersSection() {
  const { t } = useLingui()
  const format = useNumberFormat()
  const [page, setPage] = useState(1)
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useQuery(leadQueries.followers(page))
  const dates = useDateTimeFormat('date')
  const modes = { fixed: t`Fixed amount`, ratio: t`Ratio` }
  const statuses = { active: t`Active`, paused: t`Paused`, cancelled: t`Ended` }
  let body
  if (isPending) body = <TableSkeleton rows={3} />
  else if (isError || data.status !== 'ok')
    body = (
      <ErrorState
        message={t`Your followers could not be loaded.`}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    )
  else if (data.data.total === 0)
    body = (
      <p className="rounded-xl border border-line bg-card px-4 py-6 text-center text-sm text-muted">
        <Trans>Nobody copies you yet. Share your public page to find followers.</Trans>
      </p>
    )
  else {
    const list = data.data
    body = (
      <>
        <div className="overflow-x-auto rounded-2xl border border-line bg-card">
          <table className="w-full text-sm" data-testid="followers" aria-busy={isPlaceholderData}>
            <TableHead
              columns={[
                { key: 'follower', label: <Trans>Follower</Trans> },
                { key: 'investment', label: <Trans>Invested (USDT)</Trans>, end: true },
                { key: 'pnl', label: <Trans>Realized PnL (USDT)</Trans>, end: true },
                { key: 'share', label: <Trans>Profit share paid (USDT)</Trans>, end: true, from: 'sm' },
                { key: 'since', label: <Trans>Since</Trans>, end: true, from: 'md' },
                { key: 'action', label: <span className="sr-only">{t`Actions`}</span>, end: true },
              ]}
            />
            <tbody>
              {list.list.map((f) => (
                <tr key={f.copyId} className="border-t border-line" data-testid="follower">
                  <th scope="row" className="px-3 py-3 text-start font-semibold">
                    <span dir="auto">{f.follower}</span>
                    <span className="block text-xs font-normal text-muted">
                      {modes[f.mode]} · {statuses[f.status]}
                    </span>
                  </th>
                  <td dir="ltr" className="px-3 py-3 text-end tabular-nums">
                    {format.usdt(f.investment)}
                  </td>
                  <td dir="ltr" className={`px-3 py-3 text-end tabular-nums ${toneOf(f.realizedPnl)}`}>
                    {format.number(f.realizedPnl, { digits: 2, signed: true })}
                  </td>
                  <td dir="ltr" className="hidden px-3 py-3 text-end tabular-nums sm:table-cell">
                    {format.usdt(f.profitSharePaid)}
                  </td>
                  <td className="hidden px-3 py-3 text-end text-muted md:table-cell">{dates.format(f.since)}</td>
                  <td className="px-3 py-3 text-end">
                    <RemoveFollower follower={f} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          page={page}
          pageSize={list.pageSize}
          total={list.total}
          label={t`Pages of followers`}
          busy={isFetching}
          onPage={setPage}
        />
      </>
    )
  }
  return (
    <section aria-labelledby="followers-title" className="flex flex-col gap-3">
      <h3 id="followers-title" className="text-lg font-semibold">
        <Trans>Followers</Trans>
      </h3>
      {body}
    </section>
  )
}
