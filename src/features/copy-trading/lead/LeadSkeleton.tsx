/** Placeholders of the leader centre with the final sizes, so nothing moves when the data arrives. */
import { FigureGridSkeleton } from '../shared/FigureGrid.tsx'

const bar = 'animate-pulse rounded bg-sunken'

export function TableSkeleton({ rows }: { rows: number }) {
  return (
    <div className="rounded-2xl border border-line bg-card" aria-hidden="true">
      <div className="px-3 py-2">
        <div className={`h-4 w-1/3 ${bar}`} />
      </div>
      {Array.from({ length: rows }, (_, i) => (
        // One row: a 20 px line in 12 px padding, as the tables' rows.
        <div key={i} className="flex justify-between gap-4 border-t border-line px-3 py-3">
          <div className={`h-5 w-1/4 ${bar}`} />
          <div className={`h-5 w-1/5 ${bar}`} />
        </div>
      ))}
    </div>
  )
}

/** The head card of the leader centre (avatar, name, badges, links) and its figures. */
export function HeaderSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      <div className="flex items-center gap-4 rounded-2xl border border-line bg-card p-4">
        <div className={`size-16 shrink-0 rounded-full ${bar}`} />
        <div className="flex-1">
          <div className={`h-7 w-40 ${bar}`} />
          <div className={`mt-1.5 h-5 w-64 max-w-full ${bar}`} />
        </div>
      </div>
      <FigureGridSkeleton count={4} />
    </div>
  )
}

export function LeadCentreSkeleton() {
  return (
    <div className="flex flex-col gap-8" aria-busy="true" data-testid="lead-skeleton">
      <HeaderSkeleton />
      <TableSkeleton rows={3} />
    </div>
  )
}
