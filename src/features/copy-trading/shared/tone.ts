/** The colour of a signed amount: gains up, losses down, zero and unknown values plain. */
import { toDecimal } from '#/lib/format/number.ts'

export type Tone = 'text-up' | 'text-down' | ''

export function toneOf(value: string | null | undefined): Tone {
  const d = toDecimal(value)
  if (!d || d.isZero()) return ''
  return d.isNegative() ? 'text-down' : 'text-up'
}
