/**
 * A simulated leader's decision as an order: the strategy sees recent closes and its open
 * position on a pair; its answer becomes a LeaderOrder sized from the bot's free wallet balance,
 * on the instrument's lots. The same code trades the back-filled history and the live market.
 */
import { COPY } from '#/app.config.ts'
import type { Biz } from '#/exchange/db/copy-schema.ts'
import type { MarketSeed } from '#/exchange/market/market-seed.ts'
import type { Money } from '#/exchange/money.ts'
import type { Book, PositionState } from '../book.ts'
import { leaderWallet } from '../copy-account.ts'
import type { LeaderOrder } from '../mirror.ts'
import { feeFor, floorToLot, marginFor } from '../position-math.ts'
import type { Rules } from '../rules.ts'
import type { Strategy } from '../strategies.ts'

const MINUTE_MS = 60_000

export interface Bot {
  leaderId: number
  slug: string
  biz: Biz
  strategy: Strategy
  leverage: number
  pairs: readonly string[]
}

export interface Decision {
  pairCode: string
  price: Money
  at: Date
  /** Closes at the strategy's step, oldest first (the last is `price`). */
  closes: readonly number[]
  /** The bot's open position on this pair, and how many times it was added to. */
  position: PositionState | undefined
  adds: number
}

/**
 * The order a bot places now, or null (hold, or nothing it can afford). Event ids are deterministic: a replay is
 * recognised. The strategy's draws are keyed by the market's secret seed (per bot, pair and minute), so a bot's next
 * move is as hidden as the next price.
 */
export function botOrder(book: Book, rules: Rules, seed: MarketSeed, bot: Bot, decision: Decision): LeaderOrder | null {
  const { pairCode, price, at } = decision
  if (decision.closes.length < bot.strategy.lookback) return null
  const { position } = decision
  const random = seed.random(`bot/${bot.slug}/${pairCode}`, Math.floor(at.getTime() / MINUTE_MS))
  const view = { pairCode, time: at.getTime(), closes: decision.closes }
  const held = position && {
    side: position.side,
    entryPrice: position.entryPrice.toNumber(),
    leverage: position.leverage,
    openedAt: position.openedAt.getTime(),
    adds: decision.adds,
  }
  const action = bot.strategy.decide(view, held, { leverage: bot.leverage, biz: bot.biz }, random)
  const instrument = rules.instrument(pairCode)
  const free = book.balance(leaderWallet(bot.leaderId))
  // Below the minimum copy amount a bot only winds down: it opens and adds nothing. A trader who cannot fund the
  // smallest copy trades no dust (a wallet of cents made 'ROI −80 %' of a 0.31 USDT loss and '0.00' trades).
  const funded = free.gte(COPY.minInvestmentUsdt)
  const affordable = (size: Money, leverage: number) =>
    size.gt(0) &&
    marginFor(price, size, leverage)
      .plus(feeFor(price, size, rules.takerFeeRate))
      .lte(free)
  const base = {
    eventId: `bot:${bot.leaderId}:${pairCode}:${at.getTime()}`,
    leaderId: bot.leaderId,
    biz: bot.biz,
    pairCode,
    price,
    at,
  }
  switch (action.kind) {
    case 'hold':
      return null
    case 'open': {
      if (position || !funded) return null
      const leverage = bot.biz === 'spot' ? 1 : Math.max(1, Math.min(action.leverage, instrument.maxLeverage))
      const size = floorToLot(free.times(action.marginFraction).times(leverage).div(price), instrument.lotSize)
      return affordable(size, leverage)
        ? { ...base, action: { kind: 'open', side: bot.biz === 'spot' ? 1 : action.side, size, leverage } }
        : null
    }
    case 'add': {
      if (!position || !funded) return null
      const size = floorToLot(free.times(action.marginFraction).times(position.leverage).div(price), instrument.lotSize)
      return affordable(size, position.leverage)
        ? { ...base, action: { kind: 'add', positionId: position.id, size } }
        : null
    }
    case 'reduce': {
      if (!position) return null
      const size = floorToLot(position.size.times(action.fraction), instrument.lotSize)
      if (size.lte(0)) return null
      return size.gte(position.size)
        ? { ...base, action: { kind: 'close', positionId: position.id } }
        : { ...base, action: { kind: 'reduce', positionId: position.id, size } }
    }
    case 'close':
      return position ? { ...base, action: { kind: 'close', positionId: position.id } } : null
  }
}
