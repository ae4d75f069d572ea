/**
 * Money and sizes are decimal strings end to end (ARCHITECTURE.md): formatting never goes through
 * a JS number. Truncates (never rounds up) to the given digits and groups digits per locale.
 */
import Decimal from 'decimal.js'

Decimal.set({ precision: 20, rounding: Decimal.ROUND_HALF_UP })

export const EMPTY = '--'

function separators(tag: string): { decimal: string } {
  const parts = new Intl.NumberFormat(tag).formatToParts(1.5)
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' }
}

export function formatDecimal(value: string | null | undefined, digits: number, tag: string): string {
  if (value === null || value === undefined || value.trim() === '') return EMPTY
  let amount: Decimal
  try {
    amount = new Decimal(value)
  } catch {
    return EMPTY
  }
  if (!amount.isFinite()) return EMPTY
  const fixed = amount.toDecimalPlaces(digits, Decimal.ROUND_DOWN).toFixed(digits)
  const negative = fixed.startsWith('-')
  const [integer = '0', fraction] = fixed.replace('-', '').split('.')
  const grouped = new Intl.NumberFormat(tag, { useGrouping: true }).format(BigInt(integer))
  const text = fraction ? `${grouped}${separators(tag).decimal}${fraction}` : grouped
  return negative && !/^[0.,\s]*$/.test(fixed.replace('-', '')) ? `-${text}` : text
}
