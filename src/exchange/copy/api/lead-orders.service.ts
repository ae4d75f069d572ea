/**
 * A real leader's trades at the market's mark: open, add to and close (or reduce) a position, each
 * mirrored to every copy by the engine. The caller's clientOrderId keys the leader event, so the
 * same order sent twice is applied once; the second answer says `replayed`.
 */
import { eq } from 'drizzle-orm'
import type { LeaderAddRequest, LeaderCloseRequest, LeaderOrderRequest, LeaderTrade } from '#/contract/index.ts'
import { futuresUnitOf, sizeFromUnit, type FuturesUnit } from '#/contract/futures-units.ts'
import type { ExchangeContext } from '#/exchange/context.ts'
import { leaderEvents, positions } from '#/exchange/db/copy-schema.ts'
import { isUniqueViolation } from '#/exchange/db/errors.ts'
import { ApiFailure, invalidInput, notFound } from '#/exchange/http/errors.ts'
import { findInstrument, type Instrument } from '#/exchange/market/instruments.ts'
import { Money } from '#/exchange/money.ts'
import { InsufficientFunds } from '../book.ts'
import { leaderWallet } from '../copy-account.ts'
import { leaderTrade, LeaderCancelled } from '../engine.ts'
import type { LeaderAction } from '../mirror.ts'
import { activeLeader, type LeaderRow } from './lead.service.ts'
import { positionToWire, type PositionRow } from './wire.ts'
import { markOf, marksOf } from '../marks.ts'
import { adlQuantiles } from '#/exchange/trading/adl-rank.ts'

const eventIdOf = (userId: number, clientOrderId: string) => `${userId}:${clientOrderId}`

async function positionRow(ctx: ExchangeContext, positionId: number): Promise<PositionRow | undefined> {
  const [row] = await ctx.db.select().from(positions).where(eq(positions.id, positionId))
  return row
}

async function answer(
  ctx: ExchangeContext,
  positionId: number,
  copied: number,
  skipped: number,
  replayed: boolean,
): Promise<LeaderTrade> {
  const row = await positionRow(ctx, positionId)
  if (!row) throw new Error(`position ${positionId} of a leader event is missing`)
  const lights = await adlQuantiles(ctx.db, ctx.rules, marksOf(ctx.market), [row])
  return {
    position: positionToWire(row, markOf(ctx.market, row.pairCode), lights.get(row.id) ?? null),
    copied,
    skipped,
    replayed,
  }
}

/** The answer to an order whose clientOrderId was used before: what that order did, nothing new. */
async function replayOf(ctx: ExchangeContext, eventId: string): Promise<LeaderTrade | undefined> {
  const [event] = await ctx.db.select().from(leaderEvents).where(eq(leaderEvents.id, eventId))
  return event ? answer(ctx, event.positionId, event.copied, event.skipped, true) : undefined
}

/** A positive coin amount on the instrument's lots, else 400 on `size`. */
function lotSize(pairCode: string, size: string, ctx: ExchangeContext): Money {
  const amount = new Money(size)
  const lot = ctx.rules.instrument(pairCode).lotSize
  if (amount.lte(0) || !amount.mod(lot).isZero())
    throw invalidInput([{ path: 'size', issue: `a positive multiple of the lot size ${lot.toFixed()}` }])
  return amount
}

/** A futures size typed in contracts, USDT value or margin: the coin size on the lot it covers at the mark. */
function sizeInUnit(
  ctx: ExchangeContext,
  instrument: Instrument,
  amount: Money,
  unit: FuturesUnit,
  leverage: number,
): Money {
  const rules = ctx.rules.instrument(instrument.pairCode)
  const size = sizeFromUnit(amount, unit, {
    price: markFor(ctx, instrument.pairCode),
    contractSize: new Money(instrument.contractSize),
    lotSize: rules.lotSize,
    leverage,
  })
  if (size.isZero()) throw invalidInput([{ path: 'size', issue: `less than one lot (${rules.lotSize.toFixed()})` }])
  return size
}

function markFor(ctx: ExchangeContext, pairCode: string): Money {
  const mark = markOf(ctx.market, pairCode)
  if (!mark) throw new Error(`no mark for ${pairCode}`)
  return mark
}

