/** The leader's latest trade and the order this copy would have placed for it (or why none). */
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { Amount } from '#/ui/Amount.tsx'
import { leaderQueries } from '../shared/leader.queries.ts'
import { stepDigits } from '../shared/price-digits.ts'
import type { CopySettingsValues } from './copy-settings.ts'
import { lastLeaderTrade, previewTrade } from './last-trade-preview.ts'
import { skipText } from './setup.texts.ts'
import { setupQueries } from './setup.queries.ts'

/** `values`: the form's values when they are valid, else null. */
export function LastTradePreview({ leaderId, values }: { leaderId: string; values: CopySettingsValues | null }) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  // The set-up route's loader has them.
  const { data: open } = useSuspenseQuery(leaderQueries.positions(leaderId))
  const { data: closed } = useSuspenseQuery(leaderQueries.history(leaderId))
  const { data: instruments } = useSuspenseQuery(setupQueries.instruments())
  const positions = [...(open.status === 'ok' ? open.data : []), ...(closed.status === 'ok' ? closed.data.list : [])]
  const trade = lastLeaderTrade(positions)
  const instrument =
    instruments.status === 'ok' ? instruments.data.find((i) => i.pairCode === trade?.pairCode) : undefined

  let body
  if (!trade) {
    body = <p className="text-sm text-muted">{t`This trader has no trade to preview yet.`}</p>
  } else {
    const sizeDigits = stepDigits(instrument?.lotSize ?? '1')
    const pair = trade.pairCode.replace('_', '/')
    const side =
      trade.side === 'long'
        ? t({ message: 'Long', context: 'position side' })
        : t({ message: 'Short', context: 'position side' })
    const leaderSize = <Amount value={trade.size} digits={sizeDigits} />
    const entry = <Amount value={trade.price} digits={stepDigits(instrument?.tickSize ?? '0.01')} />
    const preview = values && instrument ? previewTrade(values, trade, instrument) : null
    const rows = preview?.ok
      ? [
          { label: t`Size`, value: <Amount value={preview.size} digits={sizeDigits} /> },
          { label: t`Leverage`, value: `${preview.leverage}×` },
          { label: t`Margin (USDT)`, value: format.usdt(preview.margin) },
          { label: t`Opening fee (USDT)`, value: format.usdt(preview.fee) },
        ]
      : []
    body = (
      <>
        <p className="text-sm">
          <span className="font-semibold">{pair}</span>{' '}
          <span
            className={`ms-1 rounded px-1.5 py-0.5 text-xs ${trade.side === 'long' ? 'bg-up/15 text-up' : 'bg-down/15 text-down'}`}
          >
            {side} <span dir="ltr">{trade.leverage}×</span>
          </span>{' '}
          <span className="text-muted">
            <Trans>
              size <bdi dir="ltr">{leaderSize}</bdi> at <bdi dir="ltr">{entry}</bdi>
            </Trans>
          </span>
        </p>
        {preview === null ? (
          <p className="text-sm text-muted">{t`Fill in the settings to see how this trade would have been copied.`}</p>
        ) : preview.ok ? (
          <dl className="grid grid-cols-2 gap-2 @lg:grid-cols-4" data-testid="preview-order">
            {rows.map((row) => (
              <div key={row.label} className="rounded-lg bg-sunken px-3 py-2">
                <dt className="text-xs text-muted">{row.label}</dt>
                <dd className="font-semibold tabular-nums">
                  <span dir="ltr">{row.value}</span>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p
            className="rounded-lg bg-down/10 px-3 py-2 text-sm text-down"
            data-testid="preview-skip"
            data-reason={preview.reason}
          >
            {skipText(i18n, preview.reason)}
          </p>
        )}
      </>
    )
  }
  return (
    <section
      aria-labelledby="preview-title"
      className="@container flex flex-col gap-3 rounded-2xl border border-line bg-card p-4"
      data-testid="trade-preview"
    >
      <h2 id="preview-title" className="font-semibold">
        <Trans>The trader's last trade, copied with these settings</Trans>
      </h2>
      {body}
    </section>
  )
}
