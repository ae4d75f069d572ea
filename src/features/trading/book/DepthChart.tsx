/**
 * The depth chart beside the order book (issue 28): the bids' and the asks' cumulative size from the best price
 * outwards, as two stepped areas on one price axis, the mid price marked, the axes in the reader's number format, and
 * the level under the pointer read out. Drawn in SVG from the same live book as the order book; loaded when first shown.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react'
import { TERMINAL } from '#/app.config.ts'
import type { Depth } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { depthCurve, type DepthPoint } from './depth-curve.ts'

const plot = (value: string) => new Exact(value).toNumber()

export default function DepthChart({ book, pair, tick }: { book: Depth; pair: PairFacts; tick: string }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const box = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(0)
  const [hover, setHover] = useState<{ side: 'bid' | 'ask'; point: DepthPoint } | undefined>()
  const curve = useMemo(() => depthCurve(book, tick), [book, tick])
  const { base, quote } = pair
  const height = TERMINAL.depthChartHeightPx
  const pad = TERMINAL.depthChartPaddingPx

  useEffect(() => {
    const element = box.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  const { low, high, mid } = curve
  const deepest = plot(curve.deepest)
  const empty = low === undefined || high === undefined || deepest === 0
  const from = empty ? 0 : plot(low)
  const to = empty ? 1 : plot(high)
  const span = to - from || 1
  const inner = { left: pad, right: Math.max(pad, width - pad), top: pad, bottom: height - pad * 2 }
  const x = (price: string) => inner.left + ((plot(price) - from) / span) * (inner.right - inner.left)
  const y = (total: string) => inner.bottom - (deepest === 0 ? 0 : plot(total) / deepest) * (inner.bottom - inner.top)
  /** A stepped area from the best price outwards: each level's total holds until the next level's price. */
  const area = (points: DepthPoint[]) => {
    const first = points[0]
    const last = points.at(-1)
    if (!first || !last) return ''
    const steps = points.map((p, i) => `${i === 0 ? '' : `H${x(p.price)}`}V${y(p.total)}`).join('')
    return `M${x(first.price)},${inner.bottom}${steps}H${x(last.price)}V${inner.bottom}Z`
  }

  const price = (value: string | undefined) => format.number(value, { digits: pair.priceDigits })
  const size = (value: string | undefined) => format.number(value, { digits: pair.sizeDigits, compact: true })
  const bidTotal = size(curve.bids.at(-1)?.total ?? '0')
  const askTotal = size(curve.asks.at(-1)?.total ?? '0')
  const lowText = price(low)
  const highText = price(high)
  const midText = price(mid)
  const hoverTotal = size(hover?.point.total)

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (empty || mid === undefined) return
    const rect = event.currentTarget.getBoundingClientRect()
    const at = from + ((event.clientX - rect.left - inner.left) / (inner.right - inner.left)) * span
    const side = at < plot(mid) ? 'bid' : 'ask'
    const points = side === 'bid' ? curve.bids : curve.asks
    // The deepest level the pointer has passed, going out from the best price.
    const reached = points.filter((p) => (side === 'bid' ? plot(p.price) >= at : plot(p.price) <= at)).at(-1)
    const point = reached ?? points[0]
    setHover(point ? { side, point } : undefined)
  }

  return (
    <figure className="m-0 flex flex-col gap-1 px-3 py-2" data-testid="depth-chart">
      <figcaption className="flex min-h-5 flex-wrap justify-between gap-x-3 text-[11px] text-muted" dir="ltr">
        {hover ? (
          <span data-testid="depth-readout">
            <span className={hover.side === 'bid' ? 'text-up' : 'text-down'}>{price(hover.point.price)}</span>{' '}
            <Trans>
              Total {hoverTotal} {base}
            </Trans>
          </span>
        ) : (
          <span>
            <Trans>
              Price ({quote}) · Total ({base})
            </Trans>
          </span>
        )}
        {mid !== undefined ? (
          <span data-testid="depth-mid">
            <Trans>Mid {midText}</Trans>
          </span>
        ) : null}
      </figcaption>
      <div ref={box} className="w-full" dir="ltr">
        {empty ? (
          <p className="py-10 text-center text-xs text-muted">
            <Trans>The book is empty.</Trans>
          </p>
        ) : width > 0 ? (
          <svg
            width={width}
            height={height}
            role="img"
            aria-label={t`Depth chart: bids ${bidTotal} ${base} down to ${lowText} ${quote}, asks ${askTotal} ${base} up to ${highText} ${quote}`}
            onPointerMove={onPointerMove}
            onPointerLeave={() => setHover(undefined)}
            className="block touch-none overflow-visible"
          >
            <path d={area(curve.bids)} className="fill-up/15 stroke-up" strokeWidth={1.5} data-side="bid" />
            <path d={area(curve.asks)} className="fill-down/15 stroke-down" strokeWidth={1.5} data-side="ask" />
            {mid !== undefined ? (
              <line
                x1={x(mid)}
                x2={x(mid)}
                y1={inner.top}
                y2={inner.bottom}
                className="stroke-muted"
                strokeDasharray="3 3"
              />
            ) : null}
            <line x1={inner.left} x2={inner.right} y1={inner.bottom} y2={inner.bottom} className="stroke-line" />
            <g className="fill-muted text-[10px]">
              <text x={inner.left} y={height - 4}>
                {lowText}
              </text>
              <text x={inner.right} y={height - 4} textAnchor="end">
                {highText}
              </text>
              <text x={inner.left} y={inner.top + 8}>
                {size(curve.deepest)}
              </text>
              <text x={inner.left} y={(inner.top + inner.bottom) / 2 + 4}>
                {size(new Exact(curve.deepest).div(2).toFixed())}
              </text>
            </g>
          </svg>
        ) : (
          <div style={{ height }} />
        )}
      </div>
    </figure>
  )
}
