/**
 * A lead trader's cumulative ROI or PnL per day over the period (lightweight-charts, loaded only
 * in the browser, after the page). Above zero in the "up" colour, below in the "down" colour; the
 * colours follow the theme and the up/down scheme as they change. A text summary says the same
 * for screen readers, and stands in while the chart loads.
 */
import { useLingui } from '@lingui/react/macro'
import type { IChartApi, ISeriesApi } from 'lightweight-charts'
import { useEffect, useRef } from 'react'
import Decimal from 'decimal.js'
import { onPaletteChange, readPalette, translucent } from '#/ui/chart-palette.ts'

export interface ChartPoint {
  day: string
  value: string
}

export function PerformanceChart({
  points,
  label,
  summary,
  format,
}: {
  points: readonly ChartPoint[]
  label: string
  summary: string
  format: (value: number) => string
}) {
  const { i18n } = useLingui()
  const container = useRef<HTMLDivElement>(null)
  const chart = useRef<{ api: IChartApi; series: ISeriesApi<'Baseline'> } | null>(null)

  // Created once per mount; data and colours are applied by the effects below.
  useEffect(() => {
    const element = container.current
    if (!element) return
    let disposed = false
    let stopPalette: (() => void) | undefined
    void import('lightweight-charts').then(({ createChart, BaselineSeries, ColorType }) => {
      if (disposed) return
      const api = createChart(element, {
        autoSize: true,
        // The attribution is a link in the caption instead: a link inside the picture would nest a control in an image.
        layout: { background: { type: ColorType.Solid, color: 'transparent' }, fontSize: 11, attributionLogo: false },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
        handleScroll: false,
        handleScale: false,
        localization: { locale: i18n.locale.replace('_', '-') },
      })
      const series = api.addSeries(BaselineSeries, {
        baseValue: { type: 'price', price: 0 },
        lineWidth: 2,
        priceLineVisible: false,
      })
      chart.current = { api, series }
      const paint = () => {
        const p = readPalette(element)
        api.applyOptions({
          layout: { textColor: p.text },
          grid: { vertLines: { color: 'transparent' }, horzLines: { color: p.line } },
        })
        series.applyOptions({
          topLineColor: p.up,
          topFillColor1: translucent(p.up, 0.28),
          topFillColor2: translucent(p.up, 0.02),
          bottomLineColor: p.down,
          bottomFillColor1: translucent(p.down, 0.02),
          bottomFillColor2: translucent(p.down, 0.28),
        })
      }
      paint()
      stopPalette = onPaletteChange(paint)
      element.dataset.ready = 'true'
      element.dispatchEvent(new Event('chart-ready'))
    })
    return () => {
      disposed = true
      stopPalette?.()
      chart.current?.api.remove()
      chart.current = null
    }
  }, [i18n.locale])

  useEffect(() => {
    const element = container.current
    if (!element) return
    const apply = () => {
      if (!chart.current) return
      chart.current.api.applyOptions({ localization: { priceFormatter: format } })
      // Plotting positions only: every figure shown as text stays an exact decimal.
      chart.current.series.setData(points.map((p) => ({ time: p.day, value: new Decimal(p.value).toNumber() })))
      chart.current.api.timeScale().fitContent()
    }
    apply()
    element.addEventListener('chart-ready', apply)
    return () => element.removeEventListener('chart-ready', apply)
  }, [points, format])

  return (
    <figure className="flex flex-col gap-2">
      <div
        ref={container}
        role="img"
        aria-label={label}
        className="h-56 w-full"
        dir="ltr"
        data-testid="performance-chart"
      />
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-muted">
        <span data-testid="chart-summary">{summary}</span>
        <a
          href="https://www.tradingview.com/lightweight-charts/"
          target="_blank"
          rel="noopener noreferrer"
          className="text-xs hover:underline"
          dir="ltr"
        >
          TradingView Lightweight Charts™
        </a>
      </figcaption>
    </figure>
  )
}
