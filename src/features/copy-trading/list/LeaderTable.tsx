/**
 * The leader list as a table (wide screens): TanStack Table over the loaded rows, the
 * sort owned by the URL (the server sorts; headers only ask), and rows virtualized against the
 * window once there are more than VIRTUALIZE_FROM of them. Every row has the same height, so the
 * skeleton rows and the virtual spacers match the rows they stand for.
 */
import { useLingui } from '@lingui/react/macro'
import { createColumnHelper, metaHelper, tableFeatures, useTable } from '@tanstack/react-table'
import { lazy, Suspense, useMemo, useRef, type ReactNode } from 'react'
import type { CopyBiz, leaderSortSchema, LeaderListItem, StatsPeriod } from '#/contract/index.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { Sparkline } from '#/features/markets/index.ts'
import { CopyAction, Figure, figuresOf, LeaderName, LeaderReactionButtons, type Reaction } from './LeaderFigures.tsx'
import type { SortOrder } from './leader-list.schemas.ts'
import type { FigureKey } from '../methodology/figures.texts.ts'
import { FigureInfo } from '../shared/FigureTerm.tsx'
import { toneOf } from '../shared/tone.ts'

/** Row height in px (h-16): rows, skeleton rows and virtual spacers all use it. */
const ROW_HEIGHT = 64
export const VIRTUALIZE_FROM = 100

type Sort = ReturnType<typeof leaderSortSchema.parse>

/**
 * A sortable column names its sort key and whether it starts ascending (drawdown: lowest first); a
 * figure's column, the definition its header opens.
 */
interface ColumnMeta {
  className: string
  sort?: { key: Exclude<Sort, 'newest'>; ascFirst: boolean }
  info?: { figure: FigureKey; label: string }
}

// No sorting feature: the server sorts, and the URL holds the sort the headers show and change.
const features = tableFeatures({ columnMeta: metaHelper<ColumnMeta>() })
const helper = createColumnHelper<typeof features, LeaderListItem>()

const END = 'text-end'
/** Column classes: figures align to the end; the less decisive ones appear on wider screens. */
const CLASSES = {
  trader: 'text-start',
  roi: END,
  pnl: END,
  winRate: `${END} hidden lg:table-cell`,
  drawdown: `${END} hidden lg:table-cell`,
  aum: `${END} hidden xl:table-cell`,
  followers: END,
  copierPnl: `${END} hidden xl:table-cell`,
  trend: 'hidden xl:table-cell',
  reactions: 'text-start',
  copy: 'text-end',
} as const

export interface LeaderTableProps {
  rows: LeaderListItem[]
  biz: CopyBiz
  period: StatsPeriod
  sort: Sort
  order: SortOrder
  onSort: (sort: Sort, order: SortOrder) => void
  reactionOf: (leaderId: string) => Reaction
  /** Skeleton rows to show after the rows (the first load, or the next page on its way). */
  placeholders: number
}

function useColumns(biz: CopyBiz, period: StatsPeriod, reactionOf: (leaderId: string) => Reaction) {
  const { t } = useLingui()
  const format = useNumberFormat()
  return useMemo(() => {
    // Seven cells show one leader's figures: format them once per leader.
    const formatted = new WeakMap<LeaderListItem, ReturnType<typeof figuresOf>>()
    const figures = (leader: LeaderListItem) => {
      const known = formatted.get(leader)
      if (known) return known
      const made = figuresOf(format, leader)
      formatted.set(leader, made)
      return made
    }
    const figure =
      (key: 'roi' | 'pnl' | 'copierPnl', signOf: (l: LeaderListItem) => string) => (leader: LeaderListItem) => (
        <Figure text={figures(leader)[key]} tone={toneOf(signOf(leader))} />
      )
    const plain = (key: 'winRate' | 'drawdown' | 'aum' | 'copiers') => (leader: LeaderListItem) => (
      <Figure text={figures(leader)[key]} />
    )
    const sortable = (
      id: Exclude<Sort, 'newest'>,
      header: string,
      cell: (leader: LeaderListItem) => ReactNode,
      { ascFirst = false, figure }: { ascFirst?: boolean; figure?: FigureKey } = {},
    ) =>
      helper.display({
        id,
        header,
        cell: ({ row }) => cell(row.original),
        meta: {
          className: CLASSES[id],
          sort: { key: id, ascFirst },
          ...(figure ? { info: { figure, label: header } } : {}),
        },
      })
    const fixed = (
      id: 'trader' | 'trend' | 'reactions' | 'copy',
      header: string,
      cell: (leader: LeaderListItem) => ReactNode,
    ) => helper.display({ id, header, cell: ({ row }) => cell(row.original), meta: { className: CLASSES[id] } })
    return helper.columns([
      fixed('trader', t`Trader`, (leader) => (
        <div className="w-36 xl:w-52">
          <LeaderName leader={leader} biz={biz} period={period} />
        </div>
      )),
      sortable(
        'roi',
        t`ROI`,
        figure('roi', (l) => l.stats.roi),
        { figure: 'roi' },
      ),
      sortable(
        'pnl',
        t`PnL (USDT)`,
        figure('pnl', (l) => l.stats.pnl),
        { figure: 'pnl' },
      ),
      sortable('winRate', t`Win rate`, plain('winRate'), { figure: 'winRate' }),
      sortable('drawdown', t`Max drawdown`, plain('drawdown'), { ascFirst: true, figure: 'maxDrawdown' }),
      sortable('aum', t`AUM (USDT)`, plain('aum'), { figure: 'aum' }),
      sortable('followers', t`Copiers`, plain('copiers')),
      sortable(
        'copierPnl',
        t`Copier PnL (USDT)`,
        figure('copierPnl', (l) => l.stats.copierPnl),
        { figure: 'copierPnl' },
      ),
      fixed('trend', t`ROI trend`, (leader) => {
        const nickname = leader.nickname
        return <Sparkline values={leader.sparkline} label={t`ROI trend of ${nickname}`} />
      }),
      fixed('reactions', t`Watch and rate`, (leader) => (
        <LeaderReactionButtons leader={leader} reaction={reactionOf(leader.leaderId)} />
      )),
      fixed('copy', t`Copy`, (leader) => <CopyAction leader={leader} />),
    ])
    // `t` changes with the locale: the headers follow a locale switch.
  }, [t, format, biz, period, reactionOf])
}

