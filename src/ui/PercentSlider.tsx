/**
 * A share of something, 0–100 %, by dragging (Base UI's slider: keyboard, touch, right to left) or by its stops
 * (25 / 50 / 75 / 100 %). `label` names it for screen readers.
 */
import { Slider } from '@base-ui/react/slider'

export interface PercentSliderProps {
  label: string
  value: number
  stops: readonly number[]
  onChange: (percent: number) => void
  disabled?: boolean
}

export function PercentSlider({ label, value, stops, onChange, disabled = false }: PercentSliderProps) {
  return (
    <div className="flex flex-col gap-1">
      <Slider.Root
        value={value}
        min={0}
        max={100}
        step={1}
        largeStep={25}
        disabled={disabled}
        onValueChange={(next: number | readonly number[]) => onChange(typeof next === 'number' ? next : (next[0] ?? 0))}
      >
        <Slider.Control className="flex w-full touch-none items-center py-2 select-none data-disabled:opacity-50">
          <Slider.Track className="h-1 w-full rounded bg-line">
            <Slider.Indicator className="rounded bg-brand" />
            <Slider.Thumb
              aria-label={label}
              getAriaValueText={(formatted) => `${formatted} %`}
              className="size-4 rounded-full border-2 border-brand bg-card has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
            />
          </Slider.Track>
        </Slider.Control>
      </Slider.Root>
      <div className="flex justify-between gap-1">
        {stops.map((stop) => (
          <button
            key={stop}
            type="button"
            disabled={disabled}
            onClick={() => onChange(stop)}
            aria-pressed={value === stop}
            className="flex-1 rounded-md border border-line px-1 py-0.5 text-xs text-muted hover:border-brand hover:text-ink aria-pressed:border-brand aria-pressed:text-ink disabled:opacity-50"
          >
            <span dir="ltr">{stop}%</span>
          </button>
        ))}
      </div>
    </div>
  )
}
