/**
 * The methodology page: how every copy-trading figure is calculated (formula, window, what is in
 * it), the rules behind them and a worked example. Static: the examples are computed here from
 * fixed amounts with the same decimals and display rules as every figure. Each section has an id
 * the figures' tooltips link to (figures.texts.ts).
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import Decimal from 'decimal.js'
import type { ReactNode } from 'react'
import { COPY } from '#/app.config.ts'
import { quotient } from '#/lib/format/number.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { FIGURES, type FigureKey } from './figures.texts.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

/** The worked example (issue 17): a day's loss, then a deposit of the same size as the start. */
const EXAMPLE = { start: '10000', loss: '58.34', deposit: '10000' } as const
/** The profit-share example: realized net profit, open positions at the mark. */
const SHARE_EXAMPLE = { realized: '24.97', open: '-64.99' } as const
/** 24 November, 19:08 UTC: "7 days" then starts on 18 November, 00:00 UTC. */
const WINDOW_EXAMPLE = { now: Date.UTC(2025, 10, 24, 19, 8), start: Date.UTC(2025, 10, 18) } as const
/** Which trades count: an account of this equity, and the audit's wash trade (0.002 ETH at this price). */
const COUNTED_EXAMPLE = { equity: '10000', crumbSize: '0.002', crumbPrice: '3500' } as const
/** The win rate by size: three wins of `win` USDT of size, one loss of `loss`. */
const WEIGHTED_EXAMPLE = { wins: 3, win: '1000', loss: '9000' } as const

/** The thresholds the rules name, as the engine applies them. */
const {
  newLeaderDays: newDays,
  minTradesToRank: minTrades,
  minInvestmentUsdt: minCopy,
  minTradeEquityShare: tradeShare,
} = COPY

const IN = msg`Included`
const OUT = msg`Not included`
const FLOW = msg`Not included (a flow)`
const COST = msg`Included (a cost)`
const NONE = msg`Does not apply`
const PNL_SHARE = msg`Leader: not included (a flow). Follower: included (a cost).`
const PERIOD = msg`The period`
const NOW = msg`Now`
const COPY_LIFE = msg`Since the copy started`

/** What each figure includes: trading fees and funding, profit share, unrealized PnL, and its window. */
const INCLUDES: readonly {
  figure: FigureKey
  fees: MessageDescriptor
  share: MessageDescriptor
  unrealized: MessageDescriptor
  window: MessageDescriptor
}[] = [
  { figure: 'roi', fees: IN, share: FLOW, unrealized: IN, window: PERIOD },
  { figure: 'pnl', fees: IN, share: PNL_SHARE, unrealized: IN, window: PERIOD },
  { figure: 'maxDrawdown', fees: IN, share: FLOW, unrealized: IN, window: PERIOD },
  { figure: 'winRate', fees: IN, share: NONE, unrealized: OUT, window: PERIOD },
  { figure: 'weightedWinRate', fees: IN, share: NONE, unrealized: OUT, window: PERIOD },
  { figure: 'sharpe', fees: IN, share: FLOW, unrealized: IN, window: PERIOD },
  { figure: 'tradesPerWeek', fees: NONE, share: NONE, unrealized: NONE, window: PERIOD },
  { figure: 'holdingTime', fees: NONE, share: NONE, unrealized: NONE, window: PERIOD },
  { figure: 'aum', fees: NONE, share: NONE, unrealized: OUT, window: NOW },
  { figure: 'copierPnl', fees: IN, share: COST, unrealized: IN, window: PERIOD },
  { figure: 'followerRoi', fees: IN, share: COST, unrealized: IN, window: COPY_LIFE },
  { figure: 'followerPnl', fees: IN, share: COST, unrealized: IN, window: COPY_LIFE },
]

