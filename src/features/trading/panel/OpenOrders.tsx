/**
 * The trader's open orders on a market (issue 19): resting and waiting for their trigger, live from the orders
 * channel; each cancelled or amended (a new price or size) on its own, or all of this pair or every pair at once.
 * Every action shows at once that it is under way and says why the exchange refused it.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FUTURES } from '#/app.config.ts'
import type { Order, TradingMarket } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import type { Loaded } from '#/exchange-client/index.ts'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { NumberField } from '#/ui/NumberField.tsx'
import { notify } from '#/ui/toast.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { Amount } from '#/ui/Amount.tsx'
import type { PairFacts } from '../shared/pair.ts'
import { amendOrder, cancelAllOrders, cancelOrder } from '../trading.functions.ts'
import { dataOf, tradingQueries } from '../trading.queries.ts'
import { loadedOk } from '#/exchange-client/index.ts'
import { orderTypeText, refusalText, statusText } from '../trading.texts.ts'
import { mergeOpenOrders } from '../live/useAccountStreams.ts'
import { OrderTime, PanelTable, SideText } from './PanelTable.tsx'

export interface OpenOrdersProps {
  biz: TradingMarket
  /** The terminal's pair: with thisPairOnly, its orders alone and its own "cancel all" (the orders page has neither). */
  pair: PairFacts
  factsOf: (pairCode: string) => PairFacts
  thisPairOnly: boolean
}

export function OpenOrders({ biz, pair, factsOf, thisPairOnly }: OpenOrdersProps) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const flight = useSingleFlight()
  const { label } = pair
  const [amending, setAmending] = useState<Order | undefined>()
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set())
  const all = dataOf(useQuery(tradingQueries.openOrders(biz)).data) ?? []
  const orders = all.filter((o) => !thisPairOnly || o.pairCode === pair.pairCode)

  const patch = (changed: Order[]) =>
    client.setQueryData(tradingQueries.openOrders(biz).queryKey, (current): Loaded<Order[]> | undefined =>
      current?.status === 'ok' ? loadedOk(mergeOpenOrders(current.data, changed)) : current,
    )

  const cancel = async (order: Order) => {
    if (pending.has(order.id)) return
    setPending((set) => new Set(set).add(order.id))
    const sent = await cancelOrder({ data: { biz, orderId: order.id } })
    setPending((set) => {
      const next = new Set(set)
      next.delete(order.id)
      return next
    })
    if (sent.status !== 'ok') return notify(refusalText(i18n, sent.reason), 'error')
    patch([sent.data])
    notify(t`Order cancelled`)
  }

  const cancelAll = (scope: 'pair' | 'all') =>
    flight.run(async () => {
      const sent = await cancelAllOrders({ data: { biz, ...(scope === 'pair' ? { pairCode: pair.pairCode } : {}) } })
      if (sent.status !== 'ok') return notify(refusalText(i18n, sent.reason), 'error')
      patch(sent.data.cancelled)
      const count = sent.data.cancelled.length
      notify(count === 1 ? t`1 order cancelled` : t`${count} orders cancelled`)
    })

  return (
    <div className="flex flex-col gap-2" data-testid="open-orders">
      <div className="flex flex-wrap justify-end gap-2 px-3">
        {thisPairOnly ? (
          <button
            type="button"
            disabled={flight.busy || orders.length === 0}
            onClick={() => void cancelAll('pair')}
            className="rounded-lg border border-line px-2.5 py-1 text-xs hover:border-down disabled:opacity-40"
          >
            <Trans>Cancel all of {label}</Trans>
          </button>
        ) : null}
        <button
          type="button"
          disabled={flight.busy || all.length === 0}
          onClick={() => void cancelAll('all')}
          className="rounded-lg border border-line px-2.5 py-1 text-xs hover:border-down disabled:opacity-40"
        >
          <Trans>Cancel all pairs</Trans>
        </button>
      </div>
      <PanelTable
        label={t`Open orders`}
        empty={t`No open orders.`}
        columns={[t`Time`, t`Pair`, t`Type`, t`Side`, t`Price`, t`Amount`, t`Filled`, t`Trigger`, t`Status`, '']}
        rows={orders.map((order) => {
          const facts = factsOf(order.pairCode)
          const { id } = order
          return {
            key: order.id,
            cells: [
              <OrderTime key="time" ms={order.createdAt} />,
              facts.label,
              orderTypeText(i18n, order.type),
              <SideText key="side" side={order.side} biz={biz} />,
              order.price ? (
                <Amount key="price" value={order.price} digits={facts.priceDigits} />
              ) : (
                t({ message: 'Market', context: 'order type' })
              ),
              <Amount key="size" value={order.size ?? order.quoteSize} digits={facts.sizeDigits} />,
              <Amount key="filled" value={order.filled} digits={facts.sizeDigits} />,
              order.type === 'trailing-stop' ? (
                <TrailingTrigger key="trigger" order={order} priceDigits={facts.priceDigits} />
              ) : order.triggerPrice ? (
                <Amount key="trigger" value={order.triggerPrice} digits={facts.priceDigits} />
              ) : (
                '--'
              ),
              statusText(i18n, order.status),
              <span key="actions" className="flex justify-end gap-1">
                {order.type === 'limit' || (order.type === 'stop-limit' && order.status !== 'untriggered') ? (
                  <button
                    type="button"
                    onClick={() => setAmending(order)}
                    className="rounded px-2 py-0.5 text-xs text-brand hover:underline"
                    aria-label={t`Change order ${id}`}
                  >
                    <Trans>Change</Trans>
                  </button>
                ) : null}
                <button
                  type="button"
                  disabled={pending.has(order.id)}
                  aria-busy={pending.has(order.id)}
                  onClick={() => void cancel(order)}
                  className="rounded px-2 py-0.5 text-xs text-down hover:underline disabled:opacity-50"
                  aria-label={t`Cancel order ${id}`}
                  data-testid="cancel-order"
                >
                  {pending.has(order.id) ? t`Cancelling…` : t`Cancel`}
                </button>
              </span>,
            ],
          }
        })}
      />
      {amending ? (
        <AmendDialog
          order={amending}
          biz={biz}
          pair={factsOf(amending.pairCode)}
          onDone={(order) => (order && patch([order]), setAmending(undefined))}
        />
      ) : null}
    </div>
  )
}

