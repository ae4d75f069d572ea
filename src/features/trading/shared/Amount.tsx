/**
 * A price or amount of the terminal: the reader's grouping, truncated to `digits`, tabular, left to right in every
 * language, with long zero runs folded as 0.0₅123 (§5) and read out whole.
 */
import { FoldedNumber } from '#/ui/FoldedNumber.tsx'
import { unfoldZeros } from '#/lib/format/number.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'

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
      <FoldedNumber text={text} full={unfoldZeros(text)} />
    </span>
  )
}
