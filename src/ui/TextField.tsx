import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string
  /** Already translated error text; shown under the field and announced. */
  error?: string | undefined
  hint?: string
  /** Something to place inside the field at its end (a button). */
  end?: ReactNode
  /** Show a show/hide switch (password fields). */
  revealLabels?: { show: string; hide: string }
}

const input =
  'h-11 w-full rounded-xl border bg-card px-3 text-base text-ink outline-none placeholder:text-muted focus:border-brand aria-[invalid=true]:border-down'

export function TextField({ label, error, hint, end, revealLabels, type, ...rest }: TextFieldProps) {
  const id = useId()
  const [revealed, setRevealed] = useState(false)
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined
  const toggle = revealLabels ? (
    <button
      type="button"
      onClick={() => setRevealed((r) => !r)}
      className="rounded-lg px-2 py-1 text-sm text-muted hover:text-ink"
      aria-pressed={revealed}
      aria-controls={id}
    >
      {revealed ? revealLabels.hide : revealLabels.show}
    </button>
  ) : null
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {/* The end button follows the input's own direction (an LTR email field in an RTL page). */}
      <div className="relative flex items-center" dir={rest.dir}>
        <input
          id={id}
          type={revealLabels && revealed ? 'text' : type}
          className={`${input} border-line ${end || toggle ? 'pe-28' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
        {end || toggle ? (
          <div className="absolute end-1.5 flex items-center gap-1">
            {toggle}
            {end}
          </div>
        ) : null}
      </div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-down" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