const RULE_SECTIONS = {
  periods: msg`Periods`,
  counted: msg`Which trades count`,
  summary: msg`What each figure includes`,
  rankings: msg`Risk rankings`,
  minimum: msg`Traders below the minimum copy amount`,
  display: msg`How figures are shown`,
  typing: msg`Typing numbers`,
  history: msg`History before the live engine`,
  whatIf: msg`What-if`,
  example: msg`Worked example: a deposit does not dilute a loss`,
} as const

const FIGURE_SECTIONS: readonly FigureKey[] = [
  'roi',
  'pnl',
  'maxDrawdown',
  'winRate',
  'sharpe',
  'tradesPerWeek',
  'holdingTime',
  'aum',
  'copierPnl',
  'followerRoi',
  'followerPnl',
  'profitShare',
]

const ANCHORS = {
  periods: 'periods',
  counted: 'counted-trades',
  summary: 'summary',
  rankings: 'risk-rankings',
  minimum: 'minimum-copy-amount',
  display: 'display',
  typing: 'typing-numbers',
  history: 'history',
  whatIf: 'what-if',
  example: 'example',
} as const

const prose = 'leading-7'
const formulaBox = 'rounded-xl border border-line bg-sunken px-4 py-3 font-medium'
const cell = 'px-2 py-2 align-top sm:px-3'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`flex scroll-mt-20 flex-col gap-3 ${prose}`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The link to the section on which trades count, named as it is. */
function CountedLink() {
  const { i18n } = useLingui()
  return (
    <a href={`#${ANCHORS.counted}`} className="text-brand underline underline-offset-2">
      {i18n._(RULE_SECTIONS.counted)}
    </a>
  )
}

function Formula({ children }: { children: ReactNode }) {
  return <p className={formulaBox}>{children}</p>
}

/** Amounts and equations read left to right in every language. */
function Ltr({ children }: { children: ReactNode }) {
  return (
    <span dir="ltr" className="tabular-nums">
      {children}
    </span>
  )
}

function FigureSection({ figure, children }: { figure: FigureKey; children: ReactNode }) {
  const { i18n } = useLingui()
  const text = FIGURES[figure]
  return (
    <Section id={text.anchor} title={i18n._(text.name)}>
      <p className="border-s-2 border-brand ps-3 text-muted">{i18n._(text.summary)}</p>
      {children}
    </Section>
  )
}

function Contents() {
  const { i18n, t } = useLingui()
  const links = [
    { id: ANCHORS.summary, title: RULE_SECTIONS.summary },
    { id: ANCHORS.periods, title: RULE_SECTIONS.periods },
    { id: ANCHORS.counted, title: RULE_SECTIONS.counted },
    ...FIGURE_SECTIONS.map((f) => ({ id: FIGURES[f].anchor, title: FIGURES[f].name })),
    { id: ANCHORS.rankings, title: RULE_SECTIONS.rankings },
    { id: ANCHORS.minimum, title: RULE_SECTIONS.minimum },
    { id: ANCHORS.display, title: RULE_SECTIONS.display },
    { id: ANCHORS.typing, title: RULE_SECTIONS.typing },
    { id: ANCHORS.history, title: RULE_SECTIONS.history },
    { id: ANCHORS.whatIf, title: RULE_SECTIONS.whatIf },
    { id: ANCHORS.example, title: RULE_SECTIONS.example },
  ]
  const list = (
    <ol className="flex flex-col gap-1 border-s border-line text-sm">
      {links.map((link) => (
        <li key={link.id}>
          <a
            href={`#${link.id}`}
            className="-ms-px block border-s border-transparent ps-3 text-muted hover:border-brand hover:text-ink"
          >
            {i18n._(link.title)}
          </a>
        </li>
      ))}
    </ol>
  )
  // A sidebar beside the text on wide screens; on narrow ones a closed list, not 20 lines before the first section.
  return (
    <>
      <nav aria-label={t`On this page`} className="sticky top-20 hidden w-60 shrink-0 self-start lg:block">
        <p className="mb-2 text-sm font-semibold">
          <Trans>On this page</Trans>
        </p>
        {list}
      </nav>
      <nav aria-label={t`On this page`} className="lg:hidden">
        <details className="rounded-xl border border-line bg-card px-4 py-3">
          <summary className="cursor-pointer text-sm font-semibold">
            <Trans>On this page</Trans>
          </summary>
          <div className="mt-3">{list}</div>
        </details>
      </nav>
    </>
  )
}

