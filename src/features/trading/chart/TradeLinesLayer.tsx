/**
 * The trader's own trading drawn on the price chart (issue 28): each open order a price line (a limit order at its
 * price, a stop at its trigger, a position's TP and SL), and on futures the position's entry and liquidation prices.
 * They follow the same cached reads as the panels, so they move as the private channels push. An order's or a TP/SL's
 * label is its handle: dragged up or down it moves the line, snapped to the tick, and on release asks to confirm the
 * old → new price before amending through the same calls the panels use; a refusal says why and the line goes back.
 * Pressed (or Enter), the label opens the panel's own change dialog instead. Loaded only for a signed-in trader.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { IChartApi, IPriceLine, ISeriesApi, PriceLineOptions } from 'lightweight-charts'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { TERMINAL } from '#/app.config.ts'
import type { Order, TradingMarket } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { onPaletteChange, readPalette, type ChartPalette } from '#/ui/chart-palette.ts'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { notify } from '#/ui/toast.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { patchOpenOrders } from '../live/useAccountStreams.ts'
import { AmendDialog } from '../panel/OpenOrders.tsx'
import { TpslDialog } from '../panel/Positions.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { amendOrder, setPositionTpsl } from '../trading.functions.ts'
import { dataOf, tradingQueries } from '../trading.queries.ts'
import { refusalText } from '../trading.texts.ts'
import { snapToTick, tradeLines, type TradeLine } from './trade-lines.ts'

/** The drawn chart the lines go on: the library's chart, its candle series and the element it fills. */
export interface ChartSurface {
  api: IChartApi
  candles: ISeriesApi<'Candlestick'>
  element: HTMLElement
  /** False once the chart is removed (a locale change redraws it): its lines went with it. */
  alive: () => boolean
}

interface Move {
  line: TradeLine
  to: string
}

const plot = (value: string) => new Exact(value).toNumber()

function lineStyle(line: TradeLine, p: ChartPalette): Pick<PriceLineOptions, 'color' | 'lineStyle' | 'lineWidth'> {
  const sideColour = line.side === 'buy' ? p.up : p.down
  switch (line.kind) {
    case 'limit':
      return { color: sideColour, lineStyle: 0, lineWidth: 1 }
    case 'stop':
    case 'trailing':
      return { color: sideColour, lineStyle: 2, lineWidth: 1 }
    case 'take-profit':
      return { color: p.brand, lineStyle: 1, lineWidth: 1 }
    case 'stop-loss':
      return { color: p.danger, lineStyle: 1, lineWidth: 1 }
    case 'entry':
      return { color: p.text, lineStyle: 0, lineWidth: 2 }
    case 'liquidation':
      return { color: p.danger, lineStyle: 3, lineWidth: 2 }
  }
}

