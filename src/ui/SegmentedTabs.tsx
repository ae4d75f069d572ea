/**
 * A two-to-six-way switch (email / mobile, limit / market / stop, a chart's interval): a radio group (Base UI), so
 * arrow keys move the choice and only the chosen option is a tab stop; right to left mirrored.
 */
import { Radio } from '@base-ui/react/radio'
import { RadioGroup } from '@base-ui/react/radio-group'

export interface SegmentedTabsProps<T extends string> {
  label: string
  value: T
  /** A disabled option cannot be chosen; `describedBy` names the element that says why. */
  options: ReadonlyArray<{ value: T; label: string; disabled?: boolean; describedBy?: string }>
  onChange: (value: T) => void
  /** Small: the terminal's dense rows. */
  size?: 'normal' | 'small'
}

// Four options in Russian fit a 390 px phone only with the narrower padding below the sm breakpoint.
const SIZES = { normal: 'px-3 py-1.5 text-sm sm:px-4', small: 'px-2 py-0.5 text-xs' } as const

export function SegmentedTabs<T extends string>({
  label,
  value,
  options,
  onChange,
  size = 'normal',
}: SegmentedTabsProps<T>) {
  return (
    <RadioGroup
      aria-label={label}
      value={value}
      onValueChange={(next) => {
        const found = options.find((option) => option.value === next)
        if (found) onChange(found.value)
      }}
      className={`inline-flex rounded-xl bg-sunken ${size === 'small' ? 'p-0.5' : 'p-1'}`}
    >
      {options.map((option) => (
        <Radio.Root
          key={option.value}
          value={option.value}
          disabled={option.disabled}
          aria-describedby={option.describedBy}
          nativeButton
          render={<button type="button" />}
          className={`rounded-lg font-medium whitespace-nowrap text-muted data-checked:bg-card data-checked:text-ink data-checked:shadow-sm data-disabled:cursor-not-allowed data-disabled:opacity-50 ${SIZES[size]}`}
        >
          {option.label}
        </Radio.Root>
      ))}
    </RadioGroup>
  )
}
