/**
 * The pair's candlestick chart (issue 19): candles and volume at the chosen interval, a crosshair with the candle's
 * exact figures, the theme's up/down colours, and on futures the mark price as a line. Drawn with lightweight-charts,
 * loaded in the browser after the page has painted; the candles come from the exchange, then live from the kline
 * channel. Plotting uses floats; every figure shown as text is the exact decimal it came as. A signed-in trader's orders
 * and position are drawn on it by a layer loaded with them (issue 28).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { CandlestickData, IChartApi, IPriceLine, ISeriesApi, UTCTimestamp } from 'lightweight-charts'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import Decimal from 'decimal.js'
import { klineSchema, type Kline, type KlineInterval, type TradingMarket } from '#/contract/index.ts'
import { useStreamListener } from '#/features/realtime/index.ts'
import { onPaletteChange, readPalette, translucent } from '#/ui/chart-palette.ts'
import { Amount } from '#/ui/Amount.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { pairMarketQueries } from '../pair-market.queries.ts'
import { axisPrice } from './axis-price.ts'
import type { ChartSurface } from './TradeLinesLayer.tsx'

/** The trader's orders and position on the chart, with drag to amend: loaded for a signed-in trader only. */
const TradeLinesLayer = lazy(() => import('./TradeLinesLayer.tsx'))

interface Drawn {
  api: IChartApi
  candles: ISeriesApi<'Candlestick'>
  volume: ISeriesApi<'Histogram'>
  mark: IPriceLine | undefined
}

/** Whole seconds since the epoch are what the library calls a UTCTimestamp (a branded number). */
const isTimestamp = (value: number): value is UTCTimestamp => Number.isInteger(value)
const seconds = (ms: number): UTCTimestamp => {
  const value = Math.floor(ms / 1000)
  if (!isTimestamp(value)) throw new Error(`not a time: ${ms}`)
  return value
}
const plot = (value: string) => new Decimal(value).toNumber()
const bar = (k: Kline): CandlestickData => ({
  time: seconds(k.time),
  open: plot(k.open),
  high: plot(k.high),
  low: plot(k.low),
  close: plot(k.close),
})

