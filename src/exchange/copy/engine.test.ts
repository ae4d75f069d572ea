/**
 * Hand-worked examples of the copy engine's rarer paths: high-water mark, copy stop loss, funding, skips, unmanaged
 * positions.
 */
import { describe, expect, it } from 'vitest'
import { Money } from '../money.ts'
import { copyKey, marginKey, MARKET, type Book, type CopySettings, type CopyState } from './book.ts'
import { chargeableProfit, changeInvestment, endCopy, followerWallet, settleProfitShare } from './copy-account.ts'
import { executeLeaderOrder, type LeaderAction } from './mirror.ts'
import { closePart, NO_TRIGGERS } from './positions.ts'
import { applyMarks, applyReplayFunding } from './risk.ts'
import { defaultRules } from './rules.ts'
import { addCopy, fund, newBook } from '#tests/fixtures/exchange/copy/book-fixtures.ts'

const rules = defaultRules({ takerFeeRate: new Money(0) })
const at = new Date(Date.UTC(2026, 0, 5))
const NO_MARKS = new Map<string, Money>()
let events = 0

function setup(settings: Partial<CopySettings> & { profitShareRate?: Money } = {}): { book: Book; copy: CopyState } {
  const book = newBook()
  fund(book, 1, 1_000_000)
  fund(book, 2, 10_000)
  const copy = addCopy(book, 1, 2, 1, { fixedAmount: new Money(1000), ...settings })
  changeInvestment(book, copy, new Money(5000), 'follow')
  return { book, copy }
}

function leader(
  book: Book,
  copy: CopyState,
  price: string,
  action: LeaderAction,
  pairCode = 'BTC_USDT',
  allowed: string[] = [],
) {
  events += 1
  return executeLeaderOrder(
    book,
    rules,
    { eventId: `x${events}`, leaderId: 1, biz: 'futures', pairCode, price: new Money(price), at, action },
    { copies: [copy], allowedInstruments: allowed },
  )
}

describe('profit share', () => {
  it('is paid on profit above the high-water mark only: a loss must be won back first', () => {
    const rate = new Money('0.1')
    const { book, copy } = setup({ profitShareRate: rate })
    // 1,000 margin at 10x of BTC at 50,000: 0.2 BTC. Up 5 %: +500.
    const open = leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    if (!open) throw new Error('not applied')
    leader(book, copy, '52500', { kind: 'close', positionId: open.position.id })
    expect(settleProfitShare(book, copy, at, NO_MARKS)?.share.toString()).toBe('50')
    expect(copy.highWaterMark.toString()).toBe('500')
    // Down 300, settle: nothing due. Up 400 (net 600): only the 100 above 500 is shared.
    const loss = leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    if (!loss) throw new Error('not applied')
    leader(book, copy, '48500', { kind: 'close', positionId: loss.position.id })
    expect(settleProfitShare(book, copy, at, NO_MARKS)).toBeNull()
    const win = leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    if (!win) throw new Error('not applied')
    leader(book, copy, '52000', { kind: 'close', positionId: win.position.id })
    expect(settleProfitShare(book, copy, at, NO_MARKS)?.share.toString()).toBe('10')
    expect(copy.profitSharePaid.toString()).toBe('60')
    expect(book.balance(followerWallet(copy)).plus(copy.balance).toString()).toBe(String(10_000 + 500 - 300 + 400 - 60))
  })

  it('raises the mark by what a partial payment paid for, rounded up: the rest is never paid for twice', () => {
    // Most of the copy is tied up as margin, so only part of what is due can be paid now.
    const rate = new Money('0.09')
    const { book, copy } = setup({ profitShareRate: rate })
    const open = leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    const copied = [...book.positions.values()].find((p) => p.copyId === copy.id)
    if (!open || !copied) throw new Error('not copied')
    // A profit whose share is not a whole multiple of the rate (paid / 0.09 has a repeating tail);
    // all but 0.0013795195 of the free balance goes into the position's margin.
    book.transfer(MARKET, copyKey(copy.id), new Money('0.0543405195'), 'pnl')
    const free = new Money('0.0013795195')
    book.transfer(copyKey(copy.id), marginKey(copied.id), copy.balance.minus(free), 'add-margin')
    const record = settleProfitShare(book, copy, at, new Map([['BTC_USDT', new Money('50000')]]))
    expect(record?.share.toFixed()).toBe(free.toFixed())
    const paidFor = copy.highWaterMark.minus(record?.highWaterMarkBefore ?? 0)
    // Rounded up to 18 decimals: covers what was paid, and one step less would not.
    expect(paidFor.times(rate).gte(copy.profitSharePaid)).toBe(true)
    expect(paidFor.minus('1e-18').times(rate).lt(copy.profitSharePaid)).toBe(true)
    expect(copy.highWaterMark.decimalPlaces()).toBeLessThanOrEqual(18)
  })
})

