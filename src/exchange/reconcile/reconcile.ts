/**
 * The independent reconciliation of issue 17: every leader's and copy's figures recomputed from the raw records
 * (positions, leader events, the ledger, balances, copies, profit shares, candles, unit values) by a second
 * computation that shares no code with the engine's statistics, then compared with what is served (leader_stats, the
 * stats endpoint's series, My copies). Each figure that differs is reported with the served and the recomputed value;
 * a figure that cannot be recomputed from what is stored is reported as pending, with the reason.
 */
import { MARKET } from '#/app.config.ts'
import type { Database } from '../db/client.ts'
import { D, ZERO, half18, plain, ratio10, sameNumber } from './exact.ts'
import { Valuation, eventTimeOf, transferTime, type OwnerKind } from './equity.ts'
import {
  DAY,
  PERIODS,
  copierPnlOf,
  copyFiguresOf,
  dailyReturns,
  linkedFillTimes,
  maxDrawdownOf,
  pnlOf,
  roiBetween,
  rowAt,
  sharpeOf,
  tradeFigures,
  windowStartOf,
  type Context,
  type Figure,
} from './figures.ts'
import { recomputeFunding } from './funding.ts'
import { Ledger, checkLedger, leaderWalletKey } from './ledger.ts'
import { Marks } from './marks.ts'
import { checkProfitShares } from './profit-share.ts'
import { readRaw, type CopyRecord, type PositionRecord, type Raw } from './raw.ts'
import { orderOperations, replayAll, type Replayed } from './replay.ts'
import { Tally, type Pending, type Report } from './report.ts'
import { checkOwnerRows, missingValuations, unitRowsByOwner, type UnitRow } from './units.ts'

const MINUTE = 60_000

/** What the API serves, read through the exchange's own services (optional: leader_stats is always read). */
export interface Served {
  /** The stats endpoint of a leader and period: its daily series (day, cumulative ROI and PnL, the day's PnL). */
  series?(
    leaderId: number,
    period: string,
    now: Date,
  ): Promise<{ day: string; roi: string; pnl: string; dailyPnl: string }[]>
  /** My copies of a follower: each live copy's figures. */
  myCopies?(followerId: number): Promise<
    {
      copyId: string
      investment: string
      balance: string
      margin: string
      unrealizedPnl: string
      realizedPnl: string
      profitSharePaid: string
      net: string
      roi: string
    }[]
  >
}

export interface ReconcileOptions {
  served?: Served
  /** The instant to reconcile at; default: when leader_stats was last written. */
  at?: number
}

const ratioEq = (served: string, value: D) => sameNumber(served, ratio10(value))
const moneyEq = (served: string, value: D) => sameNumber(served, half18(value))

/** Compares each replayed position's last state with its stored row. */
function checkPositions(tally: Tally, replayed: ReadonlyMap<number, Replayed>, pending: Pending[]): void {
  let unpriced = 0
  let unfunded = 0
  for (const { position, points, problems, unknownFrom } of replayed.values()) {
    const subject = `position ${position.id}`
    for (const problem of problems) tally.compare(subject, '-', 'replay', 'recorded', problem, false)
    const last = points.at(-1)
    if (!last) {
      tally.compare(subject, '-', 'replay', 'a position', 'no recorded step', false)
      continue
    }
    const fields: [string, string | null, D | null][] = [
      ['size', position.size, last.size],
      ['closed size', position.closedSize, last.closedSize],
      ['entry price', position.entryPrice, last.entry],
      ['status', position.status, null],
    ]
    // Funding at a price no longer stored leaves the margin and what depends on it unknown.
    if (unknownFrom === null)
      fields.push(['margin', position.margin, last.margin], ['funding', position.funding, last.funding])
    else unfunded += 1
    // A close at a price the candles no longer hold leaves realized PnL, fees and exit price unknown.
    const priced = !(
      position.closeReason !== 'leader' &&
      position.copyId !== null &&
      last.exitPrice === null &&
      last.closedSize.gt(0)
    )
    if (priced) fields.push(['exit price', position.exitPrice, last.exitPrice])
    if (priced && unknownFrom === null)
      fields.push(['realized PnL', position.realizedPnl, last.realized], ['fees', position.fees, last.fees])
    if (!priced) unpriced += 1
    for (const [figure, served, value] of fields) {
      if (figure === 'status') {
        const status = last.open ? 'open' : 'closed'
        tally.compare(subject, '-', figure, position.status, status, status === position.status)
      } else if (served === null || value === null)
        tally.compare(subject, '-', figure, served ?? 'null', value === null ? 'null' : plain(value), served === value)
      else tally.compare(subject, '-', figure, served, plain(value), new D(served).eq(value))
    }
  }
  if (unfunded > 0)
    pending.push({
      figure: `margin, funding, realized PnL and fees of ${unfunded} back-filled positions`,
      reason:
        'the back-fill charged funding at minute closes of its last days (MARKET.minuteHistoryDays), pruned since: the price is no longer stored',
    })
  if (unpriced > 0)
    pending.push({
      figure: `realized PnL, fees and exit price of ${unpriced} copied positions`,
      reason: 'closed by a stop, a liquidation or the copy ending at a mark whose minute candle is no longer stored',
    })
}

