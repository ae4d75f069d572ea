/** The bottom panel's assets: the market's wallet, each coin with what is available and what open orders hold. */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { TradingMarket } from '#/contract/index.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET } from '#/features/assets/index.ts'
import { Amount } from '#/ui/Amount.tsx'
import { dataOf } from '../trading.queries.ts'
import { PanelTable } from './PanelTable.tsx'

const COIN_DIGITS = 8

export function WalletBalances({ biz }: { biz: TradingMarket }) {
  const { t } = useLingui()
  const wallet = dataOf(useQuery(assetsQueries.wallet(biz === 'futures' ? FUTURES_WALLET : SPOT_WALLET)).data)
  return (
    <div data-testid="wallet-balances">
      <PanelTable
        label={biz === 'futures' ? t`Futures wallet` : t`Spot wallet`}
        empty={t`Nothing in this wallet yet.`}
        columns={[t`Coin`, t`Available`, t`In orders`, t`Total`, t`Value (USDT)`]}
        rows={(wallet?.list ?? []).map((balance) => ({
          key: balance.coin,
          cells: [
            <span key="coin" className="font-semibold">
              {balance.coin}
            </span>,
            <Amount key="available" value={balance.available} digits={COIN_DIGITS} />,
            <Amount key="frozen" value={balance.frozen} digits={COIN_DIGITS} />,
            <Amount key="total" value={balance.total} digits={COIN_DIGITS} />,
            <Amount key="usdt" value={balance.usdtValue} digits={2} />,
          ],
        }))}
      />
    </div>
  )
}
