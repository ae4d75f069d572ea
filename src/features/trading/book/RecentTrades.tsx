/** The pair's recent public trades on this market, newest first: price in the taker's side colour, size, time. */
import { Trans } from '@lingui/react/macro'
import type { MarketTrade } from '#/contract/index.ts'
import { Amount } from '#/ui/Amount.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { StaleNotice } from '../live/StaleNotice.tsx'
import type { Staleness } from '../live/useStaleness.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

export function RecentTrades({
  trades,
  pair,
  staleness,
}: {
  trades: readonly MarketTrade[]
  pair: PairFacts
  staleness: Staleness
}) {
  const times = useDateTimeFormat('time')
  const { base, quote } = pair
  return (
    <section aria-labelledby="trades-title" className="flex min-w-0 flex-col" data-testid="recent-trades">
      <h2 id="trades-title" className="px-3 py-2 text-sm font-semibold">
        <Trans>Recent trades</Trans>
      </h2>
      <StaleNotice staleness={staleness} />
      <table className="w-full text-xs">
        <thead className="text-[11px] text-muted">
          <tr>
            <th scope="col" className="px-3 pb-1 text-start font-normal">
              <Trans>Price ({quote})</Trans>
            </th>
            <th scope="col" className="px-3 pb-1 text-end font-normal">
              <Trans>Amount ({base})</Trans>
            </th>
            <th scope="col" className="px-3 pb-1 text-end font-normal">
              <Trans>Time</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {trades.map((trade) => (
            <tr key={trade.id} data-side={trade.side}>
              <td className="px-3 py-0.5">
                <Amount
                  value={trade.price}
                  digits={pair.priceDigits}
                  className={trade.side === 'buy' ? 'text-up' : 'text-down'}
                />
              </td>
              <td className="px-3 py-0.5 text-end">
                <Amount value={trade.size} digits={pair.sizeDigits} />
              </td>
              <td className="px-3 py-0.5 text-end text-muted tabular-nums" dir="ltr">
                {times.format(trade.time)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