async function trade(
  ctx: ExchangeContext,
  leader: LeaderRow,
  eventId: string,
  pairCode: string,
  action: LeaderAction,
): Promise<LeaderTrade> {
  const price = markFor(ctx, pairCode)
  try {
    const result = await leaderTrade(ctx.db, ctx.rules, ctx.funding, {
      eventId,
      leaderId: leader.userId,
      biz: leader.biz,
      pairCode,
      price,
      at: ctx.now(),
      action,
    })
    if (result) return await answer(ctx, result.position.id, result.copied, result.skipped, false)
  } catch (error) {
    if (error instanceof InsufficientFunds && error.account === leaderWallet(leader.userId))
      throw new ApiFailure(400, 'insufficient-balance')
    if (error instanceof LeaderCancelled) throw new ApiFailure(403, 'not-leader')
    // The same clientOrderId racing itself: the other request applied it.
    if (!isUniqueViolation(error)) throw error
  }
  const replay = await replayOf(ctx, eventId)
  if (!replay) throw new Error(`leader event ${eventId} neither applied nor found`)
  return replay
}

export async function openOrder(ctx: ExchangeContext, userId: number, input: LeaderOrderRequest): Promise<LeaderTrade> {
  const leader = await activeLeader(ctx.db, userId)
  const eventId = eventIdOf(userId, input.clientOrderId)
  const replay = await replayOf(ctx, eventId)
  if (replay) return replay
  const instrument = findInstrument(input.pairCode)
  if (!instrument) throw invalidInput([{ path: 'pairCode', issue: 'unknown instrument' }])
  const spot = leader.biz === 'spot'
  if (spot && input.side === 'short') throw invalidInput([{ path: 'side', issue: 'spot positions are long only' }])
  const maxLeverage = ctx.rules.instrument(instrument.pairCode).maxLeverage
  if (!spot && input.leverage > maxLeverage) throw invalidInput([{ path: 'leverage', issue: `at most ${maxLeverage}` }])
  const unit = futuresUnitOf(input.sizeUnit) ?? 'coin'
  if (spot && unit !== 'coin') throw invalidInput([{ path: 'sizeUnit', issue: 'spot sizes are in the coin (0)' }])
  const size =
    unit === 'coin'
      ? lotSize(instrument.pairCode, input.size, ctx)
      : sizeInUnit(ctx, instrument, new Money(input.size), unit, input.leverage)
  const action: LeaderAction = {
    kind: 'open',
    side: input.side === 'long' ? 1 : -1,
    size,
    leverage: spot ? 1 : input.leverage,
  }
  return trade(ctx, leader, eventId, instrument.pairCode, action)
}

/** The leader's own open position, else 404. */
async function ownOpenPosition(ctx: ExchangeContext, userId: number, positionId: number): Promise<PositionRow> {
  const row = await positionRow(ctx, positionId)
  if (!row || row.userId !== userId || row.copyId !== null || row.status !== 'open') throw notFound()
  return row
}

export async function addOrder(
  ctx: ExchangeContext,
  userId: number,
  positionId: number,
  input: LeaderAddRequest,
): Promise<LeaderTrade> {
  const leader = await activeLeader(ctx.db, userId)
  const eventId = eventIdOf(userId, input.clientOrderId)
  const replay = await replayOf(ctx, eventId)
  if (replay) return replay
  const position = await ownOpenPosition(ctx, userId, positionId)
  const size = lotSize(position.pairCode, input.size, ctx)
  return trade(ctx, leader, eventId, position.pairCode, { kind: 'add', positionId, size })
}

/** Closes the position, or reduces it by `size` when that is less than all of it. */
export async function closeOrder(
  ctx: ExchangeContext,
  userId: number,
  positionId: number,
  input: LeaderCloseRequest,
): Promise<LeaderTrade> {
  const leader = await activeLeader(ctx.db, userId)
  const eventId = eventIdOf(userId, input.clientOrderId)
  const replay = await replayOf(ctx, eventId)
  if (replay) return replay
  const position = await ownOpenPosition(ctx, userId, positionId)
  const size = input.size === undefined ? undefined : lotSize(position.pairCode, input.size, ctx)
  const action: LeaderAction =
    size === undefined || size.gte(position.size) ? { kind: 'close', positionId } : { kind: 'reduce', positionId, size }
  return trade(ctx, leader, eventId, position.pairCode, action)
}
