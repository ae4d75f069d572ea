/**
 * A number field (an amount, a percentage, a count) filtered while typing by the §5 input filters,
 * optionally clamped once more when it loses focus, shown left to right in every language, with
 * its unit at the end.
 */
import type { ReactNode } from 'react'
import { useInputFilter } from '../lib/input-filters/useInputFilter.ts'
import { TextField } from './TextField.tsx'

export interface NumberFieldProps {
  name: string
  label: string
  value: string
  /** Applied to every change while typing. */
  filter: (value: string) => string
  /** Applied when the field loses focus (a final clamp to the minimum, say). */
  onBlurFilter?: ((value: string) => string) | undefined
  onValue: (value: string) => void
  onBlur: () => void
  /** What follows the number: 'USDT', '%', or a small button. */
  unit?: ReactNode
  hint?: string | undefined
  /** Already translated. */
  error?: string | undefined
  /** False: whole numbers only (the numeric keyboard). */
  decimals?: boolean
}

export function NumberField({
  name,
  label,
  value,
  filter,
  onBlurFilter,
  onValue,
  onBlur,
  unit,
  hint,
  error,
  decimals = true,
}: NumberFieldProps) {
  const handlers = useInputFilter(filter, onValue, { onBlurFilter })
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      error={error}
      value={value}
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      // Numbers read left to right in every language.
      dir="ltr"
      data-testid={`field-${name}`}
      end={typeof unit === 'string' ? <span className="pe-2 text-sm text-muted">{unit}</span> : unit}
      {...handlers}
      onBlur={(event) => {
        handlers.onBlur(event)
        onBlur()
      }}
    />
  )
}
