/**
 * A price or amount: the reader's grouping, truncated to `digits` (abbreviated with K…Q when `compact`), tabular, left
 * to right in every language, with long zero runs folded as 0.0₅123 (§5) and read out whole.
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
  return (
    <span dir="ltr" className={`tabular-nums ${className}`}>
      <FoldedNumber text={text} />
    </span>
  )
}
