/** On the copy-trading home, for a signed-in user: how their copies are doing, with a link to them. */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { LocaleLink } from '#/features/i18n/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { myCopiesQueries } from '../my-copies/my-copies.queries.ts'
import { FigureTerm } from '../shared/FigureTerm.tsx'
import { toneOf } from '../shared/tone.ts'

export function MyCopySummary() {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { data } = useQuery(myCopiesQueries.copies())
  if (data?.status !== 'ok') return <div className="h-[4.75rem]" aria-hidden="true" />
  const live = data.data.list.filter((c) => c.status !== 'cancelled')
  const totals = data.data.totals
  const count = live.length
  const net = format.number(totals.net, { digits: 2, signed: true })
  const roi = format.percent(totals.roi)
  return (
    <section
      aria-label={t`My copies`}
      className="flex min-h-[4.75rem] flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-card px-5 py-4"
      data-testid="my-copy-summary"
    >
      {count === 0 ? (
        <p className="text-sm text-muted">
          <Trans>You do not copy anyone yet. Pick a lead trader below to start.</Trans>
        </p>
      ) : (
        <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-xs text-muted">
              <Trans>Traders you copy</Trans>
            </dt>
            <dd className="text-lg font-semibold tabular-nums">{count}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">
              <FigureTerm figure="followerPnl">
                <Trans>Net profit (USDT)</Trans>
              </FigureTerm>
            </dt>
            <dd className={`text-lg font-semibold tabular-nums ${toneOf(totals.net)}`}>
              <span dir="ltr">{net}</span>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted">
              <FigureTerm figure="followerRoi">
                <Trans>ROI</Trans>
              </FigureTerm>
            </dt>
            <dd className={`text-lg font-semibold tabular-nums ${toneOf(totals.roi)}`}>
              <span dir="ltr">{roi}</span>
            </dd>
          </div>
        </dl>
      )}
      <LocaleLink
        to="/{-$locale}/copy-trading/my"
        className="rounded-xl border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken"
      >
        <Trans>See my copies</Trans>
      </LocaleLink>
    </section>
  )
}
