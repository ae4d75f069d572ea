/**
 * Table rows virtualized against the window (past VIRTUALIZE_FROM rows): only the rows on screen
 * are in the page, with spacer rows of the right height before and after. Loaded on demand, so a
 * list that never grows that long never downloads the virtualizer.
 */
import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useState, type ReactNode, type RefObject } from 'react'

/** Where the table body starts on the page: the virtualizer measures rows from the page's top. */
function usePageTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0)
  useEffect(() => {
    const node = ref.current
    if (!node) return
    const observer = new ResizeObserver(() => setTop(node.getBoundingClientRect().top + window.scrollY))
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [ref])
  return top
}

export interface VirtualRowsProps {
  count: number
  rowHeight: number
  columnCount: number
  bodyRef: RefObject<HTMLTableSectionElement | null>
  /** The row at an index, with its key. */
  renderRow: (index: number) => ReactNode
}

export default function VirtualRows({ count, rowHeight, columnCount, bodyRef, renderRow }: VirtualRowsProps) {
  const scrollMargin = usePageTop(bodyRef)
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => rowHeight, overscan: 8, scrollMargin })
  const items = virtualizer.getVirtualItems()
  const before = items[0] ? items[0].start - scrollMargin : 0
  const after = items.length ? virtualizer.getTotalSize() - ((items.at(-1)?.end ?? 0) - scrollMargin) : 0
  return (
    <>
      {before > 0 ? (
        <tr aria-hidden="true" style={{ height: before }}>
          <td colSpan={columnCount} />
        </tr>
      ) : null}
      {items.map((item) => renderRow(item.index))}
      {after > 0 ? (
        <tr aria-hidden="true" style={{ height: after }}>
          <td colSpan={columnCount} />
        </tr>
      ) : null}
    </>
  )
}
