/**
 * A data table's header row: column labels, aligned to the start or the end (numbers), some hidden on small screens.
 */
import type { ReactNode } from 'react'

export interface Column {
  key: string
  label: ReactNode
  /** Numbers align to the end. */
  end?: boolean
  /** Shown from this breakpoint up only. */
  from?: 'sm' | 'md'
}

const visibility = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell' } as const

export function TableHead({ columns, padding = 'px-3 py-2' }: { columns: readonly Column[]; padding?: string }) {
  return (
    <thead className="text-xs text-muted">
      <tr>
        {columns.map((c) => (
          <th
            key={c.key}
            scope="col"
            className={`${padding} font-medium ${c.end ? 'text-end' : 'text-start'} ${c.from ? visibility[c.from] : ''}`}
          >
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
