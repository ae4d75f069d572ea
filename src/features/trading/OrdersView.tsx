/** The orders page (issue 19, the account menu's Orders): open orders, history and fills of spot or futures. */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { TradingMarket } from '#/contract/index.ts'
import { marketsQueries } from '#/features/markets/index.ts'
import { SegmentedTabs } from '#/ui/SegmentedTabs.tsx'
import { TabSet, type TabItem } from '#/ui/TabSet.tsx'
import { useAccountStreams } from './live/useAccountStreams.ts'
import { Fills } from './panel/Fills.tsx'
import { OpenOrders } from './panel/OpenOrders.tsx'
import { OrderHistory } from './panel/OrderHistory.tsx'
import { Positions } from './panel/Positions.tsx'
import { factsLookup, pairFacts } from './shared/pair.ts'
import { dataOf } from './trading.queries.ts'

type OrdersTab = 'open' | 'positions' | 'history' | 'fills'

export function OrdersView() {
  const { t } = useLingui()
  const [biz, setBiz] = useState<TradingMarket>('spot')
  const [chosen, setTab] = useState<OrdersTab>('open')
  // Spot holds no positions of its own to list: its tab is futures only.
  const tab = chosen === 'positions' && biz === 'spot' ? 'open' : chosen
  useAccountStreams(biz, true)
  const loaded = dataOf(useQuery(marketsQueries.instruments()).data)
  const first = loaded?.[0]
  const facts = useMemo(() => (loaded && first ? factsLookup(loaded, pairFacts(first)) : undefined), [loaded, first])
  if (!first || !facts) return null
  const positionsTab: TabItem<OrdersTab>[] =
    biz === 'futures'
      ? [{ value: 'positions', label: t`Positions`, content: <Positions biz={biz} factsOf={facts} /> }]
      : []
  return (
    <div className="flex flex-col gap-4">
      <SegmentedTabs<TradingMarket>
        label={t`Market`}
        value={biz}
        options={[
          { value: 'spot', label: t`Spot` },
          { value: 'futures', label: t`Futures` },
        ]}
        onChange={setBiz}
      />
      <div className="rounded-2xl border border-line bg-card">
        <TabSet<OrdersTab>
          label={t`Orders`}
          value={tab}
          onChange={setTab}
          panelClassName="py-2"
          tabs={[
            {
              value: 'open',
              label: t`Open orders`,
              content: <OpenOrders biz={biz} pair={pairFacts(first)} factsOf={facts} thisPairOnly={false} />,
            },
            ...positionsTab,
            { value: 'history', label: t`Order history`, content: <OrderHistory biz={biz} factsOf={facts} /> },
            { value: 'fills', label: t`Fills`, content: <Fills biz={biz} factsOf={facts} /> },
          ]}
        />
      </div>
    </div>
  )
}
