/**
 * Labelled figures: a grid of small cards (totals, statistics) with its skeleton of the same size, and a compact list
 * inside a card.
 */
import type { FigureKey } from '../methodology/figures.texts.ts'
import { FigureTerm } from './FigureTerm.tsx'
import type { Tone } from './tone.ts'

export interface Figure {
  label: string
  value: string
  tone?: Tone
  /** The figure's definition, opened from its label. */
  info?: FigureKey
  /** A short mark after the value ('New': the figure rests on less than a week of history). */
  badge?: string
}

function Badge({ text }: { text: string | undefined }) {
  if (!text) return null
  return (
    <span
      className="ms-2 rounded bg-sunken px-1.5 py-0.5 align-middle text-xs font-medium text-muted"
      data-testid="figure-badge"
    >
      {text}
    </span>
  )
}

function Label({ figure }: { figure: Figure }) {
  return figure.info ? <FigureTerm figure={figure.info}>{figure.label}</FigureTerm> : figure.label
}

const grid = 'grid grid-cols-2 gap-3 sm:grid-cols-3'
/** Six in a row on wide screens, unless the grid shares the row with a side panel. */
const wide = 'lg:grid-cols-6'
const card = 'rounded-xl border border-line bg-card p-4'

export function FigureGrid({
  figures,
  testId,
  narrow = false,
}: {
  figures: readonly Figure[]
  testId?: string
  narrow?: boolean
}) {
  return (
    <dl className={`${grid} ${narrow ? '' : wide}`} data-testid={testId}>
      {figures.map((f) => (
        <div key={f.label} className={card}>
          <dt className="truncate text-xs text-muted">
            <Label figure={f} />
          </dt>
          <dd className={`mt-1 truncate text-lg font-semibold tabular-nums ${f.tone ?? ''}`}>
            <span dir="ltr">{f.value}</span>
            <Badge text={f.badge} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** Placeholder cards with the final height (label line + value line), so nothing moves when the figures arrive. */
export function FigureGridSkeleton({ count, narrow = false }: { count: number; narrow?: boolean }) {
  return (
    <div className={`${grid} ${narrow ? '' : wide}`} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={card}>
          <div className="h-4 w-2/3 animate-pulse rounded bg-sunken" />
          <div className="mt-1 h-7 w-1/2 animate-pulse rounded bg-sunken" />
        </div>
      ))}
    </div>
  )
}

/** Small labelled figures inside a card (a copy, a wallet, a trade); `columns` sets the grid's columns. */
export function FigureList({ figures, columns }: { figures: readonly Figure[]; columns: string }) {
  return (
    <dl className={`grid gap-2 text-sm ${columns}`}>
      {figures.map((f) => (
        <div key={f.label}>
          <dt className="text-xs text-muted">
            <Label figure={f} />
          </dt>
          <dd className={`tabular-nums ${f.tone ?? ''}`}>
            <span dir="ltr">{f.value}</span>
            <Badge text={f.badge} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
