/**
 * Exact decimal grids (tick and lot sizes): a price or size is an integer count of steps, turned
 * into a plain decimal string only when it is kept. Integer and string work, no Decimal, so the
 * simulator's hot loops stay fast and its strings stay exact.
 */

export interface Grid {
  /** The step as given, e.g. '0.01'. */
  step: string
  /** Decimal places of the step. */
  decimals: number
  /** The step in units of 10^-decimals (1 for '0.01', 25 for '0.25'). */
  units: number
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/

export function gridOf(step: string): Grid {
  const match = PLAIN_DECIMAL.exec(step)
  if (!match) throw new Error(`Not a plain decimal step: ${step}`)
  const fraction = (match[2] ?? '').replace(/0+$/, '')
  const units = Number(`${match[1] ?? '0'}${fraction}`)
  if (!Number.isSafeInteger(units) || units <= 0) throw new Error(`Not a positive step: ${step}`)
  return { step, decimals: fraction.length, units }
}

/** An integer number of 10^-decimals units as a plain decimal string ('672505', 1 → '67250.5'). */
export function formatUnits(units: number | bigint, decimals: number): string {
  const negative = units < 0
  const digits = String(negative ? -units : units)
  const sign = negative ? '-' : ''
  if (decimals === 0) return sign + digits
  const padded = digits.padStart(decimals + 1, '0')
  const fraction = padded.slice(-decimals).replace(/0+$/, '')
  const whole = padded.slice(0, -decimals)
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`
}

/** `count` steps of the grid as a plain decimal string. */
export function formatCount(count: number, grid: Grid): string {
  return formatUnits(count * grid.units, grid.decimals)
}

/** A non-negative decimal string as integer 10^-decimals units, rounded half up. */
export function parseUnits(value: string, decimals: number): number {
  const match = PLAIN_DECIMAL.exec(value.trim())
  if (!match) throw new Error(`Not a plain decimal: ${value}`)
  const fraction = (match[2] ?? '').padEnd(decimals, '0')
  const units = Number(`${match[1] ?? '0'}${fraction.slice(0, decimals)}`)
  const roundUp = (fraction[decimals] ?? '0') >= '5'
  return roundUp ? units + 1 : units
}

/** A non-negative decimal string as a whole number of steps (the nearest, half up). */
export function parseCount(value: string, grid: Grid): number {
  return Math.round(parseUnits(value, grid.decimals) / grid.units)
}

/** A database numeric ('67250.500000000000000000') without trailing zeros ('67250.5'). */
export function plain(value: string): string {
  if (!value.includes('.')) return value
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '')
  return trimmed === '-0' ? '0' : trimmed
}
