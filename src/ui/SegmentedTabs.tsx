export interface SegmentedTabsProps<T extends string> {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (value: T) => void
}

/** A two-or-three-way switch (email / mobile), keyboard-operable as radio buttons. */
export function SegmentedTabs<T extends string>({ label, value, options, onChange }: SegmentedTabsProps<T>) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex rounded-xl bg-sunken p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          onClick={() => onChange(option.value)}
          className="rounded-lg px-4 py-1.5 text-sm font-medium whitespace-nowrap text-muted aria-checked:bg-card aria-checked:text-ink aria-checked:shadow-sm"
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
