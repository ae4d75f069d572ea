import { useEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react'
import { LAYERS } from '#/app.config.ts'
import { usePopupLayer } from './layers.ts'

export interface DraggableDialogProps {
  open: boolean
  onClose: () => void
  title: string
  closeLabel: string
  children: ReactNode
}

/** Keeps a dialog of the given size inside the viewport, below the top offset (§9: 64 px). */
export function clampPosition(
  x: number,
  y: number,
  width: number,
  height: number,
  viewport: { width: number; height: number },
) {
  return {
    x: Math.min(Math.max(0, x), Math.max(0, viewport.width - width)),
    y: Math.min(Math.max(LAYERS.dialogTopOffsetPx, y), Math.max(LAYERS.dialogTopOffsetPx, viewport.height - height)),
  }
}

/**
 * A modal dialog (native <dialog>: focus trapped, Escape closes) that moves only by its handle,
 * stays inside the viewport and takes the next popup layer.
 */
export function DraggableDialog({ open, onClose, title, closeLabel, children }: DraggableDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const drag = useRef<{ dx: number; dy: number } | undefined>(undefined)
  const [position, setPosition] = useState<{ x: number; y: number }>()
  const zIndex = usePopupLayer(open)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const rect = ref.current?.getBoundingClientRect()
    if (!rect) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { dx: event.clientX - rect.left, dy: event.clientY - rect.top }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const rect = ref.current?.getBoundingClientRect()
    if (!drag.current || !rect) return
    setPosition(
      clampPosition(event.clientX - drag.current.dx, event.clientY - drag.current.dy, rect.width, rect.height, {
        width: window.innerWidth,
        height: window.innerHeight,
      }),
    )
  }

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="dialog-title"
      className="m-0 w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-card p-0 text-ink shadow-2xl backdrop:bg-black/40"
      style={{
        zIndex,
        // Physical left: centring and dragging work the same in right-to-left pages.
        // The user agent's dialog style sets right: 0, which in a right-to-left page wins over left.
        left: position ? `${position.x}px` : '50%',
        right: 'auto',
        top: `${position?.y ?? LAYERS.dialogTopOffsetPx}px`,
        translate: position ? undefined : '-50% 0',
      }}
    >
      <div
        className="flex cursor-move touch-none items-center justify-between gap-2 border-b border-line px-4 py-3 select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = undefined)}
        data-testid="dialog-handle"
      >
        <h2 id="dialog-title" className="font-semibold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="grid size-8 place-items-center rounded-lg text-muted hover:bg-sunken"
        >
          ✕
        </button>
      </div>
      <div className="p-4">{children}</div>
    </dialog>
  )
}