/** The top of the table body in page coordinates, kept up to date while the page above it changes height. */
// The virtualizer arrives only when a list grows past VIRTUALIZE_FROM rows: most lists never do.
const VirtualRows = lazy(() => import('./VirtualRows.tsx'))

const ariaSort = { asc: 'ascending', desc: 'descending' } as const

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg viewBox="0 0 10 14" className="size-3 shrink-0" aria-hidden="true">
      <path d="M5 1 9 5H1z" className={direction === 'asc' ? 'fill-current' : 'fill-current opacity-30'} />
      <path d="M5 13 1 9h8z" className={direction === 'desc' ? 'fill-current' : 'fill-current opacity-30'} />
    </svg>
  )
}

function SkeletonRow({ columns }: { columns: number }) {
  return (
    <tr className="h-16 border-t border-line" aria-hidden="true" data-testid="skeleton-row">
      <td className="px-3">
        <div className="flex items-center gap-3">
          <div className="size-9 shrink-0 animate-pulse rounded-full bg-sunken" />
          <div className="h-4 w-28 animate-pulse rounded bg-sunken" />
        </div>
      </td>
      {Array.from({ length: columns - 1 }, (_, i) => (
        <td key={i} className="px-3">
          <div className="ms-auto h-4 w-14 animate-pulse rounded bg-sunken" />
        </td>
      ))}
    </tr>
  )
}

export function LeaderTable({ rows, biz, period, sort, order, onSort, reactionOf, placeholders }: LeaderTableProps) {
  const { t } = useLingui()
  const columns = useColumns(biz, period, reactionOf)
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.leaderId })
  const tableRows = table.getRowModel().rows
  const virtual = tableRows.length > VIRTUALIZE_FROM
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const columnCount = columns.length
  const renderRow = (row: (typeof tableRows)[number]) => (
    <tr key={row.id} className="h-16 border-t border-line hover:bg-sunken/50" data-testid="leader-row">
      {row.getAllCells().map((cell) => (
        <td key={cell.id} className={`px-3 whitespace-nowrap ${cell.column.columnDef.meta?.className ?? ''}`}>
          <table.FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  )
  return (
    <div className="overflow-x-auto rounded-2xl border border-line bg-card">
      <table className="w-full text-sm" data-testid="leader-table">
        <caption className="sr-only">{t`Lead traders`}</caption>
        <thead className="text-xs text-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta
                const className = meta?.className ?? ''
                const by = meta?.sort
                const info = meta?.info
                const direction = by && by.key === sort ? order : false
                // Another column starts in its own direction; the sorted one flips.
                const next = () =>
                  by &&
                  onSort(by.key, direction ? (direction === 'asc' ? 'desc' : 'asc') : by.ascFirst ? 'asc' : 'desc')
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={by ? (direction ? ariaSort[direction] : 'none') : undefined}
                    // The header's name is the label alone, not the label and its definition's button.
                    aria-label={info?.label}
                    // A figure's header gives most of its end padding to its ⓘ: the list stays as wide as without it.
                    className={`py-3 ps-3 font-medium ${info ? 'pe-1.5' : 'pe-3'} ${className}`}
                  >
                    {by ? (
                      <span className="inline-flex items-center gap-1">
                        <button
                          type="button"
                          onClick={next}
                          className={`inline-flex items-center gap-1 hover:text-ink ${direction ? 'text-ink' : ''}`}
                        >
                          <table.FlexRender header={header} />
                          <SortIcon direction={direction} />
                        </button>
                        {info ? <FigureInfo figure={info.figure} label={info.label} /> : null}
                      </span>
                    ) : (
                      <span
                        className={
                          header.column.id === 'reactions' ||
                          header.column.id === 'copy' ||
                          header.column.id === 'trend'
                            ? 'sr-only'
                            : ''
                        }
                      >
                        <table.FlexRender header={header} />
                      </span>
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={bodyRef}>
          {virtual ? (
            <Suspense fallback={tableRows.map(renderRow)}>
              <VirtualRows
                count={tableRows.length}
                rowHeight={ROW_HEIGHT}
                columnCount={columnCount}
                bodyRef={bodyRef}
                renderRow={(index) => {
                  const row = tableRows[index]
                  return row ? renderRow(row) : null
                }}
              />
            </Suspense>
          ) : (
            tableRows.map(renderRow)
          )}
          {Array.from({ length: placeholders }, (_, i) => (
            <SkeletonRow key={i} columns={columnCount} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
