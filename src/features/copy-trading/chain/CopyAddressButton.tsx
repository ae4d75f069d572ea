import { useLingui } from '@lingui/react/macro'
import { notify } from '#/ui/toast.ts'

/** Puts a wallet address on the clipboard, and says so. */
export function CopyAddressButton({ address, className = '' }: { address: string; className?: string }) {
  const { t } = useLingui()
  const label = t`Copy the address`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      notify(t`Address copied.`)
    } catch {
      notify(t`The address could not be copied.`, 'error')
    }
  }
  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={label}
      title={label}
      data-testid="copy-address"
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-sunken hover:text-ink ${className}`}
    >
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <rect x="9" y="9" width="11" height="11" rx="2" />
        <path d="M5 15V6a2 2 0 0 1 2-2h9" />
      </svg>
    </button>
  )
}
