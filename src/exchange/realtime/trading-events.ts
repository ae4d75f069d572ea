/**
 * Trading's changes pushed to the user's private channels as they happen: each order that changed on `orders`, each new
 * fill on `fills`, and word that their state changed (balance, positions, copy: the hub reads them again); and to the
 * public `trades` channel, each book's new prints. Through the hub's pub/sub, so a user's sockets on every process
 * receive them.
 */
import {
  subscriptionKey,
  type Order,
  type OrderFill,
  type PrivateChannel,
  type TradingMarket,
} from '#/contract/index.ts'
import { findInstrument } from '../market/instruments.ts'
import type { TradingEvents } from '../trading/order-engine.ts'
import type { DepthPublisher } from './depth-publisher.ts'
import type { Hub } from './hub.ts'
import type { PairPublisher } from './publisher.ts'

export interface EventTarget {
  hub: Hub
  depth: DepthPublisher
  /** Publish public channels nobody here watches (with Redis, another process's sockets may). */
  everywhere: boolean
  /** The pair's ticker and candles after its book traded (the last price and the candle's close are its trades'). */
  prices?: PairPublisher
}

function byMarket<T extends { biz: TradingMarket }>(list: readonly T[]): Map<TradingMarket, T[]> {
  const groups = new Map<TradingMarket, T[]>()
  for (const item of list) groups.set(item.biz, [...(groups.get(item.biz) ?? []), item])
  return groups
}

/** Events into the hub `target()` gives (none before the hub exists: nobody can be subscribed yet). */
export function hubTradingEvents(target: () => EventTarget | undefined): TradingEvents {
  const push = (userId: number, channel: PrivateChannel, list: readonly (Order | OrderFill)[]) => {
    const to = target()
    if (!to) return
    for (const [biz, items] of byMarket(list)) to.hub.publishPrivate(userId, biz, channel, items)
  }
  return {
    orders: (userId, list) => push(userId, 'orders', list),
    fills: (userId, list) => push(userId, 'fills', list),
    depth(biz, pairCode) {
      target()?.depth.changed(biz, pairCode)
    },
    trades(biz, pairCode, prints) {
      const to = target()
      if (!to) return
      void to.prices?.(biz, pairCode)
      const topic = subscriptionKey({ channel: 'trades', biz, pairCode })
      if (!(to.everywhere || to.hub.watched(topic))) return
      const base = findInstrument(pairCode)?.coin
      to.hub.publish(topic, {
        event: 'subscribe',
        channel: 'trades',
        biz,
        type: 'update',
        pairCode,
        base,
        data: { result: prints },
      })
    },
    accounts(userIds) {
      // Their money, positions or copies changed: each process reads again the state channels its sockets watch.
      target()?.hub.privateChanged(userIds)
    },
  }
}
