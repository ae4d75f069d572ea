/**
 * "What if I had copied this trader?": the settings being typed, replayed by the exchange over the
 * trader's last 7, 30 or 90 days. Asked once typing pauses, and only for valid settings.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { WHAT_IF_PERIODS, type WhatIfRequest } from '#/contract/index.ts'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { copyRefusalText } from '../shared/refusal.texts.ts'
import { toWhatIfRequest, type CopySettingsValues } from './copy-settings.ts'
import { setupQueries } from './setup.queries.ts'
import { useDebouncedValue } from './useDebouncedValue.ts'
import { toneOf } from '../shared/tone.ts'
import { DEFAULT_PERIOD } from '../shared/period.ts'

type Period = WhatIfRequest['period']

/** The replay is asked this long after the last keystroke. */
export const WHAT_IF_DEBOUNCE_MS = 500

/** `values`: the form's values when valid, else null (memoized: a new object asks again). */
export function WhatIfPanel({ leaderId, values }: { leaderId: string; values: CopySettingsValues | null }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD)
  const settled = useDebouncedValue(values, WHAT_IF_DEBOUNCE_MS)
  const request = useMemo(() => (settled ? toWhatIfRequest(settled, period) : null), [settled, period])
  const { data, isFetching } = useQuery(setupQueries.whatIf(leaderId, request))
  const labels: Record<Period, string> = { '7d': t`7 days`, '30d': t`30 days`, '90d': t`90 days` }

  let body
  if (values === null) {
    body = <p className="text-sm text-muted">{t`Fill in valid settings to see what this copy would have returned.`}</p>
  } else if (!data) {
    body = <p className="text-sm text-muted">{t`Replaying the trader's trades…`}</p>
  } else if (data.status === 'refused') {
    body = <p className="text-sm text-down">{copyRefusalText(i18n, data.reason)}</p>
  } else {
    const r = data.data
    const figures = [
      { label: t`PnL (USDT)`, value: format.number(r.pnl, { digits: 2, signed: true }), tone: toneOf(r.pnl) },
      { label: t`ROI`, value: format.percent(r.roi), tone: toneOf(r.roi) },
      { label: t`Max drawdown`, value: format.ratio(r.maxDrawdown) },
      { label: t`Fees (USDT)`, value: format.usdt(r.fees) },
      { label: t`Profit share (USDT)`, value: format.usdt(r.profitShare) },
      { label: t`Trades copied`, value: format.number(String(r.copied), { digits: 0 }) },
      { label: t`Trades skipped`, value: format.number(String(r.skipped), { digits: 0 }) },
    ]
    body = (
      <dl className="grid grid-cols-2 gap-2 @lg:grid-cols-4" data-testid="what-if-result" data-period={r.period}>
        {figures.map((f) => (
          <div key={f.label} className="rounded-lg bg-sunken px-3 py-2">
            <dt className="text-xs text-muted">{f.label}</dt>
            <dd className={`font-semibold tabular-nums ${f.tone ?? ''}`}>
              <span dir="ltr">{f.value}</span>
            </dd>
          </div>
        ))}
      </dl>
    )
  }
  return (
    <section
      aria-labelledby="what-if-title"
      aria-busy={isFetching}
      className="@container flex flex-col gap-3 rounded-2xl border border-line bg-card p-4"
      data-testid="what-if"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="what-if-title" className="font-semibold">
          <Trans>If you had copied with these settings</Trans>
        </h2>
        <SegmentedTabs
          label={t`Period`}
          value={period}
          options={WHAT_IF_PERIODS.map((p) => ({ value: p, label: labels[p] }))}
          onChange={setPeriod}
        />
      </div>
      {body}
      <p className="text-xs text-muted">
        <Trans>
          A replay of the trader's recorded trades with fees, funding and profit share. Past results do not promise
          future ones.
        </Trans>
      </p>
    </section>
  )
}
