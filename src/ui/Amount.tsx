/**
 * A price or amount: the reader's grouping, truncated to `digits` (abbreviated with K…Q when `compact`), tabular, left
 * to right in every language, with long zero runs folded as 0.0₅123 (§5) and read out whole. `CoinAmount` is an amount
 * of a coin (a balance, a fee, a movement) by the one rule of DISPLAY: its significant digits at the wallets' precision.
 */
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { FoldedNumber } from './FoldedNumber.tsx'

export function Amount({
  value,
  digits,
  signed,
  compact,
  className = '',
}: {
  value: string | null | undefined
  digits: number
  signed?: boolean
  compact?: boolean
  className?: string
}) {
  const format = useNumberFormat()
  const text = format.number(value, { digits, ...(signed ? { signed } : {}), ...(compact ? { compact } : {}) })
  return <Figure text={text} className={className} />
}

export function CoinAmount({
  value,
  signed,
  className = '',
}: {
  value: string | null | undefined
  signed?: boolean
  className?: string
}) {
  const format = useNumberFormat()
  return <Figure text={format.amount(value, signed ? { signed } : {})} className={className} />
}

function Figure({ text, className }: { text: string; className: string }) {
  return (
    <span dir="ltr" className={`tabular-nums ${className}`}>
      <FoldedNumber text={text} />
    </span>
  )
}
