/**
 * Funding between longs and shorts (issue 27 item 6, audit M5): one funding time paid among a pair's open positions sums
 * to zero between them and the insurance fund, nobody receives more than they are due, and nobody pays more than they
 * owe or than backs them. The audit's reproduction first, then a property over random sets of positions.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { paid } from '#/contract/rounding.ts'
import { Exact, Money } from '../money.ts'
import { INSURANCE, MARKET, marginKey, type Book, type PositionState } from './book.ts'
import { leaderWallet } from './copy-account.ts'
import { FUNDING_POOL, shareFunding } from './funding-share.ts'
import { NO_TRIGGERS, openPosition } from './positions.ts'
import { applyReplayFunding } from './risk.ts'
import { defaultRules } from './rules.ts'
import { assertLedger, fund, newBook } from '#tests/fixtures/exchange/copy/book-fixtures.ts'
import { runs } from '#tests/fixtures/properties.ts'

const rules = defaultRules()
const PAIR = 'ETH_USDT'
const AT = new Date('2026-11-23T08:00:00.000Z')

interface Spec {
  side: 1 | -1
  size: Money
  margin: Money
  cross: boolean
  /** The owner's futures wallet (what backs a cross position after its margin). */
  wallet: Money
}

/** Each spec a position of its own user (ids 1…n), at 3000, its margin and wallet as given, no fee. */
function positionsOf(specs: readonly Spec[]): { book: Book; list: PositionState[] } {
  const book = newBook()
  const list = specs.map((spec, index) => {
    const userId = index + 1
    fund(book, userId, spec.margin.plus(spec.wallet).toFixed())
    return openPosition(book, rules, {
      userId,
      copyId: null,
      sourcePositionId: null,
      biz: 'futures',
      pairCode: PAIR,
      side: spec.side,
      leverage: 10,
      size: spec.size,
      margin: spec.margin,
      marginMode: spec.cross ? 'cross' : 'isolated',
      price: new Money(3000),
      fee: new Exact(0),
      at: AT,
      triggers: NO_TRIGGERS,
      ref: `open:${userId}`,
    })
  })
  book.takeChange()
  return { book, list }
}

describe('the audit’s M5 reproduction: a long and a short of 1 ETH at 3000, the long’s margin 0.1, at 0.01 %', () => {
  const specs: Spec[] = [
    { side: 1, size: new Money(1), margin: new Money('0.1'), cross: false, wallet: new Exact(0) },
    { side: -1, size: new Money(1), margin: new Money(300), cross: false, wallet: new Exact(0) },
  ]
  const mark = new Money(3000)
  const rate = new Money('0.0001')

  it('before, against the market (the rule the replays keep): the long paid 0.1, the short got 0.3, the market −0.2', () => {
    const { book, list } = positionsOf(specs)
    applyReplayFunding(book, rules, new Map([[PAIR, mark]]), AT)
    expect(list.map((p) => p.funding.toFixed())).toEqual(['-0.1', '0.3'])
    expect(book.balance(MARKET).toFixed()).toBe('-0.2')
  })

  it('now between them: the short gets exactly what the long paid, and the market moves by 0', () => {
    const { book, list } = positionsOf(specs)
    const outcome = shareFunding(book, rules, list, rate, mark, 'funding:ETH_USDT:test')
    expect(list.map((p) => p.funding.toFixed())).toEqual(['-0.1', '0.1'])
    expect({
      pool: outcome.pool.toFixed(),
      due: outcome.due.toFixed(),
      insurance: outcome.toInsurance.toFixed(),
    }).toEqual({ pool: '0.1', due: '0.3', insurance: '0' })
    expect([
      book.balance(MARKET).toFixed(),
      book.balance(INSURANCE).toFixed(),
      book.balance(FUNDING_POOL).toFixed(),
    ]).toEqual(['0', '0', '0'])
    expect(book.balance(marginKey(list[1]?.id ?? 0)).toFixed()).toBe('300.1')
  })

  it('a cross long pays what its margin cannot from its wallet, and an unbalanced pool’s rest goes to the insurance fund', () => {
    const { book, list } = positionsOf([
      { side: 1, size: new Money(2), margin: new Money('0.1'), cross: true, wallet: new Money(50) },
      { side: -1, size: new Money(1), margin: new Money(300), cross: false, wallet: new Exact(0) },
    ])
    shareFunding(book, rules, list, rate, mark, 'funding:ETH_USDT:test')
    // The long owes 0.6: 0.1 from its margin, 0.5 from its wallet. The short is due 0.3; the other 0.3 has no receiver.
    expect(list.map((p) => p.funding.toFixed())).toEqual(['-0.6', '0.3'])
    expect(book.balance(leaderWallet(1)).toFixed()).toBe('49.5')
    expect(book.balance(INSURANCE).toFixed()).toBe('0.3')
    expect(book.balance(MARKET).toFixed()).toBe('0')
  })
})

