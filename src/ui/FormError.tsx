import type { ReactNode } from 'react'

/** A form-level refusal, announced to screen readers. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-xl border border-down/40 bg-down/10 px-3 py-2 text-sm text-down"
      data-testid="form-error"
    >
      {children}
    </p>
  )
}

/** A primary submit button, disabled while its form is submitting (nothing is sent twice). */
export function SubmitButton({
  pending,
  children,
  className = '',
}: {
  pending: boolean
  children: ReactNode
  className?: string
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`h-11 rounded-xl bg-brand px-6 font-semibold text-brand-contrast hover:opacity-90 disabled:opacity-60 ${className}`}
    >
      {children}
    </button>
  )
}

/** A form the browser does not validate on its own (the fields explain their errors) that submits once per press. */
export function Form({
  onSubmit,
  className = '',
  children,
}: {
  onSubmit: () => Promise<void>
  className?: string
  children: ReactNode
}) {
  return (
    <form
      noValidate
      className={className}
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      {children}
    </form>
  )
}