export function CandleChart({
  biz,
  pair,
  interval,
  mark,
  tick,
  signedIn,
}: {
  biz: TradingMarket
  pair: PairFacts
  interval: KlineInterval
  /** Futures: the mark price, drawn as a line. */
  mark: string | undefined
  /** The pair's price step: a dragged order line snaps to it. */
  tick: string
  /** A signed-in trader's open orders and position are drawn on the chart. */
  signedIn: boolean
}) {
  const { t, i18n } = useLingui()
  const container = useRef<HTMLDivElement>(null)
  const drawn = useRef<Drawn | null>(null)
  const byTime = useRef(new Map<number, Kline>())
  const [ready, setReady] = useState(false)
  const [surface, setSurface] = useState<ChartSurface | undefined>()
  const [hovered, setHovered] = useState<Kline | undefined>()
  const history = useQuery(pairMarketQueries.klines(pair.pairCode, biz, interval))
  const { data } = history

  useEffect(() => {
    const element = container.current
    if (!element) return
    let disposed = false
    let stopPalette: (() => void) | undefined
    void import('lightweight-charts').then(({ createChart, CandlestickSeries, HistogramSeries, ColorType }) => {
      if (disposed) return
      const api = createChart(element, {
        autoSize: true,
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, fontSize: 11, attributionLogo: false },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, timeVisible: true, secondsVisible: false },
        localization: {
          locale: i18n.locale.replace('_', '-'),
          priceFormatter: (price: number) => axisPrice(price, pair.priceDigits, i18n.locale.replace('_', '-')),
        },
      })
      const candles = api.addSeries(CandlestickSeries, {
        priceFormat: { type: 'price', precision: pair.priceDigits, minMove: 10 ** -pair.priceDigits },
      })
      const volume = api.addSeries(HistogramSeries, { priceScaleId: 'volume', priceFormat: { type: 'volume' } })
      api.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } })
      api.subscribeCrosshairMove((param) => {
        const time = typeof param.time === 'number' ? param.time * 1000 : undefined
        setHovered(time === undefined ? undefined : byTime.current.get(time))
      })
      drawn.current = { api, candles, volume, mark: undefined }
      const paint = () => {
        const p = readPalette(element)
        api.applyOptions({
          layout: { textColor: p.text },
          grid: { vertLines: { color: p.line }, horzLines: { color: p.line } },
        })
        candles.applyOptions({
          upColor: p.up,
          downColor: p.down,
          borderUpColor: p.up,
          borderDownColor: p.down,
          wickUpColor: p.up,
          wickDownColor: p.down,
        })
        volume.applyOptions({ color: translucent(p.text, 0.35) })
      }
      paint()
      stopPalette = onPaletteChange(paint)
      setReady(true)
      setSurface({ api, candles, element, alive: () => !disposed })
    })
    return () => {
      disposed = true
      stopPalette?.()
      drawn.current?.api.remove()
      drawn.current = null
      setReady(false)
      setSurface(undefined)
    }
  }, [i18n.locale, pair.priceDigits])

  // The candles of the interval: the exchange's answer first.
  useEffect(() => {
    const chart = drawn.current
    if (!ready || !chart || !data) return
    byTime.current = new Map(data.map((k) => [k.time, k]))
    chart.candles.setData(data.map(bar))
    chart.volume.setData(data.map((k) => ({ time: seconds(k.time), value: plot(k.volume) })))
    chart.api.timeScale().scrollToRealTime()
  }, [ready, data])

  useStreamListener({ channel: 'kline', biz, pairCode: pair.pairCode, interval }, (message) => {
    const chart = drawn.current
    if (!chart || message.type === 'snapshot') return
    const parsed = klineSchema.safeParse(message.data?.result)
    if (!parsed.success) return
    byTime.current.set(parsed.data.time, parsed.data)
    chart.candles.update(bar(parsed.data))
    chart.volume.update({ time: seconds(parsed.data.time), value: plot(parsed.data.volume) })
  })

  // The mark price line on futures.
  useEffect(() => {
    const chart = drawn.current
    if (!ready || !chart || mark === undefined) return
    const options = { price: plot(mark), title: t`Mark`, lineStyle: 2, lineWidth: 1 as const, axisLabelVisible: true }
    if (chart.mark) chart.mark.applyOptions(options)
    else chart.mark = chart.candles.createPriceLine(options)
  }, [ready, mark, t])

  const { label } = pair
  const shown = hovered ?? data?.at(-1)
  return (
    <figure className="m-0 flex min-h-0 flex-1 flex-col" data-testid="candle-chart" data-ready={ready || undefined}>
      <figcaption className="flex min-h-5 flex-wrap gap-x-3 px-3 py-1 text-[11px] text-muted" dir="ltr">
        {shown ? (
          <>
            <span>
              <Trans context="candle">O</Trans> <Amount value={shown.open} digits={pair.priceDigits} />
            </span>
            <span>
              <Trans context="candle">H</Trans> <Amount value={shown.high} digits={pair.priceDigits} />
            </span>
            <span>
              <Trans context="candle">L</Trans> <Amount value={shown.low} digits={pair.priceDigits} />
            </span>
            <span>
              <Trans context="candle">C</Trans> <Amount value={shown.close} digits={pair.priceDigits} />
            </span>
            <span>
              <Trans context="candle">V</Trans> <Amount value={shown.volume} digits={pair.sizeDigits} compact />
            </span>
          </>
        ) : null}
      </figcaption>
      <div className="relative isolate flex min-h-64 flex-1 flex-col">
        <div
          ref={container}
          role="img"
          aria-label={t`${label} candlestick chart, ${interval} candles`}
          className="min-h-64 w-full flex-1"
          dir="ltr"
        />
        {surface && signedIn ? (
          <Suspense fallback={null}>
            <TradeLinesLayer biz={biz} pair={pair} tick={tick} surface={surface} />
          </Suspense>
        ) : null}
        {history.isError && !data ? (
          <div
            role="alert"
            data-testid="chart-history-error"
            className="absolute inset-x-3 top-3 flex flex-wrap items-center gap-2 rounded-lg border border-line bg-card px-3 py-2 text-xs shadow-sm"
          >
            <span className="text-muted">
              <Trans>The chart's history could not be loaded; new candles still appear as they form.</Trans>
            </span>
            <button
              type="button"
              onClick={() => void history.refetch()}
              disabled={history.isFetching}
              className="rounded-md bg-sunken px-2 py-1 font-medium hover:text-brand disabled:opacity-60"
            >
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : null}
      </div>
    </figure>
  )
}
