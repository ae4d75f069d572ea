/**
 * The bottom panel's lists (orders, fills, positions): a table from the small breakpoint up, and on a phone each row as
 * a card of label and value, so nothing scrolls sideways at 390 px.
 */
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { OrderSide, TradingMarket } from '#/contract/index.ts'
import { DateTime } from '#/ui/DateTime.tsx'

export interface PanelRow {
  key: string
  cells: ReactNode[]
  /** Marks a row (a copied position) with a data attribute for tests and styling. */
  tag?: string
}

export function PanelTable({
  label,
  empty,
  columns,
  rows,
}: {
  label: string
  empty: string
  /** Column headings (a heading may carry a help link); on a phone, each cell's label. */
  columns: readonly ReactNode[]
  rows: readonly PanelRow[]
}) {
  if (rows.length === 0) return <p className="px-3 py-6 text-center text-sm text-muted">{empty}</p>
  return (
    <>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-xs" aria-label={label}>
          <thead className="text-muted">
            <tr>
              {columns.map((column, index) => (
                <th key={index} scope="col" className="px-3 py-1.5 text-start font-normal whitespace-nowrap">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-line" data-row={row.tag}>
                {row.cells.map((cell, index) => (
                  <td key={index} className="px-3 py-1.5 whitespace-nowrap">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-2 px-3 sm:hidden" aria-label={label}>
        {rows.map((row) => (
          <li key={row.key} className="rounded-xl border border-line p-3 text-xs" data-row={row.tag}>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
              {row.cells.map((cell, index) =>
                columns[index] ? (
                  <div key={index} className="contents">
                    <dt className="text-muted">{columns[index]}</dt>
                    <dd className="min-w-0 text-end break-words">{cell}</dd>
                  </div>
                ) : (
                  <div key={index} className="col-span-2 flex justify-end">
                    {cell}
                  </div>
                ),
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  )
}

export function OrderTime({ ms }: { ms: number }) {
  return <DateTime at={ms} />
}

export function SideText({ side, biz }: { side: OrderSide; biz: TradingMarket }) {
  const { t } = useLingui()
  const label =
    biz === 'futures' ? (side === 'buy' ? t`Buy / long` : t`Sell / short`) : side === 'buy' ? t`Buy` : t`Sell`
  return <span className={side === 'buy' ? 'text-up' : 'text-down'}>{label}</span>
}
