/**
 * A number field (an amount, a price, a percentage, a count): both "," and "." are its decimal point, any keyboard's
 * digits are read, and what it cannot take is refused with a message here, never dropped (src/lib/input-filters:
 * readNumber and the departure from §5 written beside it). Nothing is clamped: the form refuses a value outside its
 * range on submit, naming the limit. Shown left to right in every language, with its unit at the end.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { NumberRefusal } from '../lib/input-filters/filters.ts'
import { useNumberInput } from '../lib/input-filters/useNumberInput.ts'
import { TextField } from './TextField.tsx'

export interface NumberFieldProps {
  name: string
  label: string
  /** The number the form holds, as a plain decimal ('0.5'); '' for none. */
  value: string
  /** The field's precision: decimals it takes (0: whole numbers, the numeric keyboard). */
  decimals: number
  /** The plain decimal the user typed ('0,5' → '0.5'), on every accepted change. */
  onValue: (value: string) => void
  onBlur: () => void
  /** What follows the number: 'USDT', '%', or a small button. */
  unit?: ReactNode
  hint?: string | undefined
  /** Already translated. */
  error?: string | undefined
}

export function NumberField({ name, label, value, decimals, onValue, onBlur, unit, hint, error }: NumberFieldProps) {
  const { i18n } = useLingui()
  const { refusal, settle, inputProps } = useNumberInput(value, decimals, onValue)
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      error={refusal ? refusalText(i18n, refusal, decimals) : error}
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      // Numbers read left to right in every language.
      dir="ltr"
      data-testid={`field-${name}`}
      end={typeof unit === 'string' ? <span className="pe-2 text-sm text-muted">{unit}</span> : unit}
      {...inputProps}
      onBlur={() => {
        settle()
        onBlur()
      }}
    />
  )
}

const REFUSALS: Record<Exclude<NumberRefusal, 'decimals'>, MessageDescriptor> = {
  minus: msg`A minus sign cannot be typed here.`,
  exponent: msg`Type the number in full: an exponent (e) cannot be typed here.`,
  'not-a-digit': msg`Only digits and one decimal point can be typed here.`,
  'second-point': msg`This number already has a decimal point.`,
  grouping: msg`Type the number without thousands separators.`,
  whole: msg`Whole numbers only here.`,
}

function refusalText(i18n: I18n, refusal: NumberRefusal, decimals: number): string {
  if (refusal === 'decimals') return i18n._(msg`Decimal places allowed here: ${decimals}.`)
  return i18n._(REFUSALS[refusal])
}
