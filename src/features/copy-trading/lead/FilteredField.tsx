/** A number field of a leader-centre form: filtered while typing (§5), with its unit at the end. */
import { useInputFilter } from '../../../lib/input-filters/useInputFilter.ts'
import { TextField } from '../../../ui/TextField.tsx'

export interface FilteredFieldProps {
  label: string
  name: string
  value: string
  onValue: (value: string) => void
  onBlur: () => void
  /** Already translated. */
  error: string | undefined
  filter: (value: string) => string
  /** The unit shown at the end of the field (%, USDT). */
  unit?: string
  decimals?: boolean
}

export function FilteredField({ label, name, value, onValue, onBlur, error, filter, unit, decimals = true }: FilteredFieldProps) {
  const handlers = useInputFilter(filter, onValue)
  return (
    <TextField
      label={label}
      name={name}
      inputMode={decimals ? 'decimal' : 'numeric'}
      autoComplete="off"
      // Numbers read left to right in every language.
      dir="ltr"
      value={value}
      error={error}
      end={unit ? <span className="px-2 text-sm text-muted">{unit}</span> : undefined}
      {...handlers}
      onBlur={(event) => {
        handlers.onBlur(event)
        onBlur()
      }}
    />
  )
}
