/**
 * What the order form checks and previews against (DraftContext): the signed-in user's balance for the side, their own
 * position of the pair, the pair's leverage and margin mode on futures; for a visitor the last leverage chosen on this
 * device (§3 PREV_LEVERAGE) and no balance.
 */
import { useQuery } from '@tanstack/react-query'
import { useStore } from '@tanstack/react-store'
import type { MarketInstrument, OrderSide, TradingMarket } from '#/contract/index.ts'
import type { FuturesUnit } from '#/contract/futures-units.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET } from '#/features/assets/index.ts'
import { prevLeverageStore } from '#/features/state/index.ts'
import { dataOf, tradingQueries } from '../trading.queries.ts'
import type { DraftContext } from './order-draft.ts'

export interface DraftInputs {
  biz: TradingMarket
  instrument: MarketInstrument
  side: OrderSide
  signedIn: boolean
  mark: string
  last: string
  unit: FuturesUnit
  bestBid: string | undefined
  bestAsk: string | undefined
}

export function useDraftContext(inputs: DraftInputs): DraftContext {
  const { biz, instrument, side, signedIn } = inputs
  const futures = biz === 'futures'
  const walletType = futures ? FUTURES_WALLET : SPOT_WALLET
  const wallet = dataOf(useQuery({ ...assetsQueries.wallet(walletType), enabled: signedIn }).data)
  const positions = dataOf(useQuery({ ...tradingQueries.positions(biz), enabled: signedIn && futures }).data)
  const leverage = dataOf(
    useQuery({ ...tradingQueries.leverage(instrument.pairCode), enabled: signedIn && futures }).data,
  )
  const marginMode = dataOf(
    useQuery({ ...tradingQueries.marginMode(instrument.pairCode), enabled: signedIn && futures }).data,
  )
  const remembered = useStore(prevLeverageStore)
  const coin = futures || side === 'buy' ? instrument.quoteCoin : instrument.baseCoin
  const balance = wallet?.list.find((b) => b.coin === coin && b.walletType === walletType)
  const own = positions?.find((p) => p.pairCode === instrument.pairCode && p.copyId === null)
  const chosen = leverage ? (side === 'buy' ? leverage.long : leverage.short) : remembered
  return {
    biz,
    instrument,
    mark: inputs.mark,
    last: inputs.last,
    unit: futures ? inputs.unit : 'coin',
    leverage: Math.min(Math.max(1, chosen), instrument.maxLeverage),
    marginMode: marginMode?.marginMode ?? 'isolated',
    available: signedIn ? (balance?.available ?? (wallet ? '0' : undefined)) : undefined,
    position: own ? { side: own.side === 'long' ? 1 : -1, size: own.size } : undefined,
    bestBid: inputs.bestBid,
    bestAsk: inputs.bestAsk,
  }
}
