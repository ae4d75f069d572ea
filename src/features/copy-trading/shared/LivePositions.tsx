/**
 * Open positions with live marks: each row follows its pair's ticker over the socket, and its
 * unrealized PnL and return on margin move with it (exact decimals; the server's mark until the
 * first tick arrives).
 */
import { Trans, useLingui } from '@lingui/react/macro'
import Decimal from 'decimal.js'
import { marketTickerSchema, type CopyPosition } from '#/contract/index.ts'
import { LivePrice } from '#/features/markets/index.ts'
import { quotient } from '#/lib/format/number.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { TableHead } from '#/ui/TableHead.tsx'
import { DISPLAY } from '#/app.config.ts'
import { priceOptions, usePairDigits } from './price-digits.ts'
import { useMarketStream } from '#/features/realtime/index.ts'

const SIZE_DIGITS = 5

function signed(value: Decimal | undefined) {
  return value === undefined ? '' : value.isNegative() ? 'text-down' : 'text-up'
}

function PositionRow({ position }: { position: CopyPosition }) {
  const { t } = useLingui()
  const format = useNumberFormat()
  const price = priceOptions(usePairDigits()(position.pairCode))
  const message = useMarketStream({ channel: 'ticker', biz: position.biz, pairCode: position.pairCode })
  const ticker = marketTickerSchema.safeParse(message?.data?.result)
  // Unrealized PnL is at the mark (the simulator's index it follows), not at the book's last trade.
  const mark = ticker.success ? ticker.data.mark : position.markPrice
  const side = position.side === 'long' ? 1 : -1
  const pnl = mark === null ? undefined : new Decimal(mark).minus(position.entryPrice).times(position.size).times(side)
  const roe = pnl && new Decimal(position.margin).gt(0) ? quotient(pnl, position.margin) : undefined
  return (
    <tr className="border-t border-line" data-pair={position.pairCode}>
      <th scope="row" className="px-3 py-3 text-start font-semibold">
        {position.pairCode.replace('_', '/')}{' '}
        <span
          className={`ms-1 rounded px-1.5 py-0.5 text-xs ${side === 1 ? 'bg-up/15 text-up' : 'bg-down/15 text-down'}`}
        >
          {side === 1
            ? t({ message: 'Long', context: 'position side' })
            : t({ message: 'Short', context: 'position side' })}{' '}
          {position.leverage}x
        </span>
      </th>
      <td className="px-3 py-3 text-end tabular-nums" dir="ltr">
        {format.number(position.size, { digits: SIZE_DIGITS })}
      </td>
      <td className="px-3 py-3 text-end tabular-nums" dir="ltr">
        {format.number(position.entryPrice, price)}
      </td>
      <td className="px-3 py-3 text-end" data-testid="mark">
        {mark === null ? '--' : <LivePrice value={mark} digits={price.digits} />}
        {ticker.success ? (
          <span dir="ltr" className={`ms-2 text-xs ${signed(new Decimal(ticker.data.change24h))}`}>
            {format.percent(ticker.data.change24h)}
          </span>
        ) : null}
      </td>
      <td className={`px-3 py-3 text-end tabular-nums ${signed(pnl)}`} data-testid="unrealized">
        <span dir="ltr">{pnl ? format.number(pnl.toFixed(), { digits: DISPLAY.usdtDigits, signed: true }) : '--'}</span>
      </td>
      <td className={`px-3 py-3 text-end tabular-nums ${signed(roe)}`}>
        <span dir="ltr">{roe ? format.percent(roe.toFixed()) : '--'}</span>
      </td>
    </tr>
  )
}

export function LivePositions({ positions, caption }: { positions: readonly CopyPosition[]; caption: string }) {
  if (positions.length === 0) {
    return (
      <p className="rounded-xl border border-line bg-card px-4 py-6 text-center text-sm text-muted">
        <Trans>No open positions right now.</Trans>
      </p>
    )
  }
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-card">
      <table className="w-full text-sm" data-testid="positions">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          columns={[
            { key: 'position', label: <Trans>Position</Trans> },
            { key: 'size', label: <Trans>Size</Trans>, end: true },
            { key: 'entry', label: <Trans>Entry price</Trans>, end: true },
            { key: 'mark', label: <Trans>Mark price</Trans>, end: true },
            { key: 'pnl', label: <Trans>Unrealized PnL</Trans>, end: true },
            { key: 'roe', label: <Trans>ROE</Trans>, end: true },
          ]}
        />
        <tbody>
          {positions.map((position) => (
            <PositionRow key={position.positionId} position={position} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