function IncludesTable() {
  const { i18n, t } = useLingui()
  const columns = [
    { key: 'fees', label: t`Trading fees and funding` },
    { key: 'share', label: t`Profit share` },
    { key: 'unrealized', label: t`Unrealized PnL` },
    { key: 'window', label: t`Window` },
  ] as const
  const figureLink = (figure: FigureKey) => (
    <a href={`#${FIGURES[figure].anchor}`} className="hover:text-brand hover:underline">
      {i18n._(FIGURES[figure].name)}
    </a>
  )
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-line sm:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t`What each figure includes`}</caption>
          <thead className="bg-sunken text-muted">
            <tr>
              <th scope="col" className={`${cell} text-start font-medium`}>
                <Trans>Figure</Trans>
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={`${cell} text-start font-medium`}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {INCLUDES.map((row) => (
              <tr key={row.figure} className="border-t border-line">
                <th scope="row" className={`${cell} text-start font-semibold`}>
                  {figureLink(row.figure)}
                </th>
                {columns.map((c) => (
                  <td key={c.key} className={cell}>
                    {i18n._(row[c.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Five columns do not fit a phone: one card per figure there. */}
      <ul className="flex flex-col gap-3 sm:hidden">
        {INCLUDES.map((row) => (
          <li key={row.figure} className="rounded-xl border border-line bg-card p-4 text-sm">
            <p className="mb-2 font-semibold">{figureLink(row.figure)}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
              {columns.map((c) => (
                <div key={c.key} className="contents">
                  <dt className="text-muted">{c.label}</dt>
                  <dd>{i18n._(row[c.key])}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

function Periods() {
  const { i18n, t } = useLingui()
  const when = useDateTimeFormat('dayMonthTime', { timeZone: 'UTC' })
  const d7 = <strong>{t`7 days`}</strong>
  const d30 = <strong>{t`30 days`}</strong>
  const d90 = <strong>{t`90 days`}</strong>
  const all = <strong>{t`All`}</strong>
  const now = when.format(WINDOW_EXAMPLE.now)
  const start = when.format(WINDOW_EXAMPLE.start)
  return (
    <Section id={ANCHORS.periods} title={i18n._(RULE_SECTIONS.periods)}>
      <p>
        <Trans>
          {d7}, {d30} and {d90} are the last N UTC calendar days, today so far included: from 00:00 UTC of the day N − 1
          days before today until now. Every figure, chart (N daily points) and label uses the same window.
        </Trans>
      </p>
      <p>
        <Trans>{all} is since the trader&apos;s first record.</Trans>
      </p>
      <p>
        <Trans>
          For example, at {now} UTC, {d7} runs from {start} UTC until that moment.
        </Trans>
      </p>
    </Section>
  )
}

function CountedTrades() {
  const { i18n } = useLingui()
  const format = useNumberFormat()
  const equity = new Decimal(COUNTED_EXAMPLE.equity)
  const crumb = new Decimal(COUNTED_EXAMPLE.crumbSize).times(COUNTED_EXAMPLE.crumbPrice)
  const share = <Ltr>{format.percent(tradeShare)}</Ltr>
  const equityText = <Ltr>{format.number(equity.toFixed(), { digits: 2 })}</Ltr>
  const least = <Ltr>{format.number(equity.times(tradeShare).toFixed(), { digits: 2 })}</Ltr>
  const crumbText = (
    <Ltr>
      {COUNTED_EXAMPLE.crumbSize} ETH × {format.number(COUNTED_EXAMPLE.crumbPrice, { digits: 2 })} ={' '}
      {format.number(crumb.toFixed(), { digits: 2 })}
    </Ltr>
  )
  return (
    <Section id={ANCHORS.counted} title={i18n._(RULE_SECTIONS.counted)}>
      <p>
        <Trans>
          A trade is a position from its opening to its full close. The win rates, trades per week, holding time,
          preferred coins and the activity a trader needs to be ranked count a trade only when both hold:
        </Trans>
      </p>
      <ul className="list-disc ps-6">
        <li>
          <Trans>
            its size, the entry price × the size closed, is at least {share} of the trader&apos;s equity when it opened
            (the last valuation before the opening: at least hourly and at every deposit or withdrawal);
          </Trans>
        </li>
        <li>
          <Trans>
            none of its fills was against an account linked to the trader: its main account or sub-accounts, another
            sub-account of the same main account, the account that invited it, or the accounts it invited.
          </Trans>
        </li>
      </ul>
      <p>
        <Trans>
          For example, with {equityText} USDT of equity a trade counts from {least} USDT of size; {crumbText} USDT does
          not.
        </Trans>
      </p>
      <p>
        <Trans>
          Trades that do not count still change the trader&apos;s equity, so ROI, PnL, drawdown and the Sharpe ratio
          include them.
        </Trans>
      </p>
      <p>
        <Trans>
          Linked accounts cannot trade with each other: an order that would meet a linked account&apos;s order is
          cancelled at that point, as one that would meet the trader&apos;s own order is. Each such stop is recorded for
          review, and so are accounts that trade with each other from the same device.
        </Trans>
      </p>
    </Section>
  )
}

function WeightedWinRateExample() {
  const format = useNumberFormat()
  const win = new Decimal(WEIGHTED_EXAMPLE.win)
  const loss = new Decimal(WEIGHTED_EXAMPLE.loss)
  const won = win.times(WEIGHTED_EXAMPLE.wins)
  const count = WEIGHTED_EXAMPLE.wins + 1
  const byCount = (
    <Ltr>
      {format.percent((quotient(new Decimal(WEIGHTED_EXAMPLE.wins), new Decimal(count)) ?? new Decimal(0)).toFixed())}
    </Ltr>
  )
  const bySize = <Ltr>{format.percent((quotient(won, won.plus(loss)) ?? new Decimal(0)).toFixed())}</Ltr>
  const wins = WEIGHTED_EXAMPLE.wins
  const winText = <Ltr>{format.number(win.toFixed(), { digits: 2 })}</Ltr>
  const lossText = <Ltr>{format.number(loss.toFixed(), { digits: 2 })}</Ltr>
  return (
    <p>
      <Trans>
        Example: {wins} winning trades of {winText} USDT each and one losing trade of {lossText} USDT make a win rate of{' '}
        {byCount}, and a win rate by size of {bySize}.
      </Trans>
    </p>
  )
}

function Example() {
  const { i18n, t } = useLingui()
  const format = useNumberFormat()
  const start = new Decimal(EXAMPLE.start)
  const loss = new Decimal(EXAMPLE.loss)
  const deposit = new Decimal(EXAMPLE.deposit)
  const atTwo = start.minus(loss)
  const unitValue = quotient(atTwo, start) ?? new Decimal(0)
  const issued = quotient(deposit, unitValue) ?? new Decimal(0)
  const units = start.plus(issued)
  const end = atTwo.plus(deposit)
  const roi = unitValue.minus(1)
  const pnl = end.minus(start).minus(deposit)
  const diluted = quotient(pnl, start.plus(deposit)) ?? new Decimal(0)

  const usdt = (d: Decimal) => format.number(d.toFixed(), { digits: 2 })
  const unitText = (d: Decimal) => format.number(d.toFixed(), { digits: 4 })
  const valueText = (d: Decimal) => format.number(d.toFixed(), { digits: 6 })
  const exact = (d: Decimal) => format.percent(d.toFixed(), 4)

  const startText = usdt(start)
  const unitValueText = valueText(unitValue)
  const lossText = usdt(loss)
  const depositText = usdt(deposit)
  const issuedEquation = (
    <Ltr>
      {depositText} ÷ {valueText(unitValue)} = {unitText(issued)}
    </Ltr>
  )
  const roiEquation = (
    <Ltr>
      {valueText(unitValue)} ÷ {valueText(new Decimal(1))} − 1 = {exact(roi)}
    </Ltr>
  )
  const roiShown = <Ltr>{format.percent(roi.toFixed())}</Ltr>
  const pnlEquation = (
    <Ltr>
      {usdt(end)} − {startText} − {depositText} = {format.number(pnl.toFixed(), { digits: 2, signed: true })}
    </Ltr>
  )
  const dilutedEquation = (
    <Ltr>
      {format.number(pnl.toFixed(), { digits: 2, signed: true })} ÷ {usdt(start.plus(deposit))} = {exact(diluted)}
    </Ltr>
  )
  const dilutedShown = <Ltr>{format.percent(diluted.toFixed())}</Ltr>
  const rows = [
    { time: '00:00', event: t`Start of the day`, equity: start, units: start },
    { time: '14:00', event: t`Loss of ${lossText}`, equity: atTwo, units: start },
    { time: '14:00', event: t`Deposit of ${depositText}`, equity: end, units },
    { time: '24:00', event: t`End of the day, flat since 14:00`, equity: end, units },
  ]
  const num = `${cell} text-end tabular-nums`
  return (
    <Section id={ANCHORS.example} title={i18n._(RULE_SECTIONS.example)}>
      <p>
        <Trans>
          A lead trader starts a day with <Ltr>{startText}</Ltr> USDT, loses <Ltr>{lossText}</Ltr> by 14:00, deposits{' '}
          <Ltr>{depositText}</Ltr> at 14:00 and ends the day flat after that.
        </Trans>
      </p>
      <div className="overflow-x-auto rounded-2xl border border-line">
        <table className="w-full text-xs sm:text-sm" data-testid="example-table">
          <caption className="sr-only">{t`Units and unit value through the day`}</caption>
          <thead className="bg-sunken text-muted">
            <tr>
              <th scope="col" className={`${cell} text-start font-medium`}>
                <Trans>Event</Trans>
              </th>
              <th scope="col" className={`${cell} text-end font-medium`}>
                <Trans>Equity (USDT)</Trans>
              </th>
              <th scope="col" className={`${cell} text-end font-medium`}>
                <Trans>Units</Trans>
              </th>
              <th scope="col" className={`${cell} text-end font-medium`}>
                <Trans>Unit value</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i} className="border-t border-line">
                <td className={cell}>
                  <span className="block font-medium tabular-nums">{row.time} UTC</span>
                  {row.event}
                </td>
                <td className={num}>
                  <Ltr>{usdt(row.equity)}</Ltr>
                </td>
                <td className={num}>
                  <Ltr>{unitText(row.units)}</Ltr>
                </td>
                <td className={num}>
                  <Ltr>{valueText(quotient(row.equity, row.units) ?? new Decimal(0))}</Ltr>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <Trans>
          At 14:00 the loss has brought the unit value to <Ltr>{unitValueText}</Ltr>. The deposit buys units at that
          value, {issuedEquation} new units, so the unit value does not move.
        </Trans>
      </p>
      <p className={formulaBox}>
        <Trans>
          ROI of the day: {roiEquation}, shown as {roiShown}.
        </Trans>
      </p>
      <p>
        <Trans>PnL of the day: {pnlEquation} USDT.</Trans>
      </p>
      <p>
        <Trans>
          Dividing the loss by all the money in the account at the end, {dilutedEquation}, would hide half of it behind
          the deposit: the ROI of the day is {roiShown}, not {dilutedShown}.
        </Trans>
      </p>
    </Section>
  )
}

function ProfitShareExample() {
  const format = useNumberFormat()
  const realized = new Decimal(SHARE_EXAMPLE.realized)
  const net = realized.plus(SHARE_EXAMPLE.open)
  const signed = (d: Decimal) => <Ltr>{format.number(d.toFixed(), { digits: 2, signed: true })}</Ltr>
  const realizedText = signed(realized)
  const openText = signed(new Decimal(SHARE_EXAMPLE.open))
  const netText = signed(Decimal.min(realized, net))
  return (
    <p>
      <Trans>
        Example: realized net PnL {realizedText}, open positions {openText} at the mark. The net result is {netText},
        the lower of {realizedText} and {netText}, so nothing is due, whatever the rate.
      </Trans>
    </p>
  )
}

function Display() {
  const { i18n } = useLingui()
  const format = useNumberFormat()
  const full = '19371.5275'
  const large = '1239999.99'
  const small = '-0.000059'
  const fullText = <Ltr>{format.number(full, { digits: 4, signed: true })}</Ltr>
  const fullShown = <Ltr>{format.number(full, { digits: 2, signed: true })}</Ltr>
  const largeText = <Ltr>{format.number(large, { digits: 2, signed: true })}</Ltr>
  const largeShown = <Ltr>{format.number(large, { digits: 2, signed: true, compact: true })}</Ltr>
  const smallText = <Ltr>{format.percent(small, 4)}</Ltr>
  const smallShown = <Ltr>{format.percent(small)}</Ltr>
  return (
    <Section id={ANCHORS.display} title={i18n._(RULE_SECTIONS.display)}>
      <p>
        <Trans>
          Every figure is truncated toward zero to the decimals shown, also in compact form (K, M, B) and in
          percentages: a figure never shows more gain or less loss than it has, and its full and compact forms never
          disagree.
        </Trans>
      </p>
      <p>
        <Trans>
          For example, {fullText} is shown as {fullShown}, {largeText} as {largeShown} in compact form, and {smallText}{' '}
          as {smallShown}: a loss too small to show keeps its minus sign.
        </Trans>
      </p>
    </Section>
  )
}

/**
 * How the app reads a typed number (src/lib/input-filters/filters.ts, readNumber): a departure from §5's literal
 * filters (digits and one dot; clamped to the limits while typing), which could change the number meant.
 */
function TypingNumbers() {
  const { i18n } = useLingui()
  return (
    <Section id={ANCHORS.typing} title={i18n._(RULE_SECTIONS.typing)}>
      <p>
        <Trans>
          Every amount, price, leverage and percentage field takes the number you mean, whatever your language or
          keyboard. A comma and a point are both the decimal point, so <Ltr>1,5</Ltr> and <Ltr>1.5</Ltr> are one and a
          half, and Arabic-Indic and Persian digits are read as the same digits. Thousands separators are not typed.
        </Trans>
      </p>
      <p>
        <Trans>
          A character a number cannot have here (a minus sign, an exponent, a second decimal point, a thousands
          separator, a letter) or a decimal beyond what the field takes is refused with a message at the field, which
          keeps what you had typed. Nothing is removed from what you type and no number is replaced by another.
        </Trans>
      </p>
      <p>
        <Trans>
          Nothing is raised or lowered to a limit as you type: a value outside its range stays as you typed it, and the
          form refuses it when you send it, naming the limit (the minimum order value, the price band around the mark
          price, the maximum leverage, the minimum copy amount, the stop-loss range, the profit-share and follower
          caps).
        </Trans>
      </p>
    </Section>
  )
}

export function MethodologyView() {
  const { i18n } = useLingui()
  return (
    <div className="flex flex-col gap-10 lg:flex-row lg:items-start lg:gap-12">
      <Contents />
      <div className="flex max-w-3xl min-w-0 flex-col gap-12" data-testid="methodology">
        <Section id={ANCHORS.summary} title={i18n._(RULE_SECTIONS.summary)}>
          <IncludesTable />
        </Section>
        <Periods />
        <CountedTrades />
        <FigureSection figure="roi">
          <p>
            <Trans>
              ROI is time-weighted. The account is divided into units; at every deposit, withdrawal, transfer, copy
              investment added or taken out, and profit share a lead trader receives, units are issued or redeemed at
              the unit value of that moment (equity with open positions at the mark), so money moving in or out never
              moves ROI. This is the net-asset-value ROI Binance uses. For a follower, a profit share paid is not a
              flow: it is what copying cost, so it lowers the copy&apos;s unit value and its ROI.
            </Trans>
          </p>
          <Formula>
            <Trans>ROI = unit value at the end ÷ unit value at the start − 1</Trans>
          </Formula>
          <p>
            <Trans>
              It includes realized and unrealized PnL, trading fees and funding. The same rule applies to lead traders
              and to followers; the{' '}
              <a href={`#${ANCHORS.example}`} className="text-brand underline underline-offset-2">
                worked example
              </a>{' '}
              shows it step by step.
            </Trans>
          </p>
        </FigureSection>
        <FigureSection figure="pnl">
          <p>
            <Trans>
              PnL is the change in equity (wallets + open positions at the mark) minus money moved in or out during the
              window. It includes realized and unrealized PnL, trading fees and funding.
            </Trans>
          </p>
          <Formula>
            <Trans>PnL = equity at the end − equity at the start − money moved in + money moved out</Trans>
          </Formula>
          <p>
            <Trans>
              For a lead trader, profit share received is not trading PnL: it is a flow. For a follower, profit share
              paid is a cost and reduces their PnL. Realized PnL of a partial close is booked when it happens.
            </Trans>
          </p>
          <p>
            <Trans>
              A follower who stops copying and keeps the open positions takes them out of the copy at their worth at the
              mark at that moment, as money moved out: keeping them changes neither the copy&apos;s PnL nor its ROI.
            </Trans>
          </p>
        </FigureSection>
        <FigureSection figure="maxDrawdown">
          <p>
            <Trans>
              The largest fall of the unit value from a peak to a later trough within the window, measured at least
              hourly and at every flow. As it follows the unit value, a deposit or a withdrawal neither causes nor hides
              a drawdown.
            </Trans>
          </p>
          <Formula>
            <Trans>Max drawdown = the largest (peak − later trough) ÷ peak</Trans>
          </Formula>
        </FigureSection>
        <FigureSection figure="winRate">
          <p>
            <Trans>
              Counted trades (see <CountedLink />) whose PnL after trading fees and funding is positive ÷ counted
              trades, by close time within the window. Partial closes count when the position is fully closed.
            </Trans>
          </p>
          <Formula>
            <Trans>Win rate = winning counted trades ÷ counted trades</Trans>
          </Formula>
          <p>
            <Trans>
              The win rate by size weighs each counted trade by its size, the entry price × the size closed: one large
              loss outweighs many small wins.
            </Trans>
          </p>
          <Formula>
            <Trans>Win rate by size = size of the winning counted trades ÷ size of all counted trades</Trans>
          </Formula>
          <WeightedWinRateExample />
        </FigureSection>
        <FigureSection figure="sharpe">
          <p>
            <Trans>
              The mean ÷ the sample standard deviation of the daily time-weighted returns in the window, × √365, with a
              risk-free rate of 0. A higher ratio means more return for each unit of day-to-day swing.
            </Trans>
          </p>
          <Formula>
            <Trans>Sharpe ratio = mean of daily returns ÷ sample standard deviation of daily returns × √365</Trans>
          </Formula>
        </FigureSection>
        <FigureSection figure="tradesPerWeek">
          <p>
            <Trans>
              Counted trades closed in the window × 7 ÷ days actually traded in the window, counted from the later of
              the window start and the start of the trader&apos;s history, and never fewer than {newDays} days. Traders
              with less than {newDays} days of history are marked “New”: their figure is the trades so far.
            </Trans>
          </p>
          <Formula>
            <Trans>Trades per week = counted trades closed × 7 ÷ days traded</Trans>
          </Formula>
        </FigureSection>
        <FigureSection figure="holdingTime">
          <p>
            <Trans>
              Counted over the same trades as the win rate: the counted trades fully closed within the window, by close
              time.
            </Trans>
          </p>
        </FigureSection>
        <FigureSection figure="aum">
          <p>
            <Trans>
              Assets under management: the free balances plus the margin of open positions of every copy of this trader
              that has not ended. It is a figure of now, the same for every period.
            </Trans>
          </p>
        </FigureSection>
        <FigureSection figure="copierPnl">
          <p>
            <Trans>
              The sum of the PnL of every copy of the trader within the window, by the same PnL rule, after profit
              share.
            </Trans>
          </p>
        </FigureSection>
        <FigureSection figure="followerRoi">
          <p>
            <Trans>
              The same time-weighted ROI as a lead trader&apos;s, on the copy&apos;s own account: units are issued when
              you invest or add money and redeemed when you take money out, at the unit value of that moment. It runs
              from the start of the copy.
            </Trans>
          </p>
        </FigureSection>
        <FigureSection figure="followerPnl">
          <Formula>
            <Trans>Net profit = realized PnL + unrealized PnL − profit share paid</Trans>
          </Formula>
          <p>
            <Trans>
              Realized PnL is booked when a position or a part of one closes, and includes trading fees and funding.
              Unrealized PnL values open positions at the mark. The profit share paid is a cost.
            </Trans>
          </p>
        </FigureSection>
        <FigureSection figure="profitShare">
          <p>
            <Trans>Profit share is settled weekly (Monday 00:00 UTC) and when a copy ends.</Trans>
          </p>
          <Formula>
            <Trans>Due = rate × (net result − high-water mark), only when positive</Trans>
          </Formula>
          <p>
            <Trans>
              The net result is the lower of the realized net PnL and the net PnL with open positions at the mark: paper
              gains are never charged, paper losses always count. After a payment the high-water mark rises to the
              result paid on.
            </Trans>
          </p>
          <p>
            <Trans>
              The rate is the one agreed when the copy started. If the trader lowers the rate, it applies to existing
              copies at once; a higher rate applies only to new copies.
            </Trans>
          </p>
          <ProfitShareExample />
        </FigureSection>
        <Section id={ANCHORS.rankings} title={i18n._(RULE_SECTIONS.rankings)}>
          <p>
            <Trans>
              Sorting by drawdown or win rate ranks only traders with activity in the window: at least {minTrades}{' '}
              counted trades closed, and equity of at least the minimum copy amount ({minCopy} USDT). The others are
              listed after the ranked ones.
            </Trans>
          </p>
        </Section>
        <Section id={ANCHORS.minimum} title={i18n._(RULE_SECTIONS.minimum)}>
          <p>
            <Trans>
              A trader whose equity is below the minimum copy amount cannot take new copiers; their copiers are told.
            </Trans>
          </p>
        </Section>
        <Display />
        <TypingNumbers />
        <Section id={ANCHORS.history} title={i18n._(RULE_SECTIONS.history)}>
          <p>
            <Trans>
              History shown before the live engine started (back-filled) follows the same rules, with trading fees and
              funding every 8 hours included.
            </Trans>
          </p>
        </Section>
        <Section id={ANCHORS.whatIf} title={i18n._(RULE_SECTIONS.whatIf)}>
          <p>
            <Trans>
              The what-if replays the trader&apos;s history with your settings; its last point is now, at the current
              marks.
            </Trans>
          </p>
        </Section>
        <Example />
      </div>
    </div>
  )
}
