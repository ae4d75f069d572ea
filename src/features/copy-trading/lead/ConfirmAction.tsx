/**
 * A button that asks first: the dialog says what will happen, and its confirm button stays
 * disabled while the action runs (nothing is sent twice). The dialog closes when the action ends.
 */
import { useLingui } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { DraggableDialog } from '#/ui/DraggableDialog.tsx'
import { useSingleFlight } from '#/ui/useSingleFlight.ts'

export interface ConfirmActionProps {
  /** The button's text (and the confirm button's). */
  label: string
  /** The dialog's title. */
  title: string
  children: ReactNode
  pending: boolean
  onConfirm: () => Promise<unknown>
  /** Names the button for screen readers where its text alone is not enough ('Remove' whom). */
  accessibleLabel?: string
  testId?: string
  tone?: 'danger' | 'quiet'
}

export function ConfirmAction({
  label,
  title,
  children,
  pending,
  onConfirm,
  accessibleLabel,
  testId,
  tone = 'danger',
}: ConfirmActionProps) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const flight = useSingleFlight()
  const look = tone === 'danger' ? 'border-down text-down hover:bg-down/10' : 'border-line hover:bg-sunken'
  return (
    <>
      <button
        type="button"
        disabled={pending}
        aria-label={accessibleLabel}
        onClick={() => setOpen(true)}
        data-testid={testId}
        className={`rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:opacity-50 ${look}`}
      >
        {label}
      </button>
      {open ? (
        // Rendered only while open: one dialog (and one title id) on the page at a time.
        <DraggableDialog open onClose={() => setOpen(false)} title={title} closeLabel={t`Close`}>
          <div className="flex flex-col gap-4 text-sm">
            {children}
            <div className="flex flex-wrap justify-end gap-2">
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="rounded-lg border border-line px-4 py-2 font-semibold hover:bg-sunken"
              >
                {t`Cancel`}
              </button>
              <button
                type="button"
                disabled={pending || flight.busy}
                data-testid={testId ? `${testId}-confirm` : undefined}
                onClick={() => void flight.run(onConfirm).finally(() => setOpen(false))}
                className="rounded-lg bg-down px-4 py-2 font-semibold text-on-down hover:opacity-90 disabled:opacity-50"
              >
                {label}
              </button>
            </div>
          </div>
        </DraggableDialog>
      ) : null}
    </>
  )
}
