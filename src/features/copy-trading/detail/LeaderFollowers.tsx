/** Who copies a lead trader now: masked nickname, since when, what they invested and their realized PnL. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { ErrorState } from '#/ui/ErrorState.tsx'
import { RelativeTime } from '#/ui/RelativeTime.tsx'
import { TableHead } from '#/ui/TableHead.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { leaderQueries } from '../shared/leader.queries.ts'
import { toneOf } from '../shared/tone.ts'

export function LeaderFollowers({ id, nickname }: { id: string; nickname: string }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { data, refetch, isFetching } = useSuspenseQuery(leaderQueries.followers(id))
  const total = data.status === 'ok' ? data.data.total : 0
  return (
    <section aria-labelledby="followers-title" className="flex flex-col gap-3">
      <h3 id="followers-title" className="text-lg font-semibold">
        <Trans>Copiers</Trans> <span className="text-sm font-normal text-muted tabular-nums">({total})</span>
      </h3>
      {data.status !== 'ok' ? (
        <ErrorState
          message={t`The copiers could not be loaded.`}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : data.data.list.length === 0 ? (
        <p className="rounded-xl border border-line bg-card px-4 py-6 text-center text-sm text-muted">
          <Trans>Nobody copies this trader yet.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-line bg-card">
          <table className="w-full text-sm" data-testid="followers">
            <caption className="sr-only">{t`Copiers of ${nickname}`}</caption>
            <TableHead
              padding="px-4 py-2"
              columns={[
                { key: 'copier', label: t`Copier` },
                { key: 'since', label: t`Copying since` },
                { key: 'invested', label: t`Invested (USDT)`, end: true },
                { key: 'pnl', label: t`Realized PnL (USDT)`, end: true },
              ]}
            />
            <tbody className="divide-y divide-line">
              {data.data.list.map((f) => (
                <tr key={`${f.nickname}:${f.since}`}>
                  <td className="px-4 py-2.5 font-medium" dir="auto">
                    {f.nickname}
                  </td>
                  <td className="px-4 py-2.5 text-muted">
                    <RelativeTime at={f.since} />
                  </td>
                  <td dir="ltr" className="px-4 py-2.5 text-end tabular-nums">
                    {format.usdt(f.investment)}
                  </td>
                  <td dir="ltr" className={`px-4 py-2.5 text-end tabular-nums ${toneOf(f.pnl)}`}>
                    {format.number(f.pnl, { digits: 2, signed: true })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