export default function TradeLinesLayer({
  biz,
  pair,
  tick,
  surface,
}: {
  biz: TradingMarket
  pair: PairFacts
  tick: string
  surface: ChartSurface
}) {
  const { t, i18n } = useLingui()
  const format = useNumberFormat()
  const client = useQueryClient()
  const flight = useSingleFlight()
  const futures = biz === 'futures'
  const orders = dataOf(useQuery(tradingQueries.openOrders(biz)).data)
  const positions = dataOf(useQuery({ ...tradingQueries.positions(biz), enabled: futures }).data)
  const lines = useMemo(
    () => tradeLines(orders ?? [], futures ? (positions ?? []) : [], pair.pairCode),
    [orders, positions, futures, pair.pairCode],
  )
  const [palette, setPalette] = useState(() => readPalette(surface.element))
  /** A line being dragged (or waiting for its confirmation) is drawn at the price it was moved to. */
  const [moved, setMoved] = useState<Move | undefined>()
  const [confirming, setConfirming] = useState(false)
  const [editing, setEditing] = useState<TradeLine | undefined>()
  const drawn = useRef(new Map<string, IPriceLine>())
  const handles = useRef(new Map<string, HTMLButtonElement>())
  const drag = useRef<{ line: TradeLine; startY: number; to: string | undefined } | undefined>(undefined)
  const justDragged = useRef(false)

  useEffect(() => onPaletteChange(() => setPalette(readPalette(surface.element))), [surface.element])

  const priceOf = (line: TradeLine) => (moved?.line.key === line.key ? moved.to : line.price)
  const sizeText = (line: TradeLine) =>
    line.size === null
      ? t({ message: 'All', context: 'the whole position' })
      : format.number(line.size, { digits: pair.sizeDigits })
  const labelOf = (line: TradeLine): string => {
    const side = line.side === 'buy' ? t`Buy` : t`Sell`
    const size = sizeText(line)
    switch (line.kind) {
      case 'limit':
        return `${side} ${size}`
      case 'stop':
        return t`Stop ${side} ${size}`
      case 'trailing':
        return t`Trailing ${side} ${size}`
      case 'take-profit':
        return t`TP ${size}`
      case 'stop-loss':
        return t`SL ${size}`
      case 'entry':
        return t({ message: 'Entry', context: 'position entry price' })
      case 'liquidation':
        return t`Liquidation`
    }
  }

  const draggable = lines.filter((line) => line.drag)
  /** What the frame loop places: the draggable lines and where each is drawn now. */
  const latest = useRef<{ lines: TradeLine[]; priceOf: (line: TradeLine) => string }>({ lines: [], priceOf })

  // The price lines, kept in step with the orders and position (and with a line being dragged).
  useEffect(() => {
    latest.current = { lines: draggable, priceOf }
    const seen = new Set<string>()
    for (const line of lines) {
      seen.add(line.key)
      const options = {
        price: plot(priceOf(line)),
        ...lineStyle(line, palette),
        axisLabelVisible: true,
        // A draggable line's label is its handle, drawn over the chart; the others carry theirs on the line.
        title: line.drag ? '' : labelOf(line),
      }
      const existing = drawn.current.get(line.key)
      if (existing) existing.applyOptions(options)
      else drawn.current.set(line.key, surface.candles.createPriceLine(options))
    }
    for (const [key, priceLine] of drawn.current)
      if (!seen.has(key)) {
        surface.candles.removePriceLine(priceLine)
        drawn.current.delete(key)
      }
  })
  useEffect(() => {
    const all = drawn.current
    return () => {
      if (surface.alive()) for (const priceLine of all.values()) surface.candles.removePriceLine(priceLine)
      all.clear()
    }
  }, [surface])

  // The handles follow their lines as the chart scrolls and rescales: placed once a frame, outside React.
  useEffect(() => {
    let frame = 0
    const place = () => {
      const height = surface.api.paneSize().height
      const { lines: shownLines, priceOf: drawnAt } = latest.current
      for (const line of shownLines) {
        const handle = handles.current.get(line.key)
        if (!handle) continue
        const y = surface.candles.priceToCoordinate(plot(drawnAt(line)))
        const shown = y !== null && y >= 0 && y <= height
        handle.style.visibility = shown ? 'visible' : 'hidden'
        if (shown) handle.style.transform = `translateY(${Math.round(y)}px) translateY(-50%)`
      }
      frame = requestAnimationFrame(place)
    }
    frame = requestAnimationFrame(place)
    return () => cancelAnimationFrame(frame)
  }, [surface])

  const pointAt = (clientY: number) => {
    const top = surface.element.getBoundingClientRect().top
    return snapToTick(surface.candles.coordinateToPrice(clientY - top), tick)
  }
  const onPointerDown = (line: TradeLine) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0 || confirming) return
    event.currentTarget.setPointerCapture(event.pointerId)
    justDragged.current = false
    drag.current = { line, startY: event.clientY, to: undefined }
  }
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = drag.current
    if (!current) return
    if (!current.to && Math.abs(event.clientY - current.startY) < TERMINAL.chartDragThresholdPx) return
    const to = pointAt(event.clientY) ?? current.to ?? current.line.price
    current.to = to
    setMoved({ line: current.line, to })
  }
  const onPointerUp = () => {
    const current = drag.current
    drag.current = undefined
    if (!current?.to) return
    justDragged.current = true
    if (new Exact(current.to).eq(current.line.price)) setMoved(undefined)
    else {
      setMoved({ line: current.line, to: current.to })
      setConfirming(true)
    }
  }
  const onClick = (line: TradeLine) => () => {
    if (justDragged.current) {
      justDragged.current = false
      return
    }
    setEditing(line)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && drag.current) {
      drag.current = undefined
      setMoved(undefined)
    }
  }

  const putBack = () => {
    drag.current = undefined
    setConfirming(false)
    setMoved(undefined)
  }
  const send = (move: Move) =>
    flight.run(async () => {
      const drag = move.line.drag
      if (!drag) return putBack()
      const { order } = drag
      if (drag.via === 'amend') {
        const sent = await amendOrder({ data: { biz, orderId: order.id, price: move.to } })
        if (sent.status !== 'ok') return (notify(refusalText(i18n, sent.reason), 'error'), putBack())
        patchOpenOrders(client, biz, [sent.data], false)
        notify(t`Order changed`)
      } else {
        const trigger = order.purpose === 'take-profit' ? { takeProfitPrice: move.to } : { stopLossPrice: move.to }
        const sent = await setPositionTpsl({
          data: {
            pairCode: order.pairCode,
            ...trigger,
            ...(order.size === null ? {} : { size: order.size }),
            ...(order.triggerBy === null ? {} : { triggerBy: order.triggerBy }),
          },
        })
        if (sent.status !== 'ok') return (notify(refusalText(i18n, sent.reason), 'error'), putBack())
        notify(order.purpose === 'take-profit' ? t`Take profit moved` : t`Stop loss moved`)
        void client.invalidateQueries({ queryKey: tradingQueries.openOrders(biz).queryKey })
        void client.invalidateQueries({ queryKey: tradingQueries.positions(biz).queryKey })
      }
      putBack()
    })

  const price = (value: string) => format.number(value, { digits: pair.priceDigits })
  const ownPosition = positions?.find((p) => p.pairCode === pair.pairCode && p.copyId === null && p.status === 'open')
  const editingOrder: Order | undefined = editing?.drag?.order
  const { quote } = pair
  const pending = confirming ? moved : undefined
  const pendingLabel = pending ? labelOf(pending.line) : ''
  const pendingFrom = pending ? price(pending.line.price) : ''
  const pendingTo = pending ? price(pending.to) : ''

  return (
    <>
      {/* The handles' layer lets the chart have every pointer event but those on a handle (its dialogs sit outside it). */}
      <div className="pointer-events-none absolute inset-0 z-10 overflow-hidden" data-testid="trade-lines">
        {draggable.map((line) => {
          const colour = lineStyle(line, palette).color
          const label = labelOf(line)
          const at = price(priceOf(line))
          return (
            <button
              key={line.key}
              type="button"
              ref={(element) => {
                if (element) handles.current.set(line.key, element)
                else handles.current.delete(line.key)
              }}
              onPointerDown={onPointerDown(line)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={putBack}
              onClick={onClick(line)}
              onKeyDown={onKeyDown}
              aria-label={t`${label} at ${at} ${quote}: drag to move, or press to change`}
              data-testid="trade-line"
              data-kind={line.kind}
              data-price={priceOf(line)}
              style={{ borderColor: colour, color: colour, visibility: 'hidden' }}
              className="pointer-events-auto absolute top-0 left-2 flex cursor-ns-resize touch-none items-center gap-1 rounded border bg-card px-1.5 py-0.5 text-[11px] font-medium whitespace-nowrap shadow-sm select-none focus-visible:outline-2 focus-visible:outline-brand"
            >
              <span aria-hidden="true">⇕</span>
              {label}
            </button>
          )
        })}
      </div>
      {pending ? (
        <DraggableDialog open onClose={putBack} title={t`Move order`} closeLabel={t`Close`}>
          <div className="flex flex-col gap-4" data-testid="confirm-move">
            <p className="text-sm">
              <Trans>
                {pendingLabel}: <span dir="ltr">{pendingFrom}</span> → <span dir="ltr">{pendingTo}</span> {quote}
              </Trans>
            </p>
            <div className="flex justify-end gap-2">
              <button type="button" className="rounded-xl px-4 py-2 text-sm" onClick={putBack}>
                <Trans>Cancel</Trans>
              </button>
              <button
                type="button"
                disabled={flight.busy}
                aria-busy={flight.busy}
                className="rounded-xl bg-brand px-4 py-2 text-sm font-semibold text-brand-contrast disabled:opacity-60"
                onClick={() => void send(pending)}
              >
                {flight.busy ? t`Saving…` : t`Confirm`}
              </button>
            </div>
          </div>
        </DraggableDialog>
      ) : null}
      {editing?.drag?.via === 'amend' && editingOrder ? (
        <AmendDialog
          order={editingOrder}
          biz={biz}
          pair={pair}
          onDone={(order) => (order && patchOpenOrders(client, biz, [order], false), setEditing(undefined))}
        />
      ) : null}
      {editing?.drag?.via === 'tpsl' && ownPosition ? (
        <TpslDialog biz={biz} position={ownPosition} pair={pair} onDone={() => setEditing(undefined)} />
      ) : null}
    </>
  )
}
