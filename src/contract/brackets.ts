/**
 * Leverage and maintenance-margin brackets (Binance USDⓈ-M's notional tiers): a position's notional picks its tier, the
 * tier caps the leverage it may use and sets its maintenance margin, notional × rate − amount. The exchange liquidates
 * and checks orders with these, and the order form shows and estimates with the same (served with each instrument).
 */
import { exact, Exact, type Money } from './money.ts'

/** What keeps a position open: `rate` of its notional less `amount` (the tier's maintenance amount). */
export interface Maintenance {
  rate: Money
  amount: Money
}

/** A bankruptcy price is where nothing is left: no maintenance at all. */
export const NO_MAINTENANCE: Maintenance = { rate: new Exact(0), amount: new Exact(0) }

export interface Bracket {
  /** Up to this notional (inclusive); null: no upper bound (the last tier). */
  notionalCap: Money | null
  maxLeverage: number
  maintenance: Maintenance
}

/** A tier as it is configured or served: decimal strings. */
export interface BracketText {
  notionalCap: string | null
  maxLeverage: number
  maintenanceMarginRate: string
}

/** A served tier, with its derived maintenance amount. */
export interface BracketWire extends BracketText {
  maintenanceAmount: string
}

/**
 * The tiers of a table, in order, each with its maintenance amount: the previous tier's plus the previous cap × the rise
 * in rate, so notional × rate − amount is the same on both sides of every cap. Leverage is capped at `pairMax`.
 */
export function bracketsOf(table: readonly BracketText[], pairMax: number): Bracket[] {
  let amount = new Exact(0)
  let rate = new Exact(0)
  let floor = new Exact(0)
  return table.map((tier) => {
    const next = new Exact(tier.maintenanceMarginRate)
    amount = amount.plus(floor.times(next.minus(rate)))
    rate = next
    const bracket: Bracket = {
      notionalCap: tier.notionalCap === null ? null : new Exact(tier.notionalCap),
      maxLeverage: Math.min(tier.maxLeverage, pairMax),
      maintenance: { rate: next, amount },
    }
    floor = bracket.notionalCap ?? floor
    return bracket
  })
}

/** Served tiers as the engine's. */
export function bracketsFromWire(list: readonly BracketWire[]): Bracket[] {
  return list.map((tier) => ({
    notionalCap: tier.notionalCap === null ? null : new Exact(tier.notionalCap),
    maxLeverage: tier.maxLeverage,
    maintenance: { rate: new Exact(tier.maintenanceMarginRate), amount: new Exact(tier.maintenanceAmount) },
  }))
}

export function bracketsToWire(list: readonly Bracket[]): BracketWire[] {
  return list.map((tier) => ({
    notionalCap: tier.notionalCap?.toFixed() ?? null,
    maxLeverage: tier.maxLeverage,
    maintenanceMarginRate: tier.maintenance.rate.toFixed(),
    maintenanceAmount: tier.maintenance.amount.toFixed(),
  }))
}

/** The tier a notional falls in: the first whose cap it does not pass. */
export function bracketAt(brackets: readonly Bracket[], notional: Money): Bracket {
  const tier = brackets.find((b) => b.notionalCap === null || exact(notional).lte(b.notionalCap)) ?? brackets.at(-1)
  if (!tier) throw new Error('no leverage brackets')
  return tier
}

/** The maintenance margin of a position worth `notional`: notional × rate − amount of its tier. */
export function maintenanceMargin(brackets: readonly Bracket[], notional: Money): Money {
  const { rate, amount } = bracketAt(brackets, notional).maintenance
  return exact(notional).times(rate).minus(amount)
}

/** The largest notional a position may reach at `leverage` (null: no bound), 0 when even the first tier forbids it. */
export function notionalCapAt(brackets: readonly Bracket[], leverage: number): Money | null {
  let cap: Money | null = new Exact(0)
  for (const tier of brackets) {
    if (tier.maxLeverage < leverage) break
    cap = tier.notionalCap
    if (cap === null) break
  }
  return cap
}

/** Whether a position worth `notional` may use `leverage`. */
export function leverageAllowed(brackets: readonly Bracket[], notional: Money, leverage: number): boolean {
  return leverage <= bracketAt(brackets, notional).maxLeverage
}