/** Changes an order's price or size; an empty or zero field is refused at the field, before anything is sent. */
export function AmendDialog({
  order,
  biz,
  pair,
  onDone,
}: {
  order: Order
  biz: TradingMarket
  pair: PairFacts
  onDone: (order: Order | undefined) => void
}) {
  const { t, i18n } = useLingui()
  const flight = useSingleFlight()
  const { base, quote } = pair
  const [price, setPrice] = useState(order.price ?? '')
  const [size, setSize] = useState(order.size ?? '')
  const [error, setError] = useState<{ field: 'price' | 'size'; text: string } | undefined>()
  const save = () =>
    flight.run(async () => {
      if (order.price !== null && (price === '' || new Exact(price).isZero()))
        return setError({ field: 'price', text: refusalText(i18n, 'required') })
      if (size === '') return setError({ field: 'size', text: refusalText(i18n, 'required') })
      if (new Exact(size).isZero()) return setError({ field: 'size', text: refusalText(i18n, 'zero-size') })
      const change = {
        ...(order.price === null || new Exact(price).eq(order.price) ? {} : { price }),
        ...(order.size !== null && new Exact(size).eq(order.size) ? {} : { size }),
      }
      if (Object.keys(change).length === 0) return onDone(undefined)
      const sent = await amendOrder({ data: { biz, orderId: order.id, ...change } })
      if (sent.status !== 'ok') {
        const field = sent.fields.some((f) => f.startsWith('size')) ? 'size' : 'price'
        setError({ field, text: refusalText(i18n, sent.reason) })
        return
      }
      notify(t`Order changed`)
      onDone(sent.data)
    })
  return (
    <DraggableDialog open onClose={() => onDone(undefined)} title={t`Change order`} closeLabel={t`Close`}>
      <form
        className="flex flex-col gap-3"
        data-testid="amend-order"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <NumberField
          name="amend-price"
          label={t`Price (${quote})`}
          value={price}
          decimals={pair.priceDigits}
          onValue={(v) => (setPrice(v), setError(undefined))}
          onBlur={() => undefined}
          error={error?.field === 'price' ? error.text : undefined}
        />
        <NumberField
          name="amend-size"
          label={t`Amount (${base}), filled part included`}
          value={size}
          decimals={pair.sizeDigits}
          onValue={(v) => (setSize(v), setError(undefined))}
          onBlur={() => undefined}
          error={error?.field === 'size' ? error.text : undefined}
        />
        <button
          type="submit"
          disabled={flight.busy}
          className="rounded-xl bg-brand px-4 py-2.5 font-semibold text-brand-contrast disabled:opacity-60"
        >
          {flight.busy ? t`Saving…` : t`Save`}
        </button>
      </form>
    </DraggableDialog>
  )
}

/**
 * A trailing stop's trigger cell: where it is released now (or that it waits for its activation price), its callback
 * rate, and the best price it has followed since activation.
 */
function TrailingTrigger({ order, priceDigits }: { order: Order; priceDigits: number }) {
  return (
    <span className="flex flex-col" data-testid="trailing-trigger">
      {order.triggerPrice ? (
        <Amount value={order.triggerPrice} digits={priceDigits} />
      ) : (
        <span className="text-muted">
          <Trans>Not active yet</Trans>
        </span>
      )}
      <span className="text-xs text-muted">
        <Trans>
          Callback <Amount value={order.callbackRate} digits={FUTURES.trailingCallbackPercent.digits} /> %
        </Trans>
      </span>
      {order.activationPrice ? (
        <span className="text-xs text-muted">
          <Trans>
            Activation <Amount value={order.activationPrice} digits={priceDigits} />
          </Trans>
        </span>
      ) : null}
      {order.trailExtreme ? (
        <span className="text-xs text-muted">
          <Trans>
            Following <Amount value={order.trailExtreme} digits={priceDigits} />
          </Trans>
        </span>
      ) : null}
    </span>
  )
}
