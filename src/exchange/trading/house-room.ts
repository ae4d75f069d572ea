/**
 * What the house may trade on one side of one book (issue 27, item 6): the market maker's quotes, its sweep and the
 * market flow are the house's own trades (house.ts), so none of them commits more than it holds. The books size the
 * maker's ladder within it (books.ts); the engine sizes the sweep and each flow trade within it (order-engine.ts).
 *
 * Each book gets its share of what the books of its market draw on together: a futures book the available futures
 * margin ÷ the futures books, a spot book's bids the spot USDT ÷ the spot books; a spot book's asks the whole of its
 * coin (no other book sells it). On a side, what the house trades without paying for it comes first (the futures
 * position it closes, the coin it sells), then what the share pays for: a futures opening costs its margin at the house
 * leverage and the taker fee (the dearer rate: a resting quote's fill pays the maker rate), a spot buy its quote.
 *
 * Rounding: the size a share pays for is rounded toward zero (rounding.ts `affordable`), then down to the lot.
 */
import { COPY, HOUSE } from '#/app.config.ts'
import type { TradingMarket } from '#/contract/index.ts'
import { affordable } from '#/contract/rounding.ts'
import { Exact, type Money } from '../money.ts'
import { INSTRUMENTS, type Instrument } from '../market/instruments.ts'
import type { Quote } from './market-maker.ts'

const QUOTE_COIN = 'USDT'
const ZERO = new Exact(0)
/** A futures opening's cost per USDT of notional: margin at the house leverage, and the taker fee. */
const FUTURES_COST = new Exact(1).div(HOUSE.leverage).plus(COPY.takerFeeRate)
const SPOT_COST = new Exact(1)

/** What the house holds that its trades draw on (read by house.ts, told to the books after each settlement). */
export interface HouseHoldings {
  userId: number
  /** The futures wallet's available USDT: what margins its openings. */
  margin: Money
  /** Its one-way futures position of each pair, signed (long +, short −); a flat pair is absent. */
  positions: ReadonlyMap<string, Money>
  /** Its spot wallet's available balance of each coin (USDT included). */
  coins: ReadonlyMap<string, Money>
}

/** What a settlement left the house holding: its futures margin and one pair's position, or some spot coins. */
export interface HouseMoves {
  margin?: Money
  position?: { pairCode: string; size: Money }
  coins?: ReadonlyMap<string, Money>
}

/** The holdings once a settlement's moves are in. */
export function movedHoldings(holdings: HouseHoldings, moves: HouseMoves): HouseHoldings {
  const positions = new Map(holdings.positions)
  if (moves.position) {
    if (moves.position.size.isZero()) positions.delete(moves.position.pairCode)
    else positions.set(moves.position.pairCode, moves.position.size)
  }
  return {
    userId: holdings.userId,
    margin: moves.margin ?? holdings.margin,
    positions,
    coins: new Map([...holdings.coins, ...(moves.coins ?? [])]),
  }
}

/** What the house may trade on one side of a book. */
export interface Room {
  /** Base it trades without paying for it: the futures position it closes, or the coin a spot sell gives. */
  free: Money
  /** USDT its share of the market's funds may pay for the rest … */
  budget: Money
  /** … at this much per USDT of notional. */
  cost: Money
}

/** The house's room on `side` of the book of `instrument` on `biz`. */
export function roomOf(
  holdings: HouseHoldings,
  biz: TradingMarket,
  instrument: Instrument,
  side: 'buy' | 'sell',
): Room {
  if (biz === 'futures') {
    const position = holdings.positions.get(instrument.pairCode) ?? ZERO
    const closes = side === 'buy' ? position.neg() : position
    return { free: Exact.max(0, closes), budget: share(holdings.margin), cost: FUTURES_COST }
  }
  if (side === 'sell') return { free: holdings.coins.get(instrument.coin) ?? ZERO, budget: ZERO, cost: SPOT_COST }
  return { free: ZERO, budget: share(holdings.coins.get(QUOTE_COIN) ?? ZERO), cost: SPOT_COST }
}

/** One book's share of what every book of its market draws on. */
const share = (amount: Money): Money => Exact.max(0, amount).div(INSTRUMENTS.length)

/** The most of `size` at `price` the room takes, on the lot. */
export function sizeWithin(room: Room, price: Money, size: Money, lotSize: Money): Money {
  const paidFor = room.budget.lte(0) ? ZERO : affordable(room.budget, [], price.times(room.cost))
  const most = Exact.min(size, room.free.plus(paidFor))
  return most.div(lotSize).floor().times(lotSize)
}

/** The room left once `size` at `price` (no more than `sizeWithin` allows) is traded from it. */
export function spend(room: Room, price: Money, size: Money): Room {
  const free = Exact.min(size, room.free)
  const paid = size.minus(free).times(price).times(room.cost)
  return { free: room.free.minus(free), budget: Exact.max(0, room.budget.minus(paid)), cost: room.cost }
}

/**
 * A ladder sized within the house's room on each side: each level, best first, as large as it was or as what is left of
 * the room allows; a level the room cannot pay one lot of is left out.
 */
export function withinRoom(quotes: readonly Quote[], rooms: Record<'buy' | 'sell', Room>, lotSize: Money): Quote[] {
  const left = { ...rooms }
  const sized: Quote[] = []
  for (const quote of quotes) {
    const size = sizeWithin(left[quote.side], quote.price, quote.size, lotSize)
    if (size.lte(0)) continue
    left[quote.side] = spend(left[quote.side], quote.price, size)
    sized.push({ ...quote, size })
  }
  return sized
}
