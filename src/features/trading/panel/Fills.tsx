/** The trader's fills on a market, newest first, a page at a time: price, size, value, fee and whether maker or taker. */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { TRADING_PAGES } from '#/app.config.ts'
import type { TradingMarket } from '#/contract/index.ts'
import { Pager } from '#/ui/Pager.tsx'
import { Amount, CoinAmount } from '#/ui/Amount.tsx'
import { QUOTE_DIGITS, type PairFacts } from '../shared/pair.ts'
import { dataOf, tradingQueries } from '../trading.queries.ts'
import { OrderTime, PanelTable, SideText } from './PanelTable.tsx'

export function Fills({ biz, factsOf }: { biz: TradingMarket; factsOf: (pairCode: string) => PairFacts }) {
  const { t } = useLingui()
  const [page, setPage] = useState(1)
  const query = useQuery(tradingQueries.fills(biz, page))
  const fills = dataOf(query.data)
  return (
    <div className="flex flex-col gap-2" data-testid="fills">
      <PanelTable
        label={t`Fills`}
        empty={t`No fills yet.`}
        columns={[t`Time`, t`Pair`, t`Side`, t`Price`, t`Amount`, t`Value`, t`Fee`, t`Role`]}
        rows={(fills?.list ?? []).map((fill) => {
          const pair = factsOf(fill.pairCode)
          return {
            key: fill.id,
            cells: [
              <OrderTime key="time" ms={fill.time} />,
              pair.label,
              <SideText key="side" side={fill.side} biz={biz} />,
              <Amount key="price" value={fill.price} digits={pair.priceDigits} />,
              <Amount key="size" value={fill.size} digits={pair.sizeDigits} />,
              <Amount key="quote" value={fill.quote} digits={QUOTE_DIGITS} />,
              <span key="fee">
                <CoinAmount value={fill.fee} /> {fill.feeCoin}
              </span>,
              fill.role === 'maker' ? t`Maker` : t`Taker`,
            ],
          }
        })}
      />
      <div className="px-3">
        <Pager
          page={page}
          pageSize={TRADING_PAGES.pageSize}
          total={fills?.total ?? 0}
          label={t`Fill pages`}
          busy={query.isFetching}
          onPage={setPage}
        />
      </div>
    </div>
  )
}
