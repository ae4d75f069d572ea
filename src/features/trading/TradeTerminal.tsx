/**
 * The trading terminal of one pair on one market (issue 19). Desktop: the pair's header, then chart | book and trades |
 * order form, and the orders and positions panel below. Phone and WebView: the header, chart / book / trades as tabs,
 * the panel, and buy and sell buttons within the thumb's reach that open the order form as a bottom sheet. All of it
 * live from the page's first answer on; a visitor sees everything but the form, which asks them to sign in.
 */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react'
import { BREAKPOINTS } from '#/app.config.ts'
import type { KlineInterval, MarketInstrument, OrderSide, TradingMarket } from '#/contract/index.ts'
import { leadQueries } from '#/features/copy-trading/index.ts'
import { TabSet } from '#/ui/TabSet.tsx'
import { useMediaQuery } from '#/ui/useMediaQuery.ts'
import { OrderBook } from './book/OrderBook.tsx'
import { RecentTrades } from './book/RecentTrades.tsx'
import { CandleChart } from './chart/CandleChart.tsx'
import { IntervalPicker } from './chart/IntervalPicker.tsx'
import { OrderForm, type PickedPrice } from './form/OrderForm.tsx'
import { useLiveBook, useLiveTicker, useLiveTrades } from './live/pair-streams.ts'
import { useAccountStreams } from './live/useAccountStreams.ts'
import { useStaleness } from './live/useStaleness.ts'
import type { PairMarket } from './pair-market.functions.ts'
import { BottomPanel } from './panel/BottomPanel.tsx'
import { PairHeader } from './PairHeader.tsx'
import { factsLookup, pairFacts } from './shared/pair.ts'
import { SignInPrompt } from './shared/SignInPrompt.tsx'
import { dataOf } from './trading.queries.ts'
import { useTerminalMemory } from './useTerminalMemory.ts'

/** The phone's order sheet: loaded when a phone first opens it, so a desktop never downloads it. */
const OrderSheet = lazy(() => import('./form/OrderSheet.tsx'))
/** The depth chart: loaded when its tab is first opened. */
const DepthChart = lazy(() => import('./book/DepthChart.tsx'))

export interface TradeTerminalProps {
  biz: TradingMarket
  instrument: MarketInstrument
  instruments: readonly MarketInstrument[]
  market: PairMarket
  interval: KlineInterval
  onInterval: (interval: KlineInterval) => void
}

type PhoneTab = 'chart' | 'book' | 'depth' | 'trades'
type BookTab = 'book' | 'depth'

