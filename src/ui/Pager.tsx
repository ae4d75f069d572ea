import { Trans, useLingui } from '@lingui/react/macro'

export interface PagerProps {
  page: number
  pageSize: number
  total: number
  /** What the pages hold, for the navigation's accessible name. */
  label: string
  busy?: boolean
  onPage: (page: number) => void
}

const button = 'rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-sunken disabled:opacity-40'

/** Previous / next between the pages of a list; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, label, busy = false, onPage }: PagerProps) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 text-sm">
      <button type="button" className={button} disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
        <Trans>Previous</Trans>
      </button>
      <span className="text-muted" aria-live="polite">{t`Page ${page} of ${pages}`}</span>
      <button type="button" className={button} disabled={busy || page >= pages} onClick={() => onPage(page + 1)}>
        <Trans>Next</Trans>
      </button>
    </nav>
  )
}
