/**
 * One-action changes of the trader's own futures positions (issue 28 item 5): close every one at market, after a
 * confirmation; and reverse one (close it and open the other side with the same size) as a single market order of twice
 * its size, which the exchange takes whole or refuses whole (its opening half must find the margin in the wallet).
 */
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { PlaceOrderRequest, TradingPosition } from '#/contract/index.ts'
import { Exact } from '#/contract/money.ts'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { notify } from '#/ui/toast.ts'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'
import { placeOrder } from '../trading.functions.ts'
import { tradingQueries } from '../trading.queries.ts'
import { refusalText } from '../trading.texts.ts'
import type { PairFacts } from '../shared/pair.ts'

export const newClientOrderId = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`

const closingSide = (position: TradingPosition) => (position.side === 'long' ? 'sell' : 'buy')

/** The order that reverses a position: the other side, twice its size, at market. */
export function reverseOrder(position: TradingPosition): Omit<PlaceOrderRequest, 'clientOrderId'> {
  return {
    biz: 'futures',
    pairCode: position.pairCode,
    side: closingSide(position),
    type: 'market',
    size: new Exact(position.size).times(2).toFixed(),
  }
}

export function CloseAllDialog({ positions, onDone }: { positions: readonly TradingPosition[]; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const flight = useSingleFlight()
  const [error, setError] = useState<string | undefined>()
  const count = positions.length
  const closeAll = () =>
    flight.run(async () => {
      const results = []
      for (const position of positions) {
        results.push(
          await placeOrder({
            data: {
              clientOrderId: newClientOrderId(),
              biz: 'futures',
              pairCode: position.pairCode,
              side: closingSide(position),
              type: 'market',
              size: position.size,
              reduceOnly: true,
            },
          }),
        )
      }
      void client.invalidateQueries({ queryKey: tradingQueries.positions('futures').queryKey })
      const refused = results.flatMap((r) => (r.status === 'ok' ? [] : [r]))
      const closed = count - refused.length
      const first = refused[0]
      if (first) {
        const why = refusalText(i18n, first.reason)
        return setError(t`${closed} of ${count} closed. ${why}`)
      }
      notify(count === 1 ? t`1 position closed` : t`${count} positions closed`)
      onDone()
    })
  return (
    <DraggableDialog open onClose={onDone} title={t`Close all positions`} closeLabel={t`Close`}>
      <div className="flex flex-col gap-3" data-testid="close-all-dialog">
        <p className="text-sm">
          {count === 1
            ? t`Your 1 futures position closes at market, whole. Copied positions are not affected.`
            : t`Your ${count} futures positions close at market, whole. Copied positions are not affected.`}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-down">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          disabled={flight.busy}
          onClick={() => void closeAll()}
          className="rounded-xl bg-down px-4 py-2.5 font-semibold text-on-down disabled:opacity-60"
          data-testid="confirm-close-all"
        >
          {flight.busy ? t`Closing…` : t`Close all`}
        </button>
      </div>
    </DraggableDialog>
  )
}

export function ReverseDialog({
  position,
  pair,
  onDone,
}: {
  position: TradingPosition
  pair: PairFacts
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const client = useQueryClient()
  const flight = useSingleFlight()
  const [error, setError] = useState<string | undefined>()
  const { size } = position
  const { base } = pair
  const reverse = () =>
    flight.run(async () => {
      const sent = await placeOrder({ data: { clientOrderId: newClientOrderId(), ...reverseOrder(position) } })
      if (sent.status !== 'ok') return setError(refusalText(i18n, sent.reason))
      notify(t`Position reversed`)
      void client.invalidateQueries({ queryKey: tradingQueries.positions('futures').queryKey })
      onDone()
    })
  return (
    <DraggableDialog open onClose={onDone} title={t`Reverse position`} closeLabel={t`Close`}>
      <div className="flex flex-col gap-3" data-testid="reverse-dialog">
        <p className="text-sm">
          {position.side === 'long'
            ? t`Closes your long of ${size} ${base} at market and opens a short of the same size, in one order.`
            : t`Closes your short of ${size} ${base} at market and opens a long of the same size, in one order.`}
        </p>
        <p className="text-xs text-muted">{t`The new side needs its margin free in your futures wallet; without it nothing is traded.`}</p>
        {error ? (
          <p role="alert" className="text-sm text-down">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          disabled={flight.busy}
          onClick={() => void reverse()}
          className="rounded-xl bg-brand px-4 py-2.5 font-semibold text-brand-contrast disabled:opacity-60"
          data-testid="confirm-reverse"
        >
          {flight.busy ? t`Reversing…` : t({ message: 'Reverse', context: 'position' })}
        </button>
      </div>
    </DraggableDialog>
  )
}