export function TradeTerminal({ biz, instrument, instruments, market, interval, onInterval }: TradeTerminalProps) {
  const { t } = useLingui()
  const { shell } = useRouteContext({ from: '__root__' })
  const signedIn = shell.loggedIn
  const wide = useMediaQuery(BREAKPOINTS.terminal, !shell.mobile)
  const pair = useMemo(() => pairFacts(instrument), [instrument])
  const factsOf = useMemo(() => factsLookup(instruments, pair), [instruments, pair])
  const ticker = useLiveTicker(biz, instrument.pairCode, market.ticker)
  const book = useLiveBook(biz, instrument.pairCode, market.depth)
  const trades = useLiveTrades(biz, instrument.pairCode, market.trades)
  const bookStale = useStaleness(biz, book.at)
  const tradesStale = useStaleness(biz, trades.at)
  useAccountStreams(biz, signedIn)
  useTerminalMemory(biz, instrument.pairCode)
  const summary = dataOf(useQuery({ ...leadQueries.summary(), enabled: signedIn }).data)
  const copiers = summary?.isLeader && summary.biz === biz ? summary.followers : undefined
  const [picked, setPicked] = useState<PickedPrice | undefined>()
  const [sheet, setSheet] = useState<OrderSide | undefined>()
  const pick = (price: string) => setPicked({ price, at: Date.now() })
  const last = ticker.value.last
  const mark = ticker.value.mark

  const chart = (
    <div className="flex min-h-0 flex-1 flex-col">
      <IntervalPicker value={interval} onChange={onInterval} />
      <CandleChart
        biz={biz}
        pair={pair}
        interval={interval}
        mark={biz === 'futures' ? mark : undefined}
        tick={instrument.tickSize}
        signedIn={signedIn}
      />
    </div>
  )
  const orderBook = (
    <OrderBook
      book={book.value}
      pair={pair}
      tick={instrument.tickSize}
      last={last}
      staleness={bookStale}
      onPickPrice={(price) => {
        pick(price)
        if (!wide) setSheet((side) => side ?? 'buy')
      }}
    />
  )
  const depth = (
    <Suspense fallback={null}>
      <DepthChart book={book.value} pair={pair} tick={instrument.tickSize} />
    </Suspense>
  )
  const recentTrades = <RecentTrades trades={trades.value} pair={pair} staleness={tradesStale} />
  const form = (side?: OrderSide) => (
    <OrderForm
      // A pair's form is its own (its draft is kept per pair): another pair starts from its own.
      key={`${biz}:${instrument.pairCode}`}
      biz={biz}
      instrument={instrument}
      pair={pair}
      signedIn={signedIn}
      mark={mark}
      last={last}
      bestBid={book.value.bids[0]?.[0]}
      bestAsk={book.value.asks[0]?.[0]}
      picked={picked}
      copiers={copiers}
      signIn={<SignInPrompt />}
      {...(side ? { initialSide: side, onPlaced: () => setSheet(undefined) } : {})}
    />
  )
  const panel = <BottomPanel biz={biz} pair={pair} factsOf={factsOf} signedIn={signedIn} signIn={<SignInPrompt />} />
  const header = <PairHeader biz={biz} pair={pair} ticker={ticker.value} instruments={instruments} />

  if (wide)
    return (
      <main className="flex flex-col gap-px bg-line" data-testid="terminal" data-biz={biz}>
        {/* The first screen under the site header (3.5rem and its 1px border) holds the pair, the chart to its latest candle and the whole order
            form: each column scrolls inside it (the form's button stays in sight), the account panel comes below. */}
        <div className="flex h-[calc(100dvh-3.5rem-1px)] min-h-[40rem] flex-col gap-px">
          {header}
          <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)_18rem_20rem] gap-px xl:grid-cols-[minmax(0,1fr)_19rem_21rem]">
            <section aria-label={t`Chart`} className="flex min-h-0 flex-col bg-page">
              {chart}
            </section>
            <div className="flex min-h-0 flex-col overflow-y-auto bg-page">
              <BookTabs book={orderBook} depth={depth} />
              <div className="border-t border-line">{recentTrades}</div>
            </div>
            <div className="min-h-0 overflow-y-auto bg-page" data-testid="order-column">
              {form()}
            </div>
          </div>
        </div>
        <div className="bg-page">{panel}</div>
      </main>
    )

  return (
    <main className="flex flex-col gap-px bg-line" data-testid="terminal" data-biz={biz}>
      {header}
      <div className="bg-page">
        <PhoneTabs chart={chart} book={orderBook} depth={depth} trades={recentTrades} />
      </div>
      <div className="bg-page">{panel}</div>
      {/* Sticky, not fixed: it rides the screen's bottom over the terminal and stops at its end, so it never covers
          the footer or a button under the terminal, and needs no padding band to leave room. */}
      <div
        data-testid="trade-bar"
        className="sticky bottom-0 z-30 grid grid-cols-2 gap-2 border-t border-line bg-page/95 px-3 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] backdrop-blur"
      >
        <button
          type="button"
          onClick={() => setSheet('buy')}
          className="rounded-xl bg-up py-3 text-sm font-semibold text-on-up"
          data-testid="open-buy"
        >
          {biz === 'futures' ? t`Long` : t`Buy`}
        </button>
        <button
          type="button"
          onClick={() => setSheet('sell')}
          className="rounded-xl bg-down py-3 text-sm font-semibold text-on-down"
          data-testid="open-sell"
        >
          {biz === 'futures' ? t`Short` : t`Sell`}
        </button>
      </div>
      {sheet ? (
        <Suspense fallback={null}>
          <OrderSheet onClose={() => setSheet(undefined)}>{form(sheet)}</OrderSheet>
        </Suspense>
      ) : null}
    </main>
  )
}

/** Desktop: the order book, or its depth chart, in the book's column. */
function BookTabs({ book, depth }: { book: ReactNode; depth: ReactNode }) {
  const { t } = useLingui()
  const [tab, setTab] = useState<BookTab>('book')
  return (
    <TabSet<BookTab>
      label={t`Order book or depth`}
      // Its own height in the scrolling column (a flex item would shrink under the trades, which then drew over it).
      className="shrink-0"
      value={tab}
      onChange={setTab}
      tabs={[
        { value: 'book', label: t({ message: 'Book', context: 'order book tab' }), content: book },
        { value: 'depth', label: t({ message: 'Depth', context: 'depth chart tab' }), content: depth },
      ]}
    />
  )
}

function PhoneTabs({
  chart,
  book,
  depth,
  trades,
}: {
  chart: ReactNode
  book: ReactNode
  depth: ReactNode
  trades: ReactNode
}) {
  const { t } = useLingui()
  const [tab, setTab] = useState<PhoneTab>('chart')
  return (
    <TabSet<PhoneTab>
      label={t`Market`}
      value={tab}
      onChange={setTab}
      panelClassName="flex min-h-[24rem] flex-col"
      tabs={[
        { value: 'chart', label: t`Chart`, content: chart },
        { value: 'book', label: t`Order book`, content: book },
        { value: 'depth', label: t({ message: 'Depth', context: 'depth chart tab' }), content: depth },
        { value: 'trades', label: t`Trades`, content: trades },
      ]}
    />
  )
}
