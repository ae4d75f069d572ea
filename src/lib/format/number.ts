/**
 * Number display (§5, §9), decimal-exact: truncate (never round up), abbreviate with K/M/B/T/Q
 * (half-up), fold long zero runs, '--' for empty or invalid values, and the scientific-notation
 * preference ('indent' folds and abbreviates, 'normal' shows every digit).
 *
 * Zero folding notation: in a decimal with 8 or more fractional digits, every run of 4 or more
 * zeros is written `0{n}` (n = the run's length): 0.00000123 → 0.0{5}123. `foldedParts` gives the
 * pieces for an accessible rendering (the full number as its label).
 */
import Decimal from 'decimal.js'

// §9: configured once for the whole app.
Decimal.set({ precision: 20, rounding: Decimal.ROUND_HALF_UP })

export const EMPTY = '--'

export type Notation = 'indent' | 'normal'

const UNITS = ['', 'K', 'M', 'B', 'T', 'Q'] as const
const FOLD_MIN_FRACTION = 8
const FOLD_MIN_RUN = 4

export function toDecimal(value: Decimal.Value | null | undefined): Decimal | undefined {
  if (value === null || value === undefined || value === '') return undefined
  try {
    const d = new Decimal(value)
    return d.isFinite() ? d : undefined
  } catch {
    return undefined
  }
}

/** Round down to `digits` decimals (toward zero), as a fixed string with exactly that many decimals. */
export function truncateFixed(value: Decimal, digits: number): string {
  return value.toDecimalPlaces(digits, Decimal.ROUND_DOWN).toFixed(digits)
}

/** Plain fixed string → the same with runs of ≥4 fractional zeros folded (only with ≥8 decimals). */
export function foldZeros(fixed: string): string {
  const [integer, fraction] = fixed.split('.')
  if (fraction === undefined || fraction.length < FOLD_MIN_FRACTION) return fixed
  return `${integer}.${fraction.replace(new RegExp(`0{${FOLD_MIN_RUN},}`, 'g'), (run) => `0{${run.length}}`)}`
}

export type FoldedPart = { text: string } | { zeros: number }

/** `0.0{5}123` as parts, for a renderer that draws the count small. */
export function foldedParts(folded: string): FoldedPart[] {
  return folded
    .split(/(0\{\d+\})/)
    .filter(Boolean)
    .map((part) => {
      const zeros = /^0\{(\d+)\}$/.exec(part)
      return zeros ? { zeros: Number(zeros[1]) } : { text: part }
    })
}

/** Intl formatters are costly to build: one per locale, reused. */
const localeFormats = new Map<string, { format: Intl.NumberFormat; decimal: string }>()

function localeFormat(tag: string) {
  let entry = localeFormats.get(tag)
  if (!entry) {
    const format = new Intl.NumberFormat(tag)
    entry = { format, decimal: format.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.' }
    localeFormats.set(tag, entry)
  }
  return entry
}

function group(fixed: string, tag: string): string {
  const negative = fixed.startsWith('-')
  const [integer = '0', fraction] = fixed.replace('-', '').split('.')
  const { format, decimal } = localeFormat(tag)
  const grouped = format.format(BigInt(integer))
  const body = fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`
  const zero = /^[0.]*$/.test(fixed.replace('-', '').replace(/\{\d+\}/g, ''))
  return negative && !zero ? `-${body}` : body
}

/** Abbreviates with K, M, B, T, Q (half-up to `digits`); values under 1,000 stay as they are. */
export function abbreviate(value: Decimal, digits: number): { fixed: string; unit: string } {
  let scaled = value
  let unit = 0
  while (scaled.abs().gte(1000) && unit < UNITS.length - 1) {
    scaled = scaled.div(1000)
    unit += 1
  }
  let fixed = scaled.toDecimalPlaces(digits, Decimal.ROUND_HALF_UP)
  // 999.995K rounds to 1000.00K: carry into the next unit.
  if (fixed.abs().gte(1000) && unit < UNITS.length - 1) {
    fixed = fixed.div(1000).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP)
    unit += 1
  }
  return { fixed: fixed.toFixed(digits), unit: UNITS[unit] ?? '' }
}

export interface NumberOptions {
  /** Decimals to show (truncated). */
  digits: number
  /** BCP-47 tag for grouping and the decimal sign. */
  tag: string
  notation?: Notation
  /** Abbreviate values of 1,000,000 and more (volumes, AUM) when notation is 'indent'. */
  compact?: boolean
  /** Prefix '+' to positive values (PnL, changes). */
  signed?: boolean
}

const COMPACT_FROM = new Decimal(1_000_000)

export function formatNumber(value: Decimal.Value | null | undefined, options: NumberOptions): string {
  const d = toDecimal(value)
  if (!d) return EMPTY
  const notation = options.notation ?? 'indent'
  let text: string
  if (options.compact && notation === 'indent' && d.abs().gte(COMPACT_FROM)) {
    const { fixed, unit } = abbreviate(d, Math.min(options.digits, 2))
    text = `${group(fixed, options.tag)}${unit}`
  } else {
    const fixed = truncateFixed(d, options.digits)
    text = group(notation === 'indent' ? foldZeros(fixed) : fixed, options.tag)
  }
  return options.signed && d.gt(0) && !/^[0.,\s]*$/.test(text) ? `+${text}` : text
}

/** A ratio (0.1234 = 12.34 %) as a percentage with its sign when asked. */
export function formatPercent(
  ratio: Decimal.Value | null | undefined,
  options: Omit<NumberOptions, 'compact'>,
): string {
  const d = toDecimal(ratio)
  if (!d) return EMPTY
  return `${formatNumber(d.times(100), { ...options, notation: 'normal' })}%`
}
