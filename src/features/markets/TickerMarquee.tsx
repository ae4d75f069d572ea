/** The tickers band (§9 marquee): every pair's live price and 24 h change, looping. */
import { useLingui } from '@lingui/react/macro'
import { Amount } from '#/ui/Amount.tsx'
import { Marquee } from '#/ui/Marquee.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { useLiveTickers } from './useLiveTickers.ts'

export function TickerMarquee() {
  const { t } = useLingui()
  const rows = useLiveTickers()
  const format = useNumberFormat()
  if (rows.length === 0) return null
  return (
    <div className="border-b border-line py-2 text-sm">
      <Marquee label={t`Live prices`}>
        {rows.map((row) => (
          <span key={row.pairCode} className="flex items-center gap-2 whitespace-nowrap">
            <span className="font-semibold">{row.pairCode.replace('_', '/')}</span>
            <Amount value={row.last} digits={row.priceDigits} />
            <span dir="ltr" className={`tabular-nums ${row.change24h.startsWith('-') ? 'text-down' : 'text-up'}`}>
              {format.percent(row.change24h)}
            </span>
          </span>
        ))}
      </Marquee>
    </div>
  )
}
