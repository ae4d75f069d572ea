/**
 * What a subscriber receives first: the channel's current state. Public channels from the market
 * (ticker, tickers, kline) and the books (depth, trades: the tape); private channels from the user's own data (open
 * positions of the market at the marks, own and copied; wallet balances; copies; orders; fills). A request the market cannot answer is refused with a reason.
 */
import { TRADING, WALLET_TYPES, WEBSOCKET } from '#/app.config.ts'
import type { KlineInterval, PrivateChannel, PublicChannel, WsFailure } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { myCopies } from '../copy/api/my.service.ts'
import { marksOf } from '../copy/marks.ts'
import { findInstrument } from '../market/instruments.ts'
import { walletAccount } from '../wallet/wallet.service.ts'
import { fillHistory, openOrders, openPositions } from '../trading/orders-read.ts'
import { tickersOf } from '../trading/tape.ts'
import { INTERVALS } from '../market/candles.ts'
import { MINUTE_MS } from '../market/price-path.ts'

/** The wallet a market's balance channel follows: spot's coins, or the futures (EXCHANGE) wallet. */
export const BALANCE_WALLET = { spot: Number(WALLET_TYPES.SPOT), futures: Number(WALLET_TYPES.EXCHANGE) } as const

export interface PublicRequest {
  channel: PublicChannel
  biz: 'spot' | 'futures'
  pairCode: string | undefined
  interval: KlineInterval | undefined
}

export type PublicSnapshot =
  { ok: true; result: unknown; pairCode?: string; base?: string } | { ok: false; reason: WsFailure }

export interface Snapshots {
  public(request: PublicRequest): Promise<PublicSnapshot>
  private(userId: number, channel: PrivateChannel, biz: 'spot' | 'futures'): Promise<unknown>
}

export function exchangeSnapshots(
  ctx: Pick<
    ExchangeContext,
    'db' | 'market' | 'now' | 'rules' | 'logger' | 'limiters' | 'mailer' | 'inbox' | 'devPages' | 'books' | 'tape'
  >,
): Snapshots {
  const { market } = ctx
  return {
    async public({ channel, biz, pairCode, interval }) {
      if (channel === 'tickers') return { ok: true, result: tickersOf(market, ctx.tape, biz) }
      const instrument = pairCode ? findInstrument(pairCode) : undefined
      if (!instrument) return { ok: false, reason: 'unknown-pair' }
      const pair = { pairCode: instrument.pairCode, base: instrument.coin }
      if (channel === 'ticker') {
        const ticker = market.ticker(instrument.pairCode)
        return {
          ok: true,
          ...pair,
          result: ticker ? ctx.tape.ticker(biz, ticker, market.mark(instrument.pairCode)) : null,
        }
      }
      if (channel === 'trades')
        return { ok: true, ...pair, result: ctx.tape.recent(biz, instrument.pairCode, WEBSOCKET.snapshotTrades) }
      if (channel === 'depth')
        return { ok: true, ...pair, result: ctx.books.depth(biz, instrument.pairCode, TRADING.depthLevels) }
      if (!interval) return { ok: false, reason: 'bad-params' }
      return {
        ok: true,
        ...pair,
        result: ctx.tape.candles(
          biz,
          instrument.pairCode,
          await market.candles(instrument.pairCode, interval, { limit: WEBSOCKET.snapshotCandles }),
          INTERVALS[interval] * MINUTE_MS,
        ),
      }
    },
    async private(userId, channel, biz) {
      if (channel === 'balance') return walletAccount(ctx.db, userId, [BALANCE_WALLET[biz]], marksOf(market))
      if (channel === 'orders') return openOrders(ctx.db, userId, biz)
      if (channel === 'fills')
        return (await fillHistory(ctx.db, userId, { biz, page: 1, pageSize: WEBSOCKET.snapshotFills })).list
      if (channel === 'copy') return myCopies({ ...ctx, market }, userId)
      // What GET /trade/v1/positions answers: the market's own and copied positions, each copy named.
      return openPositions({ db: ctx.db, market, rules: ctx.rules }, userId, biz)
    },
  }
}
