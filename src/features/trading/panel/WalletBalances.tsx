/**
 * The bottom panel's assets: the market's wallet, each coin with what is available and what open orders hold, and the
 * wallet's total as the assets page shows it (positions' margin and PnL included, itemised).
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { TradingMarket } from '#/contract/index.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET, WalletInUse, WalletTotal } from '#/features/assets/index.ts'
import { Amount, CoinAmount } from '#/ui/Amount.tsx'
import { DISPLAY } from '#/app.config.ts'
import { dataOf } from '../trading.queries.ts'
import { PanelTable } from './PanelTable.tsx'

export function WalletBalances({ biz }: { biz: TradingMarket }) {
  const { t } = useLingui()
  const wallet = dataOf(useQuery(assetsQueries.wallet(biz === 'futures' ? FUTURES_WALLET : SPOT_WALLET)).data)
  return (
    <div data-testid="wallet-balances" className="flex flex-col gap-2">
      {wallet ? (
        <div className="flex flex-col gap-2 px-3 pt-2">
          <WalletTotal wallet={wallet} />
          {biz === 'futures' ? <WalletInUse wallet={wallet} /> : null}
        </div>
      ) : null}
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
            <CoinAmount key="available" value={balance.available} />,
            <CoinAmount key="frozen" value={balance.frozen} />,
            <CoinAmount key="total" value={balance.total} />,
            <Amount key="usdt" value={balance.usdtValue} digits={DISPLAY.usdtDigits} />,
          ],
        }))}
      />
    </div>
  )
}
