/**
 * The trader's ended orders on a market, newest first, a page at a time: when each was placed (Time) and last changed
 * (Updated), how it ended and at what average price.
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { TRADING_PAGES } from '#/app.config.ts'
import type { TradingMarket } from '#/contract/index.ts'
import { Pager } from '#/ui/Pager.tsx'
import { Amount, CoinAmount } from '#/ui/Amount.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { dataOf, tradingQueries } from '../trading.queries.ts'
import { cancelReasonText, orderKindText, statusText } from '../trading.texts.ts'
import { OrderTime, PanelTable, SideText } from './PanelTable.tsx'

export function OrderHistory({ biz, factsOf }: { biz: TradingMarket; factsOf: (pairCode: string) => PairFacts }) {
  const { t, i18n } = useLingui()
  const [page, setPage] = useState(1)
  const query = useQuery(tradingQueries.orderHistory(biz, page))
  const history = dataOf(query.data)
  return (
    <div className="flex flex-col gap-2" data-testid="order-history">
      <PanelTable
        label={t`Order history`}
        empty={t`No orders yet.`}
        columns={[
          t`Time`,
          t`Pair`,
          t`Type`,
          t`Side`,
          t`Price`,
          t`Average`,
          t`Filled`,
          t`Fee`,
          t`Status`,
          t({ message: 'Updated', context: 'order last changed' }),
        ]}
        rows={(history?.list ?? []).map((order) => {
          const why = cancelReasonText(i18n, order.cancelReason)
          const pair = factsOf(order.pairCode)
          return {
            key: order.id,
            cells: [
              <OrderTime key="time" ms={order.createdAt} />,
              pair.label,
              orderKindText(i18n, order),
              <SideText key="side" side={order.side} biz={biz} />,
              order.price ? (
                <Amount key="price" value={order.price} digits={pair.priceDigits} />
              ) : (
                t({ message: 'Market', context: 'order type' })
              ),
              <Amount key="avg" value={order.averagePrice} digits={pair.priceDigits} />,
              <Amount key="filled" value={order.filled} digits={pair.sizeDigits} />,
              <span key="fee">
                <CoinAmount value={order.fee} /> {order.feeCoin}
              </span>,
              why ? `${statusText(i18n, order.status)} (${why})` : statusText(i18n, order.status),
              <OrderTime key="updated" ms={order.updatedAt} />,
            ],
          }
        })}
      />
      <div className="px-3">
        <Pager
          page={page}
          pageSize={TRADING_PAGES.pageSize}
          total={history?.total ?? 0}
          label={t`Order history pages`}
          busy={query.isFetching}
          onPage={setPage}
        />
      </div>
    </div>
  )
}
