/**
 * What the order form keeps of a draft across a reload and Back/Forward (issue 28, S4 35): the typed prices and amount,
 * the order type and the unit, in session storage per market, pair and side (the tab's own, gone with it). It mirrors
 * the form: once an order is placed its amount is cleared there, and so here. Read back through a schema: a stored value that is not a draft is ignored.
 */
import { z } from 'zod/mini'
import type { OrderSide, TradingMarket } from '#/contract/index.ts'
import type { FuturesUnit } from '#/contract/futures-units.ts'
import type { OrderDraft } from './order-draft.ts'

const typed = z.string().check(z.regex(/^(\d+(\.\d*)?)?$/))
const UNITS = ['coin', 'sheet', 'bi', 'margin'] as const satisfies readonly FuturesUnit[]

const rememberedSchema = z.object({
  kind: z.enum(['limit', 'market', 'stop', 'trailing']),
  price: typed,
  trigger: typed,
  callbackRate: z._default(typed, ''),
  activation: z._default(typed, ''),
  amount: typed,
  amountIn: z.enum(['base', 'quote']),
  timeInForce: z.enum(['GTC', 'IOC', 'FOK', 'POST_ONLY']),
  reduceOnly: z.boolean(),
  takeProfit: typed,
  stopLoss: typed,
  unit: z.enum(UNITS),
})

export interface RememberedDraft {
  draft: OrderDraft
  unit: FuturesUnit
}

const keyOf = (biz: TradingMarket, pairCode: string, side: OrderSide) => `orderDraft:${biz}:${pairCode}:${side}`

function storage(): Storage | undefined {
  return typeof window === 'undefined' ? undefined : window.sessionStorage
}

export function recallDraft(biz: TradingMarket, pairCode: string, side: OrderSide): RememberedDraft | undefined {
  const raw = storage()?.getItem(keyOf(biz, pairCode, side))
  if (!raw) return undefined
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return undefined
  }
  const parsed = rememberedSchema.safeParse(json)
  if (!parsed.success) return undefined
  const { unit, ...draft } = parsed.data
  return { draft: { ...draft, side }, unit }
}

/** Keeps the draft under its side; a draft with nothing typed is forgotten. */
export function keepDraft(biz: TradingMarket, pairCode: string, draft: OrderDraft, unit: FuturesUnit): void {
  const store = storage()
  if (!store) return
  const key = keyOf(biz, pairCode, draft.side)
  const typedAny = [
    draft.price,
    draft.trigger,
    draft.callbackRate,
    draft.activation,
    draft.amount,
    draft.takeProfit,
    draft.stopLoss,
  ].some((v) => v !== '')
  if (!typedAny) return store.removeItem(key)
  const { side: _side, ...kept } = draft
  store.setItem(key, JSON.stringify({ ...kept, unit }))
}
