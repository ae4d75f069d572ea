/**
 * The depth channel's updates: a book that changed (a user's order, a fill, the maker re-quoting as the price moves) is
 * sent to its watchers at most once per TRADING.depthCoalesceMs, with the book as it is when sent, and only when its
 * sequence moved since the last one sent. Many changes in a burst cost one message. Each update names the sequence of
 * the one sent before it (`previous`), so a client that missed one sees the gap and takes a new snapshot.
 */
import { TRADING } from '#/app.config.ts'
import { subscriptionKey, type TradingMarket, type WsServerMessage } from '#/contract/index.ts'
import { findInstrument } from '../market/instruments.ts'
import type { TradingBooks } from '../trading/books.ts'
import type { Hub } from './hub.ts'

export interface DepthPublisher {
  /** The book of `pairCode` on `biz` may have changed. */
  changed(biz: TradingMarket, pairCode: string): void
  close(): void
}

export function createDepthPublisher(
  hub: Pick<Hub, 'publish' | 'watched'>,
  books: Pick<TradingBooks, 'depth'>,
  everywhere: boolean,
  now: () => number = Date.now,
): DepthPublisher {
  /** The sequence last sent per topic, when it was sent, and the timer of the next send. */
  const sent = new Map<string, { sequence: number; at: number }>()
  const timers = new Map<string, ReturnType<typeof setTimeout>>()

  const send = (biz: TradingMarket, pairCode: string, topic: string) => {
    timers.delete(topic)
    const depth = books.depth(biz, pairCode, TRADING.depthLevels)
    const previous = sent.get(topic)?.sequence
    if (!depth || depth.sequence === previous) return
    sent.set(topic, { sequence: depth.sequence, at: now() })
    const message: WsServerMessage = {
      event: 'subscribe',
      channel: 'depth',
      biz,
      type: 'update',
      pairCode,
      base: findInstrument(pairCode)?.coin,
      data: { result: previous === undefined ? depth : { ...depth, previous } },
    }
    hub.publish(topic, message)
  }

  return {
    changed(biz, pairCode) {
      const topic = subscriptionKey({ channel: 'depth', biz, pairCode })
      if (!(everywhere || hub.watched(topic)) || timers.has(topic)) return
      const last = sent.get(topic)?.at
      const wait = last === undefined ? 0 : Math.max(0, last + TRADING.depthCoalesceMs - now())
      const timer = setTimeout(() => send(biz, pairCode, topic), wait)
      timer.unref()
      timers.set(topic, timer)
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
    },
  }
}
