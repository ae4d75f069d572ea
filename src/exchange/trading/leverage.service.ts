/** A user's futures leverage per pair and side: read (the default where none was chosen) and chosen. */

import type { FuturesLeverage, SetLeverageRequest } from '#/contract/index.ts'
import type { ExchangeContext } from '../context.ts'
import { ApiFailure } from '../http/errors.ts'
import { findInstrument } from '../market/instruments.ts'
import { leverageOf, setLeverage as chooseLeverage } from './order-engine.ts'

function pairOf(pairCode: string): string {
  const instrument = findInstrument(pairCode)
  if (!instrument) throw new ApiFailure(400, 'invalid-input', { fields: [{ path: 'pairCode', issue: 'unknown pair' }] })
  return instrument.pairCode
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

export async function setLeverage(
  ctx: Pick<ExchangeContext, 'db' | 'rules' | 'now'>,
  userId: number,
  request: SetLeverageRequest,
): Promise<FuturesLeverage> {
  const pair = pairOf(request.pairCode)
  const max = ctx.rules.instrument(pair).maxLeverage
  if (request.leverage > max)
    throw new ApiFailure(400, 'leverage-too-high', { fields: [{ path: 'leverage', issue: `at most ${max}` }] })
  const sides: ('buy' | 'sell')[] =
    request.side === undefined ? ['buy', 'sell'] : [request.side === 'long' ? 'buy' : 'sell']
  for (const side of sides) await chooseLeverage(ctx.db, userId, pair, side, request.leverage, ctx.now())
  return leverageSettings(ctx, userId, pair)
}
