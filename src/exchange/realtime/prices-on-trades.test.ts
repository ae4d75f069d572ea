/**
 * Issue 28: the last price is the book's last trade, the user's own fills included, and the chart's candles close at
 * the book's trades; the simulator's price is the index the mark follows. A trade pushes the pair's ticker and candles
 * at once (the header kept 81,678.8 after the user's fill at 81,732.0 until the next engine minute, and the chart's
 * close was the simulator's 81,754.7).
 */
import { describe, expect, it } from 'vitest'
import type { Kline, KlineInterval, MarketTrade, WsServerMessage } from '#/contract/index.ts'
import type { MarketSimulator } from '../market/simulator.ts'
import { createTape } from '../trading/tape.ts'
import type { DepthPublisher } from './depth-publisher.ts'
import type { Hub } from './hub.ts'
import { createPairPublisher } from './publisher.ts'
import { hubTradingEvents, type EventTarget } from './trading-events.ts'

const PAIR = 'BTC_USDT'
/** The forming minute: 2026-11-28 13:41 UTC. */
const MINUTE = Date.UTC(2026, 10, 28, 13, 41)
const INDEX = '81754.7'
const candleAt = (time: number): Kline => ({
  time,
  open: '81700.0',
  high: '81760.0',
  low: '81690.0',
  close: INDEX,
  volume: '3',
})

function exchange() {
  const published: [string, WsServerMessage][] = []
  const hub = {
    publish: (topic: string, message: WsServerMessage) => published.push([topic, message]),
    privateChanged: () => undefined,
    watched: () => true,
  } as unknown as Hub
  const market = {
    ticker: () => ({
      pairCode: PAIR,
      last: INDEX,
      open24h: '80000.0',
      high24h: '81800.0',
      low24h: '79900.0',
      change24h: '0.02',
      volume24h: '10',
      quoteVolume24h: '800000',
    }),
    mark: () => INDEX,
    candles: (_pair: string, interval: KlineInterval) =>
      Promise.resolve([candleAt(interval === '1m' ? MINUTE : Date.UTC(2026, 10, 28))]),
  } as unknown as MarketSimulator
  const tape = createTape(500)
  const depth = { changed: () => undefined } as unknown as DepthPublisher
  const target: EventTarget = { hub, depth, everywhere: false, prices: createPairPublisher(hub, market, tape, false) }
  return { published, tape, events: hubTradingEvents(() => target) }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('prices follow the book’s trades', () => {
  it('after a fill at P the ticker’s last price is P and every current candle closes at P, the mark staying the index', async () => {
    const { published, tape, events } = exchange()
    const fill: MarketTrade = { id: '9', time: MINUTE + 34_000, price: '81732.0', size: '0.01', side: 'buy' }
    // As the engine does: the print goes on the tape, then to the trades channel.
    tape.record('spot', PAIR, [fill])
    events.trades('spot', PAIR, [fill])
    await settle()
    const ticker = published.find(([topic]) => topic === `spot:ticker:${PAIR}:`)?.[1].data?.result
    expect(ticker).toMatchObject({ last: '81732.0', mark: INDEX })
    const klines = published.filter(([, message]) => message.channel === 'kline')
    expect(klines.map(([, message]) => message.params?.interval).sort()).toEqual(['15m', '1d', '1h', '1m', '4h', '5m'])
    for (const [, message] of klines) expect(message.data?.result).toMatchObject({ close: '81732.0', high: '81760.0' })
    // The futures book did not trade: nothing of it moved.
    expect(published.some(([, message]) => message.biz === 'futures')).toBe(false)
  })

  it('widens a candle to its prints, and a past candle takes only the prints of its own span', () => {
    const tape = createTape(500)
    const previous = candleAt(MINUTE - 60_000)
    const forming = candleAt(MINUTE)
    tape.record('futures', PAIR, [
      { id: '1', time: MINUTE - 30_000, price: '81800.5', size: '0.1', side: 'buy' },
      { id: '2', time: MINUTE - 10_000, price: '81720.0', size: '0.1', side: 'sell' },
      // The simulator has not written this minute's bar yet: the forming candle takes a print past its span.
      { id: '3', time: MINUTE + 70_000, price: '81650.0', size: '0.1', side: 'sell' },
    ])
    const [past, current] = tape.candles('futures', PAIR, [previous, forming], 60_000)
    expect(past).toMatchObject({ high: '81800.5', low: '81690.0', close: '81720.0' })
    expect(current).toMatchObject({ high: '81760.0', low: '81650.0', close: '81650.0' })
    // Spot's book printed nothing: its candles are the simulator's.
    expect(tape.candles('spot', PAIR, [previous, forming], 60_000)).toEqual([previous, forming])
  })
})