/** A leader's wallet at the end of the back-fill, replayed, against the ledger. */
function checkHistoryCash(tally: Tally, raw: Raw, ledger: Ledger, valuation: Valuation): void {
  const end = ledger.historyEnd
  if (end === null) return
  for (const leader of raw.leaders) {
    if (valuation.historyUnknownFrom(leader.id) !== null) continue
    const replayed = valuation.historyWallet(leader.id, end)
    const ledgered = ledger.balanceAt(leaderWalletKey(leader.id), end)
    tally.compare(
      `leader ${leader.id}`,
      '-',
      'wallet at the end of the back-fill (replay vs ledger)',
      plain(ledgered),
      plain(replayed),
      ledgered.eq(replayed),
    )
  }
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function leaderFigures(tally: Tally, context: Context, raw: Raw, at: number, pending: Pending[]): void {
  const own = new Map<number, PositionRecord[]>()
  for (const p of raw.positions) if (p.copyId === null) pushTo(own, p.userId, p)
  const copiesOf = new Map<number, CopyRecord[]>()
  for (const c of raw.copies) pushTo(copiesOf, c.leaderId, c)
  const linkedFills = linkedFillTimes(raw.matches, raw.users)
  let unvalued = 0
  for (const stats of raw.stats) {
    const id = stats.leaderId
    const subject = `leader ${id}`
    const period = PERIODS.find((p) => p.name === stats.period)
    if (!period || stats.updatedAt !== at) continue
    const rows = context.rows.get(`leader:${id}`) ?? []
    const window = windowStartOf(period.days, at)
    const start = window ?? rows[0]?.at ?? at
    const check = (figure: string, served: string, value: D, eq: (s: string, v: D) => boolean) =>
      tally.compare(
        subject,
        period.name,
        figure,
        served,
        plain(eq === ratioEq ? ratio10(value) : half18(value)),
        eq(served, value),
      )
    if (raw.units !== null) {
      check('roi', stats.roi, roiBetween(rows, window === null ? null : rowAt(rows, window), rowAt(rows, at)), ratioEq)
      check('max drawdown', stats.maxDrawdown, maxDrawdownOf(rows, window, at), ratioEq)
      check('sharpe', stats.sharpe, sharpeOf(dailyReturns(rows, window, at).map((d) => d.dailyReturn)), ratioEq)
    }
    const pnl = pnlOf(context, 'leader', id, period.days === null ? null : start, at)
    if (pnl.ok) check('pnl', stats.pnl, pnl.value, moneyEq)
    else unvalued += 1
    const leader = raw.leaders.find((l) => l.id === id)
    const historyStart = Math.min(
      leader?.createdAt ?? at,
      rows[0]?.at ?? at,
      ...(own.get(id) ?? []).map((p) => p.openedAt),
    )
    const trades = tradeFigures(own.get(id) ?? [], period.days === null ? null : start, at, historyStart, {
      rows,
      linkedFills,
    })
    tally.compare(
      subject,
      period.name,
      'trades',
      String(stats.trades),
      String(trades.closed),
      stats.trades === trades.closed,
    )
    check('win rate', stats.winRate, trades.winRate, ratioEq)
    check('weighted win rate', stats.weightedWinRate, trades.weightedWinRate, ratioEq)
    check('trades per week', stats.tradesPerWeek, trades.tradesPerWeek, ratioEq)
    check('avg holding minutes', stats.avgHoldingMinutes, trades.avgHoldingMinutes, ratioEq)
    const coins = trades.preferredCoins.join(',')
    tally.compare(
      subject,
      period.name,
      'preferred coins',
      stats.preferredCoins.join(','),
      coins,
      coins === stats.preferredCoins.join(','),
    )
    const copies = copiesOf.get(id) ?? []
    const copyFigures = copyFiguresOf(context, copies, at)
    check('aum', stats.aum, copyFigures.aum, moneyEq)
    tally.compare(
      subject,
      period.name,
      'followers',
      String(stats.followers),
      String(copyFigures.followers),
      stats.followers === copyFigures.followers,
    )
    tally.compare(
      subject,
      period.name,
      'copiers',
      String(stats.copiers),
      String(copyFigures.copiers),
      stats.copiers === copyFigures.copiers,
    )
    const copierPnl = copierPnlOf(context, copies, period.days === null ? null : start, at)
    if (copierPnl.ok) check('copier pnl', stats.copierPnl, copierPnl.value, moneyEq)
    else unvalued += 1
  }
  if (raw.units === null)
    pending.push({
      figure: 'roi, max drawdown, sharpe',
      reason: 'the database has no unit_values table (unit values not yet written)',
    })
  if (unvalued > 0)
    pending.push({ figure: `${unvalued} pnl / copier pnl figures`, reason: 'a price they need is no longer stored' })
}

async function seriesFigures(tally: Tally, context: Context, raw: Raw, at: number, served: Served): Promise<void> {
  if (!served.series || raw.units === null) return
  for (const leader of raw.leaders) {
    if (leader.status === 'cancelled') continue
    const rows = context.rows.get(`leader:${leader.id}`) ?? []
    for (const period of PERIODS) {
      const window = windowStartOf(period.days, at)
      const start = window ?? rows[0]?.at ?? at
      const series = await served.series(leader.id, period.name, new Date(at))
      const days = dailyReturns(rows, window, at)
      const subject = `leader ${leader.id}`
      tally.compare(
        subject,
        period.name,
        'series days',
        series.map((s) => s.day).join(','),
        days.map((d) => d.day).join(','),
        series.length === days.length && series.every((s, i) => s.day === days[i]?.day),
      )
      for (const [i, day] of days.entries()) {
        const point = series[i]
        if (!point || point.day !== day.day) break
        const dayStart = Math.max(start, Date.parse(`${day.day}T00:00:00.000Z`))
        const from = period.days === null && i === 0 ? null : dayStart
        const pnl = pnlOf(context, 'leader', leader.id, from, day.end, day.end < at)
        // The running PnL from the series' start to this day's end, measured at its two ends: a day in between that
        // cannot be valued (a price no longer stored) does not stop the days after it from being checked.
        const seriesStart = period.days === null ? null : Math.max(start, Date.parse(`${days[0]?.day}T00:00:00.000Z`))
        const cumulative = pnlOf(context, 'leader', leader.id, seriesStart, day.end, day.end < at)
        tally.compare(
          subject,
          period.name,
          `series ${day.day} roi`,
          point.roi,
          plain(ratio10(day.roi)),
          ratioEq(point.roi, day.roi),
        )
        const money = (figure: string, served: string, recomputed: Figure) => {
          if (recomputed.ok)
            tally.compare(
              subject,
              period.name,
              `series ${day.day} ${figure}`,
              served,
              plain(half18(recomputed.value)),
              moneyEq(served, recomputed.value),
            )
        }
        money('daily pnl', point.dailyPnl, pnl)
        money('pnl', point.pnl, cumulative)
      }
    }
  }
}

/** The copy's return since it began, to now: its unit value now (equity now over the units of its last row). */
function copyRoi(rows: readonly UnitRow[], equityNow: D): D {
  const last = rows.at(-1)
  if (!last || last.units.isZero()) return last ? roiBetween(rows, null, last) : ZERO
  const now: UnitRow = { ...last, id: last.id + 0.5, unitValue: equityNow.div(last.units), reason: 'now' }
  return roiBetween([...rows, now], null, now)
}

async function myCopiesFigures(
  at: number,
  tally: Tally,
  context: Context,
  raw: Raw,
  replayed: ReadonlyMap<number, Replayed>,
  marks: Marks,
  served: Served,
  pending: Pending[],
): Promise<void> {
  if (!served.myCopies) return
  // My copies answers with the records as they are now, open positions at the market's marks (its last minute): the
  // instant after everything recorded.
  const lastRecord = raw.transfers.reduce((latest, t) => Math.max(latest, t.createdAt), 0)
  const now = Math.max(at, lastRecord, raw.lastMinute === null ? 0 : raw.lastMinute + MINUTE)
  const followers = [...new Set(raw.copies.filter((c) => c.status !== 'cancelled').map((c) => c.followerId))]
  let roiDiffers = 0
  for (const followerId of followers) {
    for (const account of await served.myCopies(followerId)) {
      const id = Number(account.copyId)
      const subject = `copy ${id}`
      const flows = context.ledger.movements(`copy:${id}`)
      const investment = flows
        .filter((m) => m.transfer.kind === 'copy-in' || m.transfer.kind === 'copy-out')
        .reduce((s, m) => s.plus(m.delta), ZERO)
      const paid = flows.filter((m) => m.transfer.kind === 'profit-share').reduce((s, m) => s.minus(m.delta), ZERO)
      let margin = ZERO
      let unrealized = ZERO
      let realized = ZERO
      for (const p of raw.positions) {
        if (p.copyId !== id) continue
        const last = replayed.get(p.id)?.points.at(-1)
        if (!last) continue
        realized = realized.plus(last.realized).minus(last.fees).plus(last.funding)
        if (!last.open) continue
        margin = margin.plus(last.margin)
        const mark = marks.live(p.pairCode, now)
        if (mark) unrealized = unrealized.plus(half18(mark.minus(last.entry).times(last.size).times(p.side)))
      }
      const net = realized.plus(unrealized).minus(paid)
      const figures: [string, string, D][] = [
        ['investment', account.investment, investment],
        ['balance', account.balance, context.ledger.balanceAt(`copy:${id}`, Infinity)],
        ['margin', account.margin, margin],
        ['unrealized pnl', account.unrealizedPnl, unrealized],
        ['realized pnl', account.realizedPnl, realized],
        ['profit share paid', account.profitSharePaid, paid],
        ['net', account.net, net],
      ]
      for (const [figure, value, mine] of figures)
        tally.compare(subject, '-', `my copies ${figure}`, value, plain(mine), sameNumber(value, mine))
      const equity = context.valuation.copyEquity(id, now)
      if (equity.ok) {
        const roi = copyRoi(context.rows.get(`copy:${id}`) ?? [], equity.equity)
        const same = ratioEq(account.roi, roi)
        if (!same) roiDiffers += 1
        tally.compare(subject, '-', 'my copies roi (time-weighted)', account.roi, plain(ratio10(roi)), same)
      }
    }
  }
  if (roiDiffers > 0)
    pending.push({
      figure: `my copies roi (${roiDiffers} copies)`,
      reason: 'served as net ÷ investment until My copies is time-weighted (issue 17 item 8)',
    })
}

/** Reconciles the database at one instant. */
export async function reconcile(db: Pick<Database, 'execute'>, options: ReconcileOptions = {}): Promise<Report> {
  const raw = await readRaw(db)
  const statsAt = raw.stats.reduce((latest, s) => Math.max(latest, s.updatedAt), 0)
  const at = options.at ?? (statsAt > 0 ? statsAt : raw.lastMinute === null ? Date.now() : raw.lastMinute + MINUTE)
  const ledger = new Ledger(raw.transfers, transferTime, raw.tickOrders)
  const times = [...raw.positions.map((p) => p.openedAt), ...(raw.units ?? []).map((u) => u.at)]
  const from = Math.min(at, ...times)
  const historyMinutesFrom = ledger.historyEnd === null ? null : ledger.historyEnd - MARKET.minuteHistoryDays * DAY
  const marks = await Marks.load(
    db,
    Marks.pairsOf(raw),
    from,
    Math.max(at, (raw.lastMinute ?? at) + MINUTE),
    historyMinutesFrom,
  )
  const replayInput = { raw, ledger, marks, eventTime: eventTimeOf(ledger), orderOperation: orderOperations(raw) }
  // Live funding is recomputed on the positions' sizes (a first replay: funding never moves a size), then replayed.
  const funding = recomputeFunding(raw, ledger, replayAll(replayInput), at)
  const replayed = replayAll({ ...replayInput, liveFunding: funding.flows })
  const valuation = new Valuation(raw, ledger, replayed, marks)
  const tally = new Tally()
  const pending: Pending[] = []

  checkPositions(tally, replayed, pending)
  funding.check(tally, pending)
  tally.add(checkLedger(raw, ledger), raw.transfers.length, 'ledger')
  checkHistoryCash(tally, raw, ledger, valuation)

  const rows = unitRowsByOwner(raw)
  const context: Context = { raw, ledger, valuation, rows }
  if (raw.units !== null) {
    let unvalued = 0
    for (const [key, list] of rows) {
      const [kind, id] = key.split(':')
      const owner: OwnerKind = kind === 'copy' ? 'copy' : 'leader'
      unvalued += checkOwnerRows(tally, ledger, valuation, owner, Number(id), list, at).unvalued
      // Valuations are due while the account is live (from the engine's first tick: the back-fill has its own hours).
      const end =
        owner === 'leader'
          ? (raw.leaders.find((l) => l.id === Number(id))?.cancelledAt ?? at)
          : (raw.copies.find((c) => c.id === Number(id))?.endedAt ?? at) - 1
      for (const time of missingValuations(
        valuation,
        owner,
        Number(id),
        list,
        ledger.historyEnd ?? 0,
        Math.min(at, end),
      ))
        tally.compare(
          `${owner} ${id}`,
          '-',
          `valuation row at ${new Date(time).toISOString()}`,
          'none',
          'a changed unit value',
          false,
        )
    }
    if (unvalued > 0)
      pending.push({
        figure: `equity of ${unvalued} unit rows`,
        reason: 'a price they were valued at is no longer stored (pruned minute candles)',
      })
  }
  const unpriced = checkProfitShares(tally, { raw, ledger, marks, replayed }, at)
  if (unpriced > 0)
    pending.push({
      figure: `net result of ${unpriced} profit-share settlements`,
      reason: 'a mark they used is no longer stored',
    })
  leaderFigures(tally, context, raw, at, pending)
  const served = options.served ?? {}
  // What the API serves is read through the exchange's services: one that fails is reported, not fatal.
  const attempt = async (figure: string, task: () => Promise<void>) => {
    try {
      await task()
    } catch (error) {
      pending.push({
        figure,
        reason: `the served figures could not be read: ${error instanceof Error ? error.message : String(error)}`,
      })
    }
  }
  await attempt('stats series', () => seriesFigures(tally, context, raw, at, served))
  await attempt('my copies', () => myCopiesFigures(at, tally, context, raw, replayed, marks, served, pending))
  return { at, checked: tally.checked, families: tally.families, differences: tally.differences, pending }
}
