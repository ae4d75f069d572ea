/** A futures position's funding payments (issue 28 item 5): each funding time, the rate, and what it paid or received. */
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { TradingPosition } from '#/contract/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { Amount } from '#/ui/Amount.tsx'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { QUOTE_DIGITS, type PairFacts } from '../shared/pair.ts'
import { dataOf, tradingQueries } from '../trading.queries.ts'
import { OrderTime, PanelTable } from './PanelTable.tsx'

export function FundingDialog({
  position,
  pair,
  onDone,
}: {
  position: TradingPosition
  pair: PairFacts
  onDone: () => void
}) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const query = useQuery(tradingQueries.positionFunding(position.positionId))
  const payments = dataOf(query.data) ?? []
  const total = position.funding
  const { label } = pair
  return (
    <DraggableDialog open onClose={onDone} title={t`Funding of ${label}`} closeLabel={t`Close`}>
      <div className="flex flex-col gap-3" data-testid="funding-dialog">
        <p className="text-sm">
          {t`Funding so far`}:{' '}
          <Amount
            value={total}
            digits={QUOTE_DIGITS + 2}
            signed
            className={total.startsWith('-') ? 'text-down' : 'text-up'}
          />{' '}
          USDT
        </p>
        {query.isPending ? (
          <p className="text-sm text-muted">{t`Loading…`}</p>
        ) : (
          <PanelTable
            label={t`Funding payments`}
            empty={t`No funding time has passed while this position was open.`}
            columns={[t`Time`, t`Funding rate`, t`Mark price`, t`Amount (USDT)`]}
            rows={payments.map((payment) => ({
              key: String(payment.time),
              cells: [
                <OrderTime key="time" ms={payment.time} />,
                <span key="rate" dir="ltr">
                  {payment.rate === null ? '--' : format.percent(payment.rate, 4)}
                </span>,
                <Amount key="mark" value={payment.mark} digits={pair.priceDigits} />,
                <Amount
                  key="amount"
                  value={payment.amount}
                  digits={QUOTE_DIGITS + 2}
                  signed
                  className={payment.amount.startsWith('-') ? 'text-down' : 'text-up'}
                />,
              ],
            }))}
          />
        )}
      </div>
    </DraggableDialog>
  )
}