describe('profit share with open positions (issue 17, item 9)', () => {
  /** Realized +24.97 on BTC, and an ETH long (4 ETH at 2,500) still open. */
  function realizedAndOpen() {
    const { book, copy } = setup({ profitShareRate: new Money('0.1') })
    // 1,000 margin at 10x of BTC at 50,000: 0.2 BTC; closed 124.85 higher: +24.97 realized.
    const btc = leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    if (!btc) throw new Error('not applied')
    leader(book, copy, '50124.85', { kind: 'close', positionId: btc.position.id })
    // 1,000 margin at 10x of ETH at 2,500: 4 ETH, open.
    leader(book, copy, '2500', { kind: 'open', side: 1, size: new Money(10), leverage: 10 }, 'ETH_USDT')
    return { book, copy }
  }

  it('charges nothing while the open positions lose more than was realized (realized +24.97, open −64.99)', () => {
    const { book, copy } = realizedAndOpen()
    // 4 ETH × −16.2475 = −64.99 at the mark: the copy is down 40.02 in all. The realized-only rule charged 2.497.
    const marks = new Map([['ETH_USDT', new Money('2483.7525')]])
    expect(settleProfitShare(book, copy, at, marks)?.share.toFixed()).toBeUndefined()
    expect(chargeableProfit(book, copy, marks)?.toFixed()).toBe('-40.02')
    expect(copy.profitSharePaid.toFixed()).toBe('0')
    expect(copy.highWaterMark.toFixed()).toBe('0')
  })

  it('charges on the realized 24.97 only while the open positions gain (+10 is a paper gain)', () => {
    const { book, copy } = realizedAndOpen()
    const marks = new Map([['ETH_USDT', new Money('2502.5')]])
    const record = settleProfitShare(book, copy, at, marks)
    expect(record?.netProfit.toFixed()).toBe('24.97')
    expect(record?.share.toFixed()).toBe('2.497')
    expect(copy.highWaterMark.toFixed()).toBe('24.97')
  })

  it('raises the mark to the result paid on: what the paper loss held back is charged once it is won back', () => {
    const { book, copy } = realizedAndOpen()
    // Open −10: paid on 14.97; the mark rises to 14.97, not to the realized 24.97.
    expect(settleProfitShare(book, copy, at, new Map([['ETH_USDT', new Money('2497.5')]]))?.share.toFixed()).toBe(
      '1.497',
    )
    expect(copy.highWaterMark.toFixed()).toBe('14.97')
    // The ETH position closes flat: 24.97 realized, 10 above the mark.
    const eth = [...book.positions.values()].find((p) => p.copyId === copy.id && p.status === 'open')
    if (!eth) throw new Error('no open position')
    closePart(book, rules, eth, eth.size, new Money('2500'), at, 'manual', 'm', NO_TRIGGERS)
    expect(settleProfitShare(book, copy, at, NO_MARKS)?.share.toFixed()).toBe('1')
    expect(copy.profitSharePaid.toFixed()).toBe('2.497')
  })

  it('settles nothing while an open position has no mark', () => {
    const { book, copy } = realizedAndOpen()
    expect(settleProfitShare(book, copy, at, NO_MARKS)).toBeNull()
  })
})

describe('risk', () => {
  it('stops the whole copy when its equity falls to the copy stop loss, and returns what is left', () => {
    const { book, copy } = setup({ copyStopLossRatio: new Money('0.1') })
    leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    // 0.2 BTC; −2,500 × 0.2 = −500 = 10 % of 5,000.
    const outcome = applyMarks(book, rules, new Map([['BTC_USDT', new Money('47500')]]), at, { liquidate: true })
    expect(outcome.stoppedCopies).toBe(1)
    expect(copy.status).toBe('cancelled')
    expect(copy.endReason).toBe('copy-stop-loss')
    expect(book.balance(followerWallet(copy)).toString()).toBe('9500')
  })

  it('charges a replay’s longs the interest component against the market, from their margin', () => {
    const { book, copy } = setup()
    leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    const before = book.balance(MARKET)
    applyReplayFunding(book, rules, new Map([['BTC_USDT', new Money('50000')]]), at)
    // Leader 1 BTC and follower 0.2 BTC long, 0.01 %: 5 + 1 paid to the market.
    expect(book.balance(MARKET).minus(before).toString()).toBe('6')
    const follower = [...book.positions.values()].find((p) => p.copyId === copy.id)
    expect(follower?.margin.toString()).toBe('999')
    expect(follower?.funding.toString()).toBe('-1')
  })
})

describe('skips and unmanaged positions', () => {
  it('records why a copy was not made: paused, instrument not allowed, balance', () => {
    const { book, copy } = setup()
    copy.status = 'paused'
    leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    copy.status = 'active'
    leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 }, 'BTC_USDT', ['ETH_USDT'])
    changeInvestment(book, copy, copy.balance.minus('0.01').neg(), 'out')
    leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    expect(book.takeChange().skipped.map((s) => s.reason)).toEqual([
      'paused',
      'instrument-not-allowed',
      'insufficient-balance',
    ])
  })

  it('keeps positions open after a cancel when asked, and their close pays the wallet', () => {
    const { book, copy } = setup()
    leader(book, copy, '50000', { kind: 'open', side: 1, size: new Money(1), leverage: 10 })
    endCopy(book, { copy, closePositions: false, marks: new Map(), at, reason: 'cancel', rules })
    expect(book.balance(followerWallet(copy)).toString()).toBe('9000')
    const kept = [...book.positions.values()].find((p) => p.copyId === copy.id)
    if (!kept) throw new Error('no copied position')
    expect(kept.unmanaged).toBe(true)
    closePart(book, rules, kept, kept.size, new Money('51000'), at, 'manual', 'm', NO_TRIGGERS)
    expect(book.balance(followerWallet(copy)).toString()).toBe('10200')
  })
})