const specArb = fc.record({
  side: fc.constantFrom<1 | -1>(1, -1),
  size: fc.integer({ min: 1, max: 50_000 }).map((n) => new Money(n).div(10_000)),
  // Some margins below what a funding time owes (0.75 % of up to 15,000), so the payer's limit is reached.
  margin: fc.oneof(
    fc.integer({ min: 0, max: 200 }).map((n) => new Money(n).div(100)),
    fc.integer({ min: 100, max: 5000 }).map((n) => new Money(n)),
  ),
  cross: fc.boolean(),
  wallet: fc.integer({ min: 0, max: 300 }).map((n) => new Money(n).div(10)),
})

describe('funding of one time over random positions', () => {
  it('sums to zero between positions and the insurance fund; nobody gets more than due or pays more than owed or backed', () => {
    fc.assert(
      fc.property(
        fc.array(specArb, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: -75, max: 75 }).filter((n) => n !== 0),
        fc.integer({ min: 100, max: 9000 }),
        (specs, basisPoints, markInt) => {
          const { book, list } = positionsOf(specs)
          const rate = new Money(basisPoints).div(10_000)
          const mark = new Money(markInt)
          const before = list.map((p) => ({ margin: p.margin, wallet: book.balance(leaderWallet(p.userId)) }))
          const fundBefore = book.balance(INSURANCE)
          const outcome = shareFunding(book, rules, list, rate, mark, 'funding:ETH_USDT:property')
          const flows = list.map((p) => p.funding)
          const toFund = book.balance(INSURANCE).minus(fundBefore)
          // Zero-sum: what the positions moved and what the fund took add up to nothing; the pool is empty.
          expect(flows.reduce((s: Money, f) => s.plus(f), toFund).toFixed()).toBe('0')
          expect(book.balance(FUNDING_POOL).isZero()).toBe(true)
          expect(book.balance(MARKET).isZero()).toBe(true)
          let receiversDue = new Exact(0)
          list.forEach((position, i) => {
            const owes = paid(mark, position.size, rate, position.side)
            const flow = flows[i] ?? new Exact(0)
            const was = before[i]
            if (!was) throw new Error('no position')
            if (owes.gt(0)) {
              const backing = was.margin.plus(position.marginMode === 'cross' ? was.wallet : 0)
              // A payer pays what it owes, up to what backs it, exactly.
              expect(flow.neg().toFixed()).toBe(Exact.min(owes, backing).toFixed())
            } else {
              receiversDue = receiversDue.plus(owes.neg())
              expect(flow.gte(0) && flow.lte(owes.neg())).toBe(true)
            }
          })
          // The fund takes a rest only once every receiver has its due.
          if (toFund.gt(0)) expect(outcome.received.toFixed()).toBe(receiversDue.toFixed())
          else expect(outcome.received.toFixed()).toBe(outcome.pool.toFixed())
          assertLedger(book, [])
        },
      ),
      runs(300),
    )
  })
})
