/**
 * The order book panel: asks above (best at the bottom), the spread and last price, bids below; each level with its
 * size and running total, shaded by depth; grouped to a chosen multiple of the tick. A level is a button that puts its
 * price in the order form. Live from the depth channel, painted once a frame; says when it is not live.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { TERMINAL } from '#/app.config.ts'
import type { Depth } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { unfoldZeros } from '#/lib/format/number.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { Amount } from '#/ui/Amount.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { StaleNotice } from '../live/StaleNotice.tsx'
import type { Staleness } from '../live/useStaleness.ts'
import { bookView, groupingSteps, stepDecimals, type BookRow, type BookSide } from './order-book-view.ts'

export interface OrderBookProps {
  book: Depth
  pair: PairFacts
  tick: string
  last: string | undefined
  staleness: Staleness
  onPickPrice: (price: string) => void
}

export function OrderBook({ book, pair, tick, last, staleness, onPickPrice }: OrderBookProps) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const { base, quote } = pair
  const steps = useMemo(() => groupingSteps(tick, TERMINAL.bookGroupings, last), [tick, last])
  const [chosen, setChosen] = useState(tick)
  const step = steps.includes(chosen) ? chosen : tick
  const digits = Math.max(stepDecimals(step), 0)
  const view = useMemo(() => bookView(book, new Exact(step), TERMINAL.bookLevels), [book, step])
  const rows = (list: BookRow[], side: BookSide) =>
    list.map((row) => {
      // An accessible name is read, not drawn: every zero, never the folded 0.0{5}123.
      const price = unfoldZeros(format.number(row.price, { digits }))
      return (
        <li key={row.price}>
          <button
            type="button"
            onClick={() => onPickPrice(row.price)}
            aria-label={t`Use price ${price}`}
            data-side={side}
            className="relative grid w-full grid-cols-3 gap-2 px-3 py-0.5 text-end text-xs hover:bg-sunken focus-visible:bg-sunken"
          >
            <span
              aria-hidden="true"
              className={`absolute inset-y-0 end-0 ${side === 'bid' ? 'bg-up/10' : 'bg-down/10'}`}
              style={{ width: `${(row.share * 100).toFixed(1)}%` }}
            />
            <Amount
              value={row.price}
              digits={digits}
              className={`relative text-start ${side === 'bid' ? 'text-up' : 'text-down'}`}
            />
            <Amount value={row.size} digits={pair.sizeDigits} className="relative" />
            <Amount value={row.total} digits={pair.sizeDigits} className="relative text-muted" />
          </button>
        </li>
      )
    })
  return (
    <section
      aria-labelledby="book-title"
      className="flex min-w-0 flex-col"
      data-testid="order-book"
      data-sequence={book.sequence}
    >
      <div className="flex items-center justify-between gap-2 px-3 py-2">
        <h2 id="book-title" className="text-sm font-semibold">
          <Trans>Order book</Trans>
        </h2>
        <label className="flex items-center gap-1 text-xs text-muted">
          <span className="sr-only">
            <Trans>Price grouping</Trans>
          </span>
          <select
            value={step}
            onChange={(event) => setChosen(event.target.value)}
            className="rounded border border-line bg-card px-1 py-0.5 text-xs text-ink"
            data-testid="book-grouping"
          >
            {steps.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      <StaleNotice staleness={staleness} />
      <div className="grid grid-cols-3 gap-2 px-3 pb-1 text-end text-[11px] text-muted" aria-hidden="true">
        <span className="text-start">
          <Trans>Price ({quote})</Trans>
        </span>
        <span>
          <Trans>Amount ({base})</Trans>
        </span>
        <span>
          <Trans>Total ({base})</Trans>
        </span>
      </div>
      <ol aria-label={t`Asks, best last`} className="flex flex-col-reverse" data-testid="asks">
        {rows(view.asks, 'ask')}
      </ol>
      <div className="flex items-baseline justify-between gap-2 border-y border-line px-3 py-1.5" data-testid="spread">
        <Amount value={last} digits={pair.priceDigits} className="text-base font-semibold" />
        <span className="text-xs text-muted">
          <Trans>Spread</Trans> <Amount value={view.spread} digits={digits} />{' '}
          <span dir="ltr">({format.ratio(view.spreadRatio, 3)})</span>
        </span>
      </div>
      <ol aria-label={t`Bids, best first`} data-testid="bids">
        {rows(view.bids, 'bid')}
      </ol>
    </section>
  )
}
