/**
 * The help centre's own articles (issue 20 item 4): what the app's help links open when no external help centre is
 * configured (HELP_CENTER_URL unset). Each explains one term the app uses, with the figures it applies taken from
 * app.config.ts, so the article and the engine cannot disagree.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { COPY, FUTURES, HELP_ARTICLES, LOCALES, TRADING, type HelpArticle, type LocaleCode } from '#/app.config.ts'

export interface HelpArticleText {
  title: MessageDescriptor
  paragraphs: MessageDescriptor[]
}

export const HELP_TEXTS: Record<HelpArticle, HelpArticleText> = {
  fees: {
    title: msg`Trading fees`,
    paragraphs: [
      msg`Spot: a fill pays {spotMaker} when your order was resting in the book (maker) and {spotTaker} when it took a resting order (taker). The fee is taken from the coin you receive.`,
      msg`Futures and copied trades: every fill pays {futuresFee} of its value, when a position opens and when it closes.`,
      msg`Open futures positions also pay or receive funding every {fundingHours} hours, depending on which side the market leans.`,
    ],
  },
  terms: {
    title: msg`Terms of use`,
    paragraphs: [
      msg`By using {product} you agree to keep your login details to yourself, to trade only with money you can afford to lose, and not to misuse the service: no automated abuse, impersonation or market manipulation. Accounts that break these terms may be restricted.`,
      msg`The reference exchange this site runs on simulates its markets and pays out test funds with no monetary value. A deployment connected to a real exchange publishes that exchange's own terms here.`,
    ],
  },
  riskDisclosure: {
    title: msg`Risk disclosure`,
    paragraphs: [
      msg`Crypto assets are volatile: prices can fall sharply within minutes, and you can lose all of the money you trade with.`,
      msg`Futures use leverage: a small move against a position can liquidate it, and its margin is lost.`,
      msg`Copy trading copies a lead trader's future trades, not their past results. Past performance does not guarantee future results, and a copy can lose money even when the leader's record shows gains.`,
    ],
  },
  copyModes: {
    title: msg`Copy modes: fixed amount and ratio`,
    paragraphs: [
      msg`Fixed amount: every trade the lead trader opens is copied with the margin you set per order, at the leverage you chose or the leader's.`,
      msg`Ratio: every trade is copied at a multiple of the leader's size. 1 copies the same size, 0.5 half of it.`,
      msg`In both modes no copied order takes more margin than your largest margin per order or than your copy has free. A trade that cannot be copied is skipped and recorded with its reason.`,
    ],
  },
  copyTakeProfitStopLoss: {
    title: msg`Take profit and stop loss on copied positions`,
    paragraphs: [
      msg`Take profit and stop loss apply to each copied position on its own: when its gain or loss on its margin reaches the percentage you set, it is closed at the mark price.`,
      msg`Both are optional. Without them a copied position closes when the lead trader closes theirs.`,
    ],
  },
  copyStopLoss: {
    title: msg`Copy stop loss`,
    paragraphs: [
      msg`The copy stop loss watches the whole copy rather than one position: when the copy's loss reaches the percentage you set of the amount you invested, its positions are closed and the copy stops following the trader.`,
      msg`It is optional, and you can change it while the copy runs.`,
    ],
  },
  profitShare: {
    title: msg`Profit share`,
    paragraphs: [
      msg`A lead trader earns a share of the net profit each follower makes by copying them, at the rate on their profile (at most {maxShare}).`,
      msg`It is settled every Monday at 00:00 UTC, and only on profit above the copy's previous high: a follower never pays twice for the same gain, and pays nothing for a week that ends below that mark.`,
      msg`The share is rounded down, in the follower's favour.`,
    ],
  },
  leadRequirements: {
    title: msg`Becoming a lead trader`,
    paragraphs: [
      msg`To lead, you need at least {minBalance} USDT in your exchange wallet, no running copy of another trader, and no open positions of your own.`,
      msg`Followers copy the trades you make after they start copying. You choose your profit share (up to {maxShare}), how many followers you accept and the smallest amount they may copy with, and you can change these later.`,
    ],
  },
  marginModes: {
    title: msg`Margin modes: isolated and cross`,
    paragraphs: [
      msg`Isolated: each position has its own margin. If it is liquidated you lose at most that margin, and the rest of your futures wallet is untouched.`,
      msg`Cross: your positions share the free balance of your futures wallet as margin. A losing position can draw on it and stay open longer, but a liquidation can take more than one position's margin.`,
    ],
  },
  liquidation: {
    title: msg`Liquidation`,
    paragraphs: [
      msg`A futures position is liquidated when its margin, counting its unrealized loss, falls below the maintenance margin: {maintenance} of the position's value at the mark price for positions in a pair's first bracket.`,
      msg`Larger positions need more. Each pair has brackets by position value: in a higher bracket the maintenance rate rises and the highest leverage allowed falls. The leverage window shows the largest position the chosen leverage allows.`,
      msg`The estimated liquidation price shown before you place an order is where that happens if nothing else changes; funding and fees move it a little.`,
      msg`Liquidation follows the mark price, not the last trade, so a brief spike in the order book does not liquidate a position.`,
      msg`A liquidated position is closed on the order book, never past its bankruptcy price (where its margin is gone). What the book cannot take by then is closed at the mark price, and the insurance fund pays any loss beyond the margin. Liquidation fees and what liquidated margins have left fund it.`,
      msg`When the insurance fund cannot pay all of that loss, auto-deleveraging (ADL) closes the rest against positions on the other side of the same pair, the most profitable and most leveraged first, at the liquidated position's bankruptcy price and without a fee. What no position can take is the exchange's own loss.`,
      msg`The {lights} ADL bars on each futures position show its place in that queue among the positions of its pair and side: the more bars are lit, the sooner it would be deleveraged (all {lights} for the first in line, one for the last). Taking profit or lowering leverage moves a position back. An auto-deleveraged close shows in your orders and fills as Auto-deleveraging.`,
    ],
  },
  funding: {
    title: msg`Funding`,
    paragraphs: [
      msg`A perpetual never expires. To keep its price near the market's, longs and shorts pay each other funding every {fundingHours} hours, at 00:00, 08:00 and 16:00 UTC. Every position open at that instant takes part, whatever happens to it a moment later; a position opened after it pays nothing until the next one.`,
      msg`Each position pays or receives the funding rate × its value at the mark price. With a positive rate longs pay and shorts receive; with a negative one, shorts pay and longs receive. Funding passes only between traders: the exchange neither pays nor keeps it.`,
      msg`The rate comes from the order book. Every minute the exchange measures how far the average price of selling, and of buying, {impactMargin} USDT of margin at the pair's highest leverage lies above or below the mark price: the premium. An interval's rate is its average premium plus the interest rate of {fundingInterest}, which moves it by at most {fundingClamp} either way, and never more than {fundingCap} either way. The terminal shows the rate the interval in progress would pay so far.`,
      msg`A paying position pays what it owes, up to what backs it: an isolated position its margin, a cross position its margin and then its futures wallet. When what was paid covers what the receiving side is due, each receiver gets its due and anything left goes to the insurance fund. When it falls short, each receiver gets its share of what was paid, in proportion to what it was due, rounded down; the smallest units left over go to the largest remainders.`,
      msg`Funding is paid into and out of a position's margin, so it moves the position's liquidation price a little.`,
    ],
  },
}

/** The rates the articles quote (ratios, shown as percentages with these decimals). */
export const HELP_RATES = {
  spotMaker: { ratio: TRADING.spotMakerFeeRate, digits: 2 },
  spotTaker: { ratio: TRADING.spotTakerFeeRate, digits: 2 },
  futuresFee: { ratio: COPY.takerFeeRate, digits: 2 },
  maxShare: { ratio: COPY.maxProfitShareRate, digits: 0 },
  maintenance: { ratio: COPY.maintenanceMarginRate, digits: 2 },
  fundingInterest: { ratio: FUTURES.funding.interestRate, digits: 2 },
  fundingClamp: { ratio: FUTURES.funding.premiumClamp, digits: 2 },
  fundingCap: { ratio: FUTURES.funding.rateCap, digits: 2 },
} as const

/** The other figures they quote. */
export const HELP_FIGURES = {
  fundingHours: COPY.fundingIntervalHours,
  minBalance: COPY.leaderMinBalanceUsdt,
  lights: FUTURES.adlLights,
  impactMargin: FUTURES.funding.impactMarginUsdt,
} as const

/** The article at /{lang}/{catalog}/{id}, if the help centre has it. */
export function findHelpArticle(catalog: string, id: string): HelpArticle | undefined {
  return HELP_ARTICLE_KEYS.find((key) => HELP_ARTICLES[key].catalog === catalog && HELP_ARTICLES[key].id === id)
}

const isHelpArticle = (key: string): key is HelpArticle => Object.hasOwn(HELP_ARTICLES, key)

/** Every article, in the order app.config.ts lists them (the help centre's home lists them so). */
export const HELP_ARTICLE_KEYS: readonly HelpArticle[] = Object.keys(HELP_ARTICLES).filter(isHelpArticle)

/** The locale a help language belongs to (en-us → en_US), the first one when several share it. */
export function localeOfHelpLanguage(lang: string): LocaleCode | undefined {
  return LOCALES.find((l) => l.helpLang === lang)?.code
}
