/**
 * The cross account's liquidation prices, over random accounts (fixed seed in `npm test`, random in the soak): each is
 * the price of its position at which the account reaches its maintenance with the other prices still, so at it the
 * account is at or under maintenance, and a hair on the safe side of it above; a position with no price (null) cannot
 * bring the account down however far its price goes.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { PositionState } from '../copy/book.ts'
import { Exact, type Money } from '../money.ts'
import { runs } from '#tests/fixtures/properties.ts'
import { crossAccount } from './cross-margin.ts'
import { defaultRules } from '../copy/rules.ts'

/** Real brackets: large positions cross into higher tiers, which the properties must survive too. */
const BRACKETS = defaultRules().instrument('BTC_USDT').brackets
const bracketsOf = () => BRACKETS
const PAIRS = ['BTC_USDT', 'ETH_USDT', 'SOL_USDT', 'XRP_USDT']

const positionArb = fc.record({
  side: fc.constantFrom<1 | -1>(1, -1),
  size: fc.integer({ min: 1, max: 5_000 }).map((n) => new Exact(n).div(100)),
  entry: fc.integer({ min: 100, max: 100_000 }).map((n) => new Exact(n).div(10)),
  leverage: fc.integer({ min: 1, max: 100 }),
  move: fc.integer({ min: -300, max: 300 }).map((n) => new Exact(n).div(1000)),
})

const accountArb = fc.record({
  available: fc.integer({ min: 0, max: 1_000_000 }).map((n) => new Exact(n).div(100)),
  positions: fc.array(positionArb, { minLength: 1, maxLength: PAIRS.length }),
})

type Drawn = typeof positionArb extends fc.Arbitrary<infer T> ? T : never

function build(list: readonly Drawn[]) {
  return list.map((p, index): { state: PositionState; mark: Money } => ({
    state: {
      id: index + 1,
      userId: 1,
      copyId: null,
      sourcePositionId: null,
      biz: 'futures',
      pairCode: PAIRS[index] ?? 'BTC_USDT',
      side: p.side,
      leverage: p.leverage,
      size: p.size,
      entryPrice: p.entry,
      margin: p.entry.times(p.size).div(p.leverage),
      takeProfitPrice: null,
      stopLossPrice: null,
      liquidationPrice: null,
      status: 'open',
      unmanaged: false,
      marginMode: 'cross',
      closedSize: new Exact(0),
      exitPrice: null,
      realizedPnl: new Exact(0),
      fees: new Exact(0),
      funding: new Exact(0),
      openedAt: new Date(0),
      closedAt: null,
      closeReason: null,
    },
    mark: p.entry.times(new Exact(1).plus(p.move)),
  }))
}

/** Every counterexample found, run first: amounts as fast-check printed them. */
const EXAMPLES: [
  { available: number; positions: { side: 1 | -1; size: number; entry: number; leverage: number; move: number }[] },
][] = [
  // A long at leverage 1 in a losing account had no price (the isolated spot rule).
  [
    {
      available: 0,
      positions: [
        { side: 1, size: 0.01, entry: 10, leverage: 6, move: -0.163 },
        { side: 1, size: 0.01, entry: 10, leverage: 1, move: 0 },
      ],
    },
  ],
  // The other position took more than this one's margin: its price was cut as if backed by zero.
  [
    {
      available: 0,
      positions: [
        { side: 1, size: 0.02, entry: 10, leverage: 6, move: -0.171 },
        { side: 1, size: 0.01, entry: 10, leverage: 59, move: 0.006 },
      ],
    },
  ],
]

const examples = EXAMPLES.map(([account]) => [
  {
    available: new Exact(account.available),
    positions: account.positions.map((p) => ({
      ...p,
      size: new Exact(p.size),
      entry: new Exact(p.entry),
      move: new Exact(p.move),
    })),
  },
]) satisfies [{ available: Money; positions: Drawn[] }][]

describe('cross liquidation prices', () => {
  it('put the account at its maintenance at each price, the other prices standing still', () => {
    fc.assert(
      fc.property(accountArb, ({ available, positions }) => {
        const built = build(positions)
        const states = built.map((b) => b.state)
        const marks = new Map(built.map((b) => [b.state.pairCode, b.mark]))
        const account = crossAccount(available, states, marks, bracketsOf)
        // Only an account over its maintenance has prices to show (under it, it is liquidated).
        fc.pre(account.equity.gt(account.maintenance))
        const at = (position: PositionState, price: Money) => {
          const moved = new Map(marks)
          moved.set(position.pairCode, price)
          const there = crossAccount(available, states, moved, bracketsOf)
          return there.equity.minus(there.maintenance)
        }
        for (const position of states) {
          const level = account.levels.get(position.id)
          if (level === undefined) throw new Error('no level')
          if (level === null) {
            // A long the account holds up to a price of zero.
            expect(position.side).toBe(1)
            expect(at(position, new Exact('1e-18')).gt(0)).toBe(true)
            continue
          }
          expect(level.gt(0)).toBe(true)
          // At the level: at or under maintenance (rounded away from the mark, never closer).
          expect(at(position, level).lte('1e-12'), `at ${level.toFixed()}: ${at(position, level).toFixed()}`).toBe(true)
          // A millionth safer: over it.
          const safer = level.times(new Exact(1).plus(new Exact('1e-6').times(position.side)))
          expect(at(position, safer).gt(0), `safer ${safer.toFixed()}: ${at(position, safer).toFixed()}`).toBe(true)
          // And the mark now is on the safe side of it.
          const mark = marks.get(position.pairCode) ?? position.entryPrice
          expect(
            position.side === 1 ? mark.gt(level) : mark.lt(level),
            `mark ${mark.toFixed()} level ${level.toFixed()}`,
          ).toBe(true)
        }
      }),
      { ...runs(200), examples },
    )
  })
})
