/** Closed positions (a leader's or a copy's): side, entry and exit, realized PnL, when it closed. */
import { Trans, useLingui } from '@lingui/react/macro'
import { TableHead } from '#/ui/TableHead.tsx'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import type { CopyPosition } from '#/contract/index.ts'
import { priceOptions, usePairDigits } from './price-digits.ts'
import { toneOf } from './tone.ts'
import { useDateTimeFormat } from '#/lib/format/useDateTimeFormat.tsx'

export function PositionHistory({ list }: { list: readonly CopyPosition[] }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const dates = useDateTimeFormat('minute')
  const digitsOf = usePairDigits()
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h3 id="history-title" className="text-lg font-semibold">
        <Trans>Position history</Trans>
      </h3>
      {list.length === 0 ? (
        <p className="rounded-xl border border-line bg-card px-4 py-6 text-center text-sm text-muted">
          <Trans>No closed positions yet.</Trans>
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-line bg-card">
          <table className="w-full text-sm" data-testid="history">
            <TableHead
              columns={[
                { key: 'position', label: <Trans>Position</Trans> },
                { key: 'entry', label: <Trans>Entry price</Trans>, end: true },
                { key: 'exit', label: <Trans>Exit price</Trans>, end: true },
                { key: 'pnl', label: <Trans>Realized PnL</Trans>, end: true },
                { key: 'closed', label: <Trans>Closed</Trans>, end: true, from: 'sm' },
              ]}
            />
            <tbody>
              {list.map((p) => (
                <tr key={p.positionId} className="border-t border-line">
                  <th scope="row" className="px-3 py-3 text-start font-semibold">
                    {p.pairCode.replace('_', '/')}{' '}
                    <span className={`text-xs ${p.side === 'long' ? 'text-up' : 'text-down'}`}>
                      {p.side === 'long'
                        ? t({ message: 'Long', context: 'position side' })
                        : t({ message: 'Short', context: 'position side' })}{' '}
                      {p.leverage}x
                    </span>
                  </th>
                  <td dir="ltr" className="px-3 py-3 text-end tabular-nums">
                    {format.number(p.entryPrice, priceOptions(digitsOf(p.pairCode)))}
                  </td>
                  <td dir="ltr" className="px-3 py-3 text-end tabular-nums">
                    {format.number(p.exitPrice, priceOptions(digitsOf(p.pairCode)))}
                  </td>
                  <td dir="ltr" className={`px-3 py-3 text-end tabular-nums ${toneOf(p.realizedPnl)}`}>
                    {format.number(p.realizedPnl, { digits: 2, signed: true })}
                  </td>
                  <td className="hidden px-3 py-3 text-end text-muted sm:table-cell">
                    {p.closedAt === null ? '--' : dates.format(p.closedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
