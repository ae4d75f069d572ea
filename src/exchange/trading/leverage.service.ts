/**
 * A user's futures settings per pair: the leverage per side and the margin mode, read (the defaults where none was
 * chosen: leverage 10, isolated) and chosen.
 */
import { and, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { DEFAULTS } from '#/app.config.ts'
import type { FuturesLeverage, MarginMode, MarginModeRequest } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import { leaders, positions } from '../db/copy-schema.ts'
import { futuresLeverage, futuresMarginModes, OPEN_STATUSES, orders } from '../db/trading-schema.ts'
import { ApiFailure } from '../http/errors.ts'
import { findInstrument } from '../market/instruments.ts'

function pairOf(pairCode: string): string {
  const instrument = findInstrument(pairCode)
  if (!instrument) throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'pairCode', issue: 'unknown pair' }] })
  return instrument.pairCode
}

/** Chooses the leverage of the side an order on `side` opens (a buy opens long). */
export async function chooseLeverage(
  db: Pick<Database, 'insert'>,
  userId: number,
  pairCode: string,
  side: 'buy' | 'sell',
  leverage: number,
  at: Date,
): Promise<void> {
  const row = {
    userId,
    pairCode,
    side: side === 'buy' ? ('long' as const) : ('short' as const),
    leverage,
    updatedAt: at,
  }
  await db
    .insert(futuresLeverage)
    .values(row)
    .onConflictDoUpdate({
      target: [futuresLeverage.userId, futuresLeverage.pairCode, futuresLeverage.side],
      set: { leverage, updatedAt: at },
    })
}

/** The user's leverage for the side an order on `side` opens (a buy opens long), or the default. */
export async function leverageOf(
  db: Pick<Database, 'select'>,
  userId: number,
  pairCode: string,
  side: 'buy' | 'sell',
): Promise<number> {
  const [row] = await db
    .select({ leverage: futuresLeverage.leverage })
    .from(futuresLeverage)
    .where(
      and(
        eq(futuresLeverage.userId, userId),
        eq(futuresLeverage.pairCode, pairCode),
        eq(futuresLeverage.side, side === 'buy' ? 'long' : 'short'),
      ),
    )
  return row?.leverage ?? DEFAULTS.leverage
}

export async function leverageSettings(
  ctx: Pick<ExchangeContext, 'db' | 'rules'>,
  userId: number,
  pairCode: string,
): Promise<FuturesLeverage> {
  const pair = pairOf(pairCode)
  return {
    pairCode: pair,
    long: await leverageOf(ctx.db, userId, pair, 'buy'),
    short: await leverageOf(ctx.db, userId, pair, 'sell'),
    max: ctx.rules.instrument(pair).maxLeverage,
  }
}

/** The margin mode of each user's next position of a pair: the one chosen, else isolated. */
export async function marginModesOf(
  db: Pick<Database, 'select'>,
  userIds: readonly number[],
  pairCode: string,
): Promise<Map<number, MarginMode>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ userId: futuresMarginModes.userId, mode: futuresMarginModes.mode })
    .from(futuresMarginModes)
    .where(and(inArray(futuresMarginModes.userId, [...userIds]), eq(futuresMarginModes.pairCode, pairCode)))
  return new Map(rows.map((row) => [row.userId, row.mode]))
}

export async function marginModeSetting(
  ctx: Pick<ExchangeContext, 'db'>,
  userId: number,
  pairCode: string,
): Promise<{ pairCode: string; marginMode: MarginMode }> {
  const pair = pairOf(pairCode)
  return { pairCode: pair, marginMode: (await marginModesOf(ctx.db, [userId], pair)).get(userId) ?? 'isolated' }
}

/**
 * Chooses a pair's margin mode. Refused while the user holds a position or an open order on the pair ('not-flat'),
 * and cross for a futures lead trader ('margin-mode': a copy mirrors a position's own margin, which cross has not).
 */
export async function setMarginMode(
  ctx: Pick<ExchangeContext, 'db' | 'now'>,
  userId: number,
  request: MarginModeRequest,
): Promise<{ pairCode: string; marginMode: MarginMode }> {
  const pair = pairOf(request.pairCode)
  await ctx.db.transaction(async (tx) => {
    if (request.marginMode === 'cross') {
      const [leading] = await tx
        .select({ n: count() })
        .from(leaders)
        .where(and(eq(leaders.userId, userId), eq(leaders.biz, 'futures'), ne(leaders.status, 'cancelled')))
      if ((leading?.n ?? 0) > 0)
        throw new ApiFailure(400, 'margin-mode', {
          fields: [{ path: 'marginMode', issue: 'a lead trader trades isolated' }],
        })
    }
    const [held] = await tx
      .select({ n: count() })
      .from(positions)
      .where(
        and(
          eq(positions.userId, userId),
          eq(positions.biz, 'futures'),
          eq(positions.pairCode, pair),
          eq(positions.status, 'open'),
          isNull(positions.copyId),
        ),
      )
    const [open] = await tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.biz, 'futures'),
          eq(orders.pairCode, pair),
          inArray(orders.status, [...OPEN_STATUSES]),
        ),
      )
    if ((held?.n ?? 0) > 0 || (open?.n ?? 0) > 0)
      throw new ApiFailure(400, 'not-flat', {
        fields: [{ path: 'pairCode', issue: 'close the position and cancel the open orders of this pair first' }],
      })
    await tx
      .insert(futuresMarginModes)
      .values({ userId, pairCode: pair, mode: request.marginMode, updatedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [futuresMarginModes.userId, futuresMarginModes.pairCode],
        set: { mode: sql`excluded.mode`, updatedAt: sql`excluded.updated_at` },
      })
  })
  return { pairCode: pair, marginMode: request.marginMode }
}
