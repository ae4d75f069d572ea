/**
 * The signed-in trader's private channels of a market, into the terminal's cached reads (issue 19): each order that
 * changed replaces (or leaves) the open orders, a new fill marks the histories for a new read, and the positions and
 * the wallet take the state each push carries. Nothing is polled: the exchange pushes on every change.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  orderSchema,
  tradingPositionSchema,
  walletAccountSchema,
  type Order,
  type TradingMarket,
} from '#/contract/index.ts'
import type { Loaded } from '#/exchange-client/index.ts'
import { assetsQueries, FUTURES_WALLET, SPOT_WALLET } from '#/features/assets/index.ts'
import { useStreamListener } from '#/features/realtime/index.ts'
import { tradingQueries } from '../trading.queries.ts'
import { loadedOk } from '#/exchange-client/index.ts'

const ordersSchema = orderSchema.array()
const positionsSchema = tradingPositionSchema.array()

const isOpen = (order: Order) =>
  order.status === 'new' || order.status === 'partially-filled' || order.status === 'untriggered'

/** The open orders after `changed`: each replaced where it was, new ones first, ended ones gone. */
export function mergeOpenOrders(open: readonly Order[], changed: readonly Order[]): Order[] {
  const byId = new Map(changed.map((o) => [o.id, o]))
  const kept = open.flatMap((o) => {
    const next = byId.get(o.id)
    if (!next) return [o]
    byId.delete(o.id)
    return isOpen(next) ? [next] : []
  })
  return [...[...byId.values()].filter(isOpen), ...kept]
}

/** The open orders after `changed` (or, from a snapshot, these alone), into the cached read. */
export function patchOpenOrders(client: QueryClient, biz: TradingMarket, changed: Order[], snapshot: boolean) {
  client.setQueryData(tradingQueries.openOrders(biz).queryKey, (current): Loaded<Order[]> | undefined => {
    if (snapshot) return loadedOk(changed.filter(isOpen))
    return current?.status === 'ok' ? loadedOk(mergeOpenOrders(current.data, changed)) : current
  })
}

export function useAccountStreams(biz: TradingMarket, signedIn: boolean): void {
  const client = useQueryClient()
  const on = signedIn ? biz : undefined
  useStreamListener(on && { channel: 'orders', biz: on }, (message) => {
    const parsed = ordersSchema.safeParse(message.data?.result)
    if (!parsed.success) return
    patchOpenOrders(client, biz, parsed.data, message.type === 'snapshot')
    if (message.type !== 'snapshot')
      void client.invalidateQueries({ queryKey: [...tradingQueries.all, biz, 'order-history'] })
  })
  useStreamListener(on && { channel: 'fills', biz: on }, (message) => {
    if (message.type === 'snapshot') return
    void client.invalidateQueries({ queryKey: [...tradingQueries.all, biz, 'fills'] })
  })
  useStreamListener(on && { channel: 'positions', biz: on }, (message) => {
    const parsed = positionsSchema.safeParse(message.data?.result)
    if (parsed.success) client.setQueryData(tradingQueries.positions(biz).queryKey, loadedOk(parsed.data))
  })
  useStreamListener(on && { channel: 'balance', biz: on }, (message) => {
    const parsed = walletAccountSchema.safeParse(message.data?.result)
    const walletType = biz === 'futures' ? FUTURES_WALLET : SPOT_WALLET
    if (parsed.success) client.setQueryData(assetsQueries.wallet(walletType).queryKey, loadedOk(parsed.data))
  })
}
