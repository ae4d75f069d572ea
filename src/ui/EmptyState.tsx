import type { ReactNode } from 'react'

export interface EmptyStateProps {
  title: string
  description: string
  action?: ReactNode
}

export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <section
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-sunken/60 px-6 py-14 text-center"
      data-testid="empty-state"
    >
      <svg
        viewBox="0 0 48 48"
        className="size-12 text-muted"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <rect x="8" y="12" width="32" height="26" rx="4" />
        <path d="M8 20h32M18 28h12" />
      </svg>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted">{description}</p>
      {action}
    </section>
  )
}
