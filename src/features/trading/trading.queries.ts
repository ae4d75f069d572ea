/**
 * Query options of the terminal: one key root (`['trading']`), by market and pair. The private channels patch these
 * entries as orders, fills, positions and balances change (useAccountStreams), so a page never polls them.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { TradingMarket } from '#/contract/index.ts'
import type { Loaded } from '#/exchange-client/index.ts'
import {
  getLeverage,
  getMarginMode,
  listFills,
  listOpenOrders,
  listOrderHistory,
  listPositionFunding,
  listPositions,
} from './trading.functions.ts'

/** What the private channels do not push (history pages) is read again after this long. */
const HISTORY_STALE_MS = 30_000

/** A read's data, or undefined for a visitor, not found or an exchange that did not answer. */
export const dataOf = <T>(loaded: Loaded<T> | undefined): T | undefined =>
  loaded?.status === 'ok' ? loaded.data : undefined

export const tradingQueries = {
  all: ['trading'] as const,
  openOrders: (biz: TradingMarket) =>
    queryOptions({
      queryKey: [...tradingQueries.all, biz, 'open-orders'] as const,
      queryFn: () => listOpenOrders({ data: { biz } }),
    }),
  orderHistory: (biz: TradingMarket, page: number) =>
    queryOptions({
      queryKey: [...tradingQueries.all, biz, 'order-history', page] as const,
      queryFn: () => listOrderHistory({ data: { biz, page } }),
      staleTime: HISTORY_STALE_MS,
      placeholderData: keepPreviousData,
    }),
  fills: (biz: TradingMarket, page: number) =>
    queryOptions({
      queryKey: [...tradingQueries.all, biz, 'fills', page] as const,
      queryFn: () => listFills({ data: { biz, page } }),
      staleTime: HISTORY_STALE_MS,
      placeholderData: keepPreviousData,
    }),
  positions: (biz: TradingMarket) =>
    queryOptions({
      queryKey: [...tradingQueries.all, biz, 'positions'] as const,
      queryFn: () => listPositions({ data: { biz } }),
    }),
  /** Funding is paid at funding times only: read again after the history's interval. */
  positionFunding: (positionId: string) =>
    queryOptions({
      queryKey: [...tradingQueries.all, 'futures', 'position-funding', positionId] as const,
      queryFn: () => listPositionFunding({ data: { positionId } }),
      staleTime: HISTORY_STALE_MS,
    }),
  leverage: (pairCode: string) =>
    queryOptions({
      queryKey: [...tradingQueries.all, 'futures', 'leverage', pairCode] as const,
      queryFn: () => getLeverage({ data: { pairCode } }),
    }),
  marginMode: (pairCode: string) =>
    queryOptions({
      queryKey: [...tradingQueries.all, 'futures', 'margin-mode', pairCode] as const,
      queryFn: () => getMarginMode({ data: { pairCode } }),
    }),
}
