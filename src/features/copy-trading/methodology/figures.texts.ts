/**
 * The copy-trading figures that have a definition: each one's name, its one-line definition (the
 * tooltip beside it wherever it is shown) and its anchor on the methodology page, where the
 * definition is given in full. The lines follow the rules of the methodology page; change both.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export type FigureKey =
  | 'roi'
  | 'pnl'
  | 'maxDrawdown'
  | 'winRate'
  | 'weightedWinRate'
  | 'sharpe'
  | 'tradesPerWeek'
  | 'holdingTime'
  | 'aum'
  | 'copierPnl'
  | 'followerRoi'
  | 'followerPnl'
  | 'realizedPnl'
  | 'unrealizedPnl'
  | 'profitShare'

export interface FigureText {
  /** The id of its section on the methodology page. */
  anchor: string
  name: MessageDescriptor
  summary: MessageDescriptor
}

export const FIGURES: Readonly<Record<FigureKey, FigureText>> = {
  roi: {
    anchor: 'roi',
    name: msg`ROI`,
    summary: msg`Time-weighted return over the period: deposits, withdrawals and profit share never move it. Fees and funding are in it.`,
  },
  pnl: {
    anchor: 'pnl',
    name: msg`PnL`,
    summary: msg`Change in equity minus money moved in or out, in USDT: realized and unrealized, after trading fees and funding.`,
  },
  maxDrawdown: {
    anchor: 'max-drawdown',
    name: msg`Max drawdown`,
    summary: msg`The largest fall of the unit value from a peak to a later trough in the period, measured at least hourly.`,
  },
  winRate: {
    anchor: 'win-rate',
    name: msg`Win rate`,
    summary: msg`Share of the counted trades closed in the period that made money after trading fees and funding.`,
  },
  weightedWinRate: {
    anchor: 'win-rate',
    name: msg`Win rate by size`,
    summary: msg`Size of the counted trades that made money after fees and funding ÷ size of all counted trades in the period: a large loss outweighs many small wins.`,
  },
  sharpe: {
    anchor: 'sharpe-ratio',
    name: msg`Sharpe ratio`,
    summary: msg`Mean ÷ sample standard deviation of the daily returns in the period, × √365, risk-free rate 0.`,
  },
  tradesPerWeek: {
    anchor: 'trades-per-week',
    name: msg`Trades per week`,
    summary: msg`Counted trades closed in the period × 7 ÷ days actually traded in it (at least 7).`,
  },
  holdingTime: {
    anchor: 'holding-time',
    name: msg`Average holding time`,
    summary: msg`Mean time from opening to closing, over the counted trades closed in the period.`,
  },
  aum: {
    anchor: 'aum',
    name: msg`AUM`,
    summary: msg`Money copiers have in this trader's copies now: free balances plus margin in open positions.`,
  },
  copierPnl: {
    anchor: 'copier-pnl',
    name: msg`Copier PnL`,
    summary: msg`Sum of the PnL of every copy of this trader in the period, after profit share.`,
  },
  followerRoi: {
    anchor: 'follower-roi',
    name: msg`Follower ROI`,
    summary: msg`Your copy's time-weighted return after fees, funding and profit share: adding or taking out money never moves it.`,
  },
  followerPnl: {
    anchor: 'follower-pnl',
    name: msg`Net profit`,
    summary: msg`Your copy's PnL: realized plus unrealized, after trading fees, funding and the profit share paid.`,
  },
  realizedPnl: {
    anchor: 'follower-pnl',
    name: msg`Realized PnL`,
    summary: msg`PnL of closed positions and partial closes, booked when they happen, after trading fees and funding.`,
  },
  unrealizedPnl: {
    anchor: 'follower-pnl',
    name: msg`Unrealized PnL`,
    summary: msg`PnL of open positions at the mark price, not booked yet.`,
  },
  profitShare: {
    anchor: 'profit-share',
    name: msg`Profit share`,
    summary: msg`The trader's share of a copy's net result above its high-water mark, settled every Monday 00:00 UTC and when the copy ends.`,
  },
}
