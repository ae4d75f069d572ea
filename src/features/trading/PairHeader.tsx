/**
 * The terminal's header (issue 19): the pair (a menu of every pair of the market), its live last price, 24 h change,
 * high, low and volume, on futures the mark price, the funding rate the interval in progress would pay and the time to
 * its funding; the way to the pair on the other market; and the pairs kept open as tabs (§3 tabsList).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useStore } from '@tanstack/react-store'
import { useEffect, useState, type ReactNode } from 'react'
import { TERMINAL } from '#/app.config.ts'
import type { MarketInstrument, MarketTicker, TradingMarket } from '#/contract/index.ts'
import { HelpLink, LocaleLink } from '#/features/i18n/index.ts'
import { LivePrice } from '#/features/markets/index.ts'
import { tabsListStore } from '#/features/state/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { DropdownMenu, MenuLink } from '#/ui/DropdownMenu.tsx'
import { Amount } from '#/ui/Amount.tsx'
import { pairMarketQueries } from './pair-market.queries.ts'
import type { PairFacts } from './shared/pair.ts'
import { dataOf } from './trading.queries.ts'

const HOUR_MS = 3_600_000

/** Milliseconds to the next funding (every `hours` from 00:00 UTC). */
export const untilFunding = (now: number, hours: number) => hours * HOUR_MS - (now % (hours * HOUR_MS))

/**
 * The perpetual's predicted funding rate (a percent with 4 decimals; positive: longs pay shorts) beside the countdown to
 * its funding time; read every minute, the countdown shown before the first answer.
 */
function FundingNow({ pairCode, hours }: { pairCode: string; hours: number }) {
  const format = useNumberFormat()
  const funding = dataOf(useQuery(pairMarketQueries.funding(pairCode)).data)
  return (
    <span className="flex gap-1.5" data-testid="funding">
      <span dir="ltr" className="tabular-nums" data-testid="funding-rate">
        {funding ? format.percent(funding.predictedRate, TERMINAL.fundingPercentDigits) : '--'}
      </span>
      <span aria-hidden="true">/</span>
      <Countdown hours={hours} />
    </span>
  )
}

function Countdown({ hours }: { hours: number }) {
  const [now, setNow] = useState<number | undefined>()
  useEffect(() => {
    const tick = () => setNow(Date.now())
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 1000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [])
  if (now === undefined) return <span>--:--:--</span>
  const left = Math.floor(untilFunding(now, hours) / 1000)
  const two = (n: number) => String(n).padStart(2, '0')
  return (
    <span dir="ltr" className="tabular-nums">
      {two(Math.floor(left / 3600))}:{two(Math.floor((left % 3600) / 60))}:{two(left % 60)}
    </span>
  )
}

export function PairHeader({
  biz,
  pair,
  ticker,
  instruments,
}: {
  biz: TradingMarket
  pair: PairFacts
  ticker: MarketTicker
  instruments: readonly MarketInstrument[]
}) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const tabs = useStore(tabsListStore)
  const { base, quote } = pair
  const up = !ticker.change24h.startsWith('-')
  const other: TradingMarket = biz === 'spot' ? 'futures' : 'spot'
  const stat = (label: ReactNode, value: ReactNode, testId?: string) => (
    <div className="flex flex-col">
      <dt className="flex items-center gap-1 text-[11px] text-muted">{label}</dt>
      <dd className="text-xs" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
  const fundingHours = instruments.find((i) => i.pairCode === pair.pairCode)?.rules.fundingIntervalHours ?? 8
  return (
    <header className="flex flex-col gap-2 bg-page px-3 py-2">
      {tabs.length > 1 ? (
        <nav aria-label={t`Open pairs`} className="flex gap-1 overflow-x-auto text-xs">
          {tabs.map((tab) => {
            const current = tab.biz === biz && tab.pairCode === pair.pairCode
            return (
              <LocaleLink
                key={`${tab.biz}:${tab.pairCode}`}
                to={tab.biz === 'spot' ? '/{-$locale}/spot/$pair' : '/{-$locale}/futures/$pair'}
                params={{ pair: tab.pairCode }}
                aria-current={current ? 'page' : undefined}
                className="shrink-0 rounded-md px-2 py-1 text-muted hover:bg-sunken aria-[current=page]:bg-sunken aria-[current=page]:text-ink"
              >
                {tab.pairCode.replace('_', '/')}{' '}
                <span className="text-[10px] uppercase">{tab.biz === 'spot' ? t`Spot` : t`Perp`}</span>
              </LocaleLink>
            )
          })}
        </nav>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <div className="flex items-center gap-1">
          <h1 className="text-lg font-bold">
            {pair.label}
            <span className="ms-1.5 align-middle text-xs font-medium text-muted">
              {biz === 'spot' ? t`Spot` : t`Perpetual`}
            </span>
          </h1>
          <DropdownMenu
            label={t`Choose a pair`}
            className="grid size-8 place-items-center rounded-lg text-muted hover:bg-sunken"
            trigger={
              <svg viewBox="0 0 16 16" className="size-4" fill="currentColor" aria-hidden="true">
                <path d="M12 6H4l4 4.5z" />
              </svg>
            }
          >
            {instruments
              .filter((i) => i[biz])
              .map((i) => (
                <MenuLink
                  key={i.pairCode}
                  render={
                    <LocaleLink
                      to={biz === 'spot' ? '/{-$locale}/spot/$pair' : '/{-$locale}/futures/$pair'}
                      params={{ pair: i.pairCode }}
                    />
                  }
                >
                  {i.baseCoin}/{i.quoteCoin}
                </MenuLink>
              ))}
          </DropdownMenu>
        </div>
        <div className="flex flex-col">
          <span className={`text-lg font-semibold ${up ? 'text-up' : 'text-down'}`} data-testid="last-price">
            <LivePrice value={ticker.last} digits={pair.priceDigits} />
          </span>
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1">
          {stat(
            t`24h change`,
            <span className={up ? 'text-up' : 'text-down'} dir="ltr">
              {format.percent(ticker.change24h)}
            </span>,
          )}
          {stat(t`24h high`, <Amount value={ticker.high24h} digits={pair.priceDigits} />)}
          {stat(t`24h low`, <Amount value={ticker.low24h} digits={pair.priceDigits} />)}
          {stat(t`24h volume (${base})`, <Amount value={ticker.volume24h} digits={2} compact />)}
          {stat(t`24h volume (${quote})`, <Amount value={ticker.quoteVolume24h} digits={2} compact />)}
          {biz === 'futures' ? (
            <>
              {stat(t`Mark price`, <Amount value={ticker.mark} digits={pair.priceDigits} />, 'mark-price')}
              {stat(
                <>
                  {t`Funding / Countdown`}
                  <HelpLink to="funding" label={t`Learn more about funding`} testId="help-funding" />
                </>,
                <FundingNow pairCode={pair.pairCode} hours={fundingHours} />,
              )}
            </>
          ) : null}
        </dl>
        <LocaleLink
          to={other === 'spot' ? '/{-$locale}/spot/$pair' : '/{-$locale}/futures/$pair'}
          params={{ pair: pair.pairCode }}
          className="ms-auto rounded-lg border border-line px-2.5 py-1 text-xs hover:border-brand"
        >
          {other === 'spot' ? <Trans>Trade on spot</Trans> : <Trans>Trade the perpetual</Trans>}
        </LocaleLink>
      </div>
    </header>
  )
}
