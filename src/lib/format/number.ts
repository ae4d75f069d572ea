/**
 * Number display (§5, §9), decimal-exact: truncate, abbreviate with K/M/B/T/Q, fold long zero runs,
 * '--' for empty or invalid values, and the scientific-notation preference ('indent' folds and
 * abbreviates, 'normal' shows every digit).
 *
 * One rounding rule for every figure shown, full, compact (K/M/B/T/Q) and percent alike: truncated
 * toward zero to the decimals shown. §5 has abbreviations round half-up; we depart from it on
 * purpose (issue 17): half-up would show a figure with more gain or less loss than it has
 * (+0.9999 % as +1.00 %), and the compact and full forms of one figure could disagree (999,995 as
 * 1.00M next to 999,995.00); truncated, 999,995 is 999.99K. A value that truncates to zero keeps
 * its sign: −0.0059 % is −0.00 % (a small loss is still a loss), +0.004 with a sign asked is +0.00.
 *
 * Zero folding notation: in a decimal with 8 or more fractional digits, every run of 4 or more
 * zeros followed by a significant digit is written `0{n}` (n = the run's length): 0.00000123 →
 * 0.0{5}123. Trailing zeros are never folded (issue 28: 10,000.00000000 folded as 10,000.0₈ read as
 * "10,000.08"): they stand for nothing, and a figure cuts them to its rule instead (amount.ts).
 * `foldedParts` gives the pieces for an accessible rendering (the full number as its label).
 */
import Decimal from 'decimal.js'

// §9: configured once for the whole app.
Decimal.set({ precision: 20, rounding: Decimal.ROUND_HALF_UP })

/**
 * Display arithmetic (scaling by 100 or 1,000, a ratio to show): wide enough to be exact for a
 * scaling and cut toward zero when a quotient has no end, so no step before the last rounds up.
 */
const Display = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_DOWN, toExpNeg: -60, toExpPos: 60 })

export const EMPTY = '--'

export type Notation = 'indent' | 'normal'

const UNITS = ['', 'K', 'M', 'B', 'T', 'Q'] as const
/** One K: §5 abbreviates from the first unit, so 1,234 is 1.23K. */
const UNIT_STEP = 1000
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

/**
 * Cut toward zero to `digits` decimals, as a fixed string with exactly that many decimals; a
 * negative value keeps its '-' even when nothing but zeros is left.
 */
export function truncateFixed(value: Decimal, digits: number): string {
  const fixed = value.abs().toDecimalPlaces(digits, Decimal.ROUND_DOWN).toFixed(digits)
  return value.isNegative() && !value.isZero() ? `-${fixed}` : fixed
}

/** a ÷ b for display (a return on margin, minutes as hours), cut toward zero; undefined for b = 0. */
export function quotient(numerator: Decimal.Value, denominator: Decimal.Value): Decimal | undefined {
  const b = new Display(denominator)
  return b.isZero() ? undefined : new Decimal(new Display(numerator).div(b))
}

/**
 * A value read back from a chart (an axis tick, a crosshair): a float holds 15 significant digits,
 * and what lies beyond is noise, not a value to truncate (0.07 arrives as 0.06999999999999999).
 */
export function fromPlot(value: number): string {
  return Number.isFinite(value) ? new Decimal(value.toPrecision(15)).toFixed() : ''
}

/**
 * Plain fixed string → the same with runs of ≥4 fractional zeros that a significant digit follows folded (only with ≥8
 * decimals); trailing zeros stay as they are.
 */
export function foldZeros(fixed: string): string {
  const [integer, fraction] = fixed.split('.')
  if (fraction === undefined || fraction.length < FOLD_MIN_FRACTION) return fixed
  return `${integer}.${fraction.replace(new RegExp(`0{${FOLD_MIN_RUN},}(?=[1-9])`, 'g'), (run) => `0{${run.length}}`)}`
}

/** A folded text back to every digit (0.0{5}123 → 0.0000000123), for screen readers. */
export function unfoldZeros(folded: string): string {
  return folded.replace(/0\{(\d+)\}/g, (_, count: string) => '0'.repeat(Number(count)))
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
  return negative ? `-${body}` : body
}

/**
 * Abbreviates with K, M, B, T, Q, truncated toward zero to `digits` like every figure (see the top
 * of this file); values under 1,000 stay as they are. Truncation never carries into the next unit.
 */
export function abbreviate(value: Decimal, digits: number): { fixed: string; unit: string } {
  let scaled = new Display(value)
  let unit = 0
  while (scaled.abs().gte(UNIT_STEP) && unit < UNITS.length - 1) {
    scaled = scaled.div(UNIT_STEP)
    unit += 1
  }
  return { fixed: truncateFixed(new Decimal(scaled), digits), unit: UNITS[unit] ?? '' }
}

export interface NumberOptions {
  /** Decimals to show (truncated). */
  digits: number
  /** BCP-47 tag for grouping and the decimal sign. */
  tag: string
  notation?: Notation
  /**
   * Abbreviate values of 1,000 and more with K, M, B, T, Q (volumes, AUM, the figures of cards and lists) when
   * notation is 'indent'; shown with at most 2 decimals.
   */
  compact?: boolean
  /** Prefix '+' to positive values (PnL, changes). */
  signed?: boolean
  /**
   * Drop trailing zeros of the `digits` shown down to this many decimals (amounts of a coin: 0.00005 ETH at 8 digits,
   * not 0.00005000; 10,000.00 USDT with 2, not 10,000.00000000).
   */
  minDigits?: number
}

/** A fixed string without the trailing fractional zeros past `minDigits` decimals. */
export function trimZeros(fixed: string, minDigits: number): string {
  const [integer, fraction] = fixed.split('.')
  if (fraction === undefined) return fixed
  let end = fraction.length
  while (end > minDigits && fraction[end - 1] === '0') end -= 1
  return end === 0 ? (integer ?? fixed) : `${integer}.${fraction.slice(0, end)}`
}

export function formatNumber(value: Decimal.Value | null | undefined, options: NumberOptions): string {
  const d = toDecimal(value)
  if (!d) return EMPTY
  const notation = options.notation ?? 'indent'
  let text: string
  if (options.compact && notation === 'indent' && d.abs().gte(UNIT_STEP)) {
    const { fixed, unit } = abbreviate(d, Math.min(options.digits, 2))
    text = `${group(fixed, options.tag)}${unit}`
  } else {
    const cut = truncateFixed(d, options.digits)
    const fixed = options.minDigits === undefined ? cut : trimZeros(cut, options.minDigits)
    text = group(notation === 'indent' ? foldZeros(fixed) : fixed, options.tag)
  }
  return options.signed && d.gt(0) ? `+${text}` : text
}

/** A ratio (0.1234 = 12.34 %) as a percentage with its sign when asked. */
export function formatPercent(
  ratio: Decimal.Value | null | undefined,
  options: Omit<NumberOptions, 'compact'>,
): string {
  const d = toDecimal(ratio)
  if (!d) return EMPTY
  return `${formatNumber(new Decimal(new Display(d).times(100)), { ...options, notation: 'normal' })}%`
}
