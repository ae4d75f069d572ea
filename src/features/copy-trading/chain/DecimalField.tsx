/** A text field for an amount or a percentage, filtered while typing (§5 input filters) and shown left to right. */
import { useInputFilter } from '../../../lib/input-filters/useInputFilter.ts'
import { TextField } from '../../../ui/TextField.tsx'

export interface DecimalFieldProps {
  name: string
  label: string
  /** What follows the number: 'USDT', '%'. */
  unit: string
  value: string
  filter: (value: string) => string
  /** Applied when the field loses focus (a final clamp). */
  onBlurFilter?: (value: string) => string
  onValue: (value: string) => void
  onBlur: () => void
  hint?: string
  error?: string | undefined
}

export function DecimalField({ name, label, unit, value, filter, onBlurFilter, onValue, onBlur, hint, error }: DecimalFieldProps) {
  const handlers = useInputFilter(filter, onValue, { onBlurFilter })
  return (
    <TextField
      name={name}
      label={label}
      hint={hint}
      error={error}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      data-testid={`field-${name}`}
      end={<span className="pe-2 text-sm text-muted">{unit}</span>}
      onChange={handlers.onChange}
      onCompositionStart={handlers.onCompositionStart}
      onCompositionEnd={handlers.onCompositionEnd}
      onBlur={(event) => {
        handlers.onBlur(event)
        onBlur()
      }}
    />
  )
}
