/** The home page's markets: every pair with its live price, 24 h change, volume and a 24 h sparkline; a row opens its terminal. */
import { Trans, useLingui } from '@lingui/react/macro'
import { TableHead } from '#/ui/TableHead.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { Amount } from '#/ui/Amount.tsx'
import { LocaleLink } from '#/features/i18n/index.ts'
import { LivePrice } from './LivePrice.tsx'
import { Sparkline } from './Sparkline.tsx'
import { useLiveTickers } from './useLiveTickers.ts'

const VOLUME_DIGITS = 2

export function MarketsTable() {
  const { t } = useLingui()
  const rows = useLiveTickers()
  const format = useNumberFormat()
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="markets-title" className="py-8">
      <h2 id="markets-title" className="mb-4 text-2xl font-bold">
        <Trans>Markets</Trans>
      </h2>
      <div className="overflow-x-auto rounded-2xl border border-line bg-card">
        <table className="w-full text-sm" data-testid="markets">
          <TableHead
            padding="px-4 py-3"
            columns={[
              { key: 'pair', label: <Trans>Pair</Trans> },
              { key: 'last', label: <Trans>Last price</Trans>, end: true },
              { key: 'change', label: <Trans>24h change</Trans>, end: true },
              { key: 'volume', label: <Trans>24h volume (USDT)</Trans>, end: true, from: 'sm' },
              { key: 'spark', label: <Trans>Last 24h</Trans>, end: true, from: 'md' },
            ]}
          />
          <tbody>
            {rows.map((row) => {
              const up = !row.change24h.startsWith('-')
              const pair = row.pairCode.replace('_', '/')
              return (
                <tr
                  key={row.pairCode}
                  data-pair={row.pairCode}
                  className="relative border-t border-line hover:bg-sunken focus-within:bg-sunken"
                >
                  <th scope="row" className="px-4 py-3 text-start font-semibold">
                    {/* The whole row opens the pair's terminal: the link's box is stretched over the row. */}
                    <LocaleLink
                      to="/{-$locale}/spot/$pair"
                      params={{ pair: row.pairCode }}
                      className="after:absolute after:inset-0 hover:underline"
                    >
                      {pair}
                    </LocaleLink>
                  </th>
                  <td className="px-4 py-3 text-end" data-testid="last">
                    <LivePrice value={row.last} digits={row.priceDigits} />
                  </td>
                  <td className={`px-4 py-3 text-end tabular-nums ${up ? 'text-up' : 'text-down'}`}>
                    <span dir="ltr">{format.percent(row.change24h)}</span>
                  </td>
                  <td className="hidden px-4 py-3 text-end tabular-nums sm:table-cell">
                    <Amount value={row.quoteVolume24h} digits={VOLUME_DIGITS} compact />
                  </td>
                  <td className="hidden px-4 py-3 md:table-cell">
                    <span className="flex justify-end">
                      <Sparkline values={row.spark} label={t`${pair} over the last 24 hours`} />
                    </span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
