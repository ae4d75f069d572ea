/**
 * Every profit-share settlement checked against the ledger and the rule: share = rate × (net result − high-water
 * mark)⁺, toward zero, at most the copy's free balance, where the net result is the lower of the realized net profit
 * (free balance + margin of the positions it manages + profit share paid before − money put in) and that plus the open
 * positions' results at the marks (each rounded down, a loss at most its margin); the rate is the one the copy agreed
 * (never above it, never rising over the copy's life); the mark after = the net result when the whole share was paid,
 * else the mark before + share ÷ rate rounded up; the ledger moved exactly the share from the copy to the leader.
 */
import { D, ZERO, ceil18, floor18, max, min, paid18, plain } from './exact.ts'
import { copyKey, leaderWalletKey, marginKey, upTo, type Ledger } from './ledger.ts'
import type { Marks } from './marks.ts'
import type { Raw } from './raw.ts'
import type { Replayed } from './replay.ts'
import type { Tally } from './report.ts'
import { pointAt } from './equity.ts'

export interface ShareInput {
  raw: Raw
  ledger: Ledger
  marks: Marks
  replayed: ReadonlyMap<number, Replayed>
}

/** Checks every settlement; returns how many could not be recomputed (a price not stored). */
export function checkProfitShares(tally: Tally, input: ShareInput, until: number): number {
  const { raw, ledger, marks, replayed } = input
  let unpriced = 0
  const copies = new Map(raw.copies.map((c) => [c.id, c]))
  const hwm = new Map<number, D>()
  const lastRate = new Map<number, D>()
  for (const share of [...raw.shares].sort((a, b) => a.periodEnd - b.periodEnd || a.id - b.id)) {
    if (share.createdAt > until) continue
    const subject = `copy ${share.copyId}`
    const where = `profit share ${new Date(share.periodEnd).toISOString()}`
    const copy = copies.get(share.copyId)
    const rate = new D(share.rate)
    // The ledger: exactly the share, from the copy to the leader's wallet, once.
    const ref = `profit-share:${share.copyId}:${new Date(share.periodEnd).toISOString()}`
    const moved = ledger
      .withRef(ref)
      .filter(
        (t) =>
          t.kind === 'profit-share' &&
          t.debit === copyKey(share.copyId) &&
          t.credit === leaderWalletKey(share.leaderId),
      )
    const transfer = moved[0]
    tally.compare(
      subject,
      '-',
      `${where}: ledger transfer`,
      share.share,
      transfer?.amount ?? 'none',
      moved.length === 1 && new D(transfer?.amount ?? -1).eq(share.share),
    )
    // The rate: the copy's, and never rising.
    if (copy) {
      const agreed = new D(copy.rate)
      tally.compare(
        subject,
        '-',
        `${where}: rate not above the copy's agreed rate`,
        share.rate,
        plain(agreed),
        rate.gte(agreed),
      )
    }
    const previousRate = lastRate.get(share.copyId)
    if (previousRate)
      tally.compare(
        subject,
        '-',
        `${where}: rate not above the previous settlement's`,
        share.rate,
        plain(previousRate),
        rate.lte(previousRate),
      )
    lastRate.set(share.copyId, rate)
    // The high-water mark before: the one the previous settlement left.
    const before = hwm.get(share.copyId) ?? ZERO
    tally.compare(
      subject,
      '-',
      `${where}: high-water mark before`,
      share.highWaterMarkBefore,
      plain(before),
      before.eq(share.highWaterMarkBefore),
    )
    if (!transfer) continue
    // The net result just before the payment.
    const at = share.periodEnd
    const cut = upTo(transfer.id - 1)
    const account = copyKey(share.copyId)
    const balance = ledger.balanceAt(account, at, cut)
    let invested = ZERO
    let paidBefore = ZERO
    for (const m of ledger.movements(account)) {
      if (m.at > at || (m.at === at && m.transfer.id >= transfer.id)) break
      if (m.transfer.kind === 'copy-in' || m.transfer.kind === 'copy-out') invested = invested.plus(m.delta)
      if (m.transfer.kind === 'profit-share') paidBefore = paidBefore.minus(m.delta)
    }
    let margins = ZERO
    let open = ZERO
    let priced = true
    for (const p of raw.positions) {
      if (p.copyId !== share.copyId || p.openedAt > at) continue
      if (p.unmanaged && copy?.endedAt !== null && copy?.endedAt !== undefined && at >= copy.endedAt) continue
      const state = pointAt(replayed.get(p.id)?.points ?? [], at, cut, ledger)
      if (!state?.open) continue
      const margin = ledger.balanceAt(marginKey(p.id), at, cut)
      margins = margins.plus(margin)
      const mark = marks.live(p.pairCode, at)
      if (!mark) {
        priced = false
        continue
      }
      open = open.plus(max(floor18(mark.minus(state.entry).times(state.size).times(p.side)), margin.neg()))
    }
    if (!priced) {
      unpriced += 1
      continue
    }
    const realized = balance.plus(margins).plus(paidBefore).minus(invested)
    const net = open.lt(0) ? realized.plus(open) : realized
    tally.compare(subject, '-', `${where}: net result`, share.netProfit, plain(net), net.eq(share.netProfit))
    const due = paid18(net.minus(before).times(rate))
    const expected = min(due, balance)
    tally.compare(subject, '-', `${where}: share`, share.share, plain(max(expected, ZERO)), expected.eq(share.share))
    hwm.set(share.copyId, expected.eq(due) ? net : ceil18(new D(share.share).div(rate).plus(before)))
  }
  // The stored mark of each copy is the last settlement's (copies never settled at a rate of 0 keep theirs).
  for (const copy of raw.copies) {
    const mark = hwm.get(copy.id)
    if (!mark || new D(copy.rate).isZero()) continue
    tally.compare(
      `copy ${copy.id}`,
      '-',
      'high-water mark',
      copy.highWaterMark,
      plain(mark),
      mark.eq(copy.highWaterMark),
    )
    const paid = raw.shares.filter((s) => s.copyId === copy.id).reduce((total, s) => total.plus(s.share), ZERO)
    tally.compare(
      `copy ${copy.id}`,
      '-',
      'profit share paid',
      copy.profitSharePaid,
      plain(paid),
      paid.eq(copy.profitSharePaid),
    )
  }
  return unpriced
}
