/**
 * The terminal's bottom panel (issue 19): open orders, order history, fills, positions and the market's wallet, each a
 * tab. A visitor sees the sign-in prompt in its place.
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import type { TradingMarket } from '#/contract/index.ts'
import { TabSet } from '#/ui/TabSet.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { dataOf, tradingQueries } from '../trading.queries.ts'
import { Fills } from './Fills.tsx'
import { OpenOrders } from './OpenOrders.tsx'
import { OrderHistory } from './OrderHistory.tsx'
import { Positions } from './Positions.tsx'
import { WalletBalances } from './WalletBalances.tsx'

export type PanelTab = 'open' | 'history' | 'fills' | 'positions' | 'assets'

export interface BottomPanelProps {
  biz: TradingMarket
  pair: PairFacts
  factsOf: (pairCode: string) => PairFacts
  signedIn: boolean
  signIn: ReactNode
  /** Which tab opens first (futures: positions). */
  initial?: PanelTab
}

export function BottomPanel({ biz, pair, factsOf, signedIn, signIn, initial }: BottomPanelProps) {
  const { t } = useLingui()
  const { label } = pair
  const [tab, setTab] = useState<PanelTab>(initial ?? (biz === 'futures' ? 'positions' : 'open'))
  const [thisPairOnly, setThisPairOnly] = useState(false)
  const open = dataOf(useQuery({ ...tradingQueries.openOrders(biz), enabled: signedIn }).data)?.length ?? 0
  const positions = dataOf(useQuery({ ...tradingQueries.positions(biz), enabled: signedIn }).data)?.length ?? 0
  if (!signedIn)
    return (
      <section aria-label={t`Orders and positions`} className="flex flex-col items-center gap-3 p-6 text-center">
        {signIn}
      </section>
    )
  const count = (label: string, n: number) => (n > 0 ? `${label} (${n})` : label)
  return (
    <section aria-label={t`Orders and positions`} data-testid="bottom-panel">
      <TabSet<PanelTab>
        label={t`Orders and positions`}
        value={tab}
        onChange={setTab}
        end={
          tab === 'open' ? (
            <label className="flex shrink-0 items-center gap-1.5 px-3 text-xs text-muted">
              <input
                type="checkbox"
                checked={thisPairOnly}
                onChange={(event) => setThisPairOnly(event.target.checked)}
              />
              {t`${label} only`}
            </label>
          ) : null
        }
        panelClassName="py-2"
        tabs={[
          {
            value: 'open',
            label: count(t`Open orders`, open),
            content: <OpenOrders biz={biz} pair={pair} factsOf={factsOf} thisPairOnly={thisPairOnly} />,
          },
          {
            value: 'positions',
            label: count(t`Positions`, positions),
            content: <Positions biz={biz} factsOf={factsOf} />,
          },
          { value: 'history', label: t`Order history`, content: <OrderHistory biz={biz} factsOf={factsOf} /> },
          { value: 'fills', label: t`Fills`, content: <Fills biz={biz} factsOf={factsOf} /> },
          { value: 'assets', label: t`Assets`, content: <WalletBalances biz={biz} /> },
        ]}
      />
    </section>
  )
}
