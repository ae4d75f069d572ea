import { Trans } from '@lingui/react/macro'

export interface ErrorStateProps {
  message: string
  onRetry: () => void
  retrying?: boolean
}

/** A part of the page that could not be loaded, with a retry that stays disabled while it runs. */
export function ErrorState({ message, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-line bg-card p-6"
      data-testid="error-state"
    >
      <p>{message}</p>
      <button
        type="button"
        disabled={retrying}
        onClick={onRetry}
        className="rounded-lg border border-line px-4 py-2 text-sm font-semibold hover:bg-sunken disabled:opacity-50"
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  )
}
