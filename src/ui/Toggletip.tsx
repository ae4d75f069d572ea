/**
 * A toggletip: a button that shows a small panel beside it (a definition, a link). A click, a tap or
 * Enter opens it; Escape, a click elsewhere or the button again closes it (the popover API's light
 * dismiss). The panel lives in the top layer, so no scrolling table or truncated card clips it, and
 * it is rendered only while open, so a list of many rows carries one button per figure and no
 * hidden text.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

/** Space between the button and the panel, and the least space kept to the edges of the screen (px). */
const GAP = 6
const EDGE = 8

/** Under the button (above when there is no room below), its start edge on the button's, kept on screen. */
function place(button: HTMLElement, panel: HTMLElement) {
  const anchor = button.getBoundingClientRect()
  const { width, height } = panel.getBoundingClientRect()
  const rtl = getComputedStyle(button).direction === 'rtl'
  const start = rtl ? anchor.right - width : anchor.left
  const left = Math.max(EDGE, Math.min(start, window.innerWidth - width - EDGE))
  const roomBelow = anchor.bottom + GAP + height + EDGE <= window.innerHeight
  const top = roomBelow || anchor.top - GAP - height < EDGE ? anchor.bottom + GAP : anchor.top - GAP - height
  panel.style.left = `${left}px`
  panel.style.top = `${top}px`
  // Hidden (the class) until placed, so it never shows a frame at the popover's default place.
  panel.style.visibility = 'visible'
}

export interface ToggletipProps {
  /** What the button shows: a term, or an icon (then give it `label`). */
  trigger: ReactNode
  /** The button's accessible name when `trigger` has no text of its own. */
  label?: string
  triggerClassName?: string
  /** The panel's content, rendered while it is open. */
  children: ReactNode
  testId?: string
}

export function Toggletip({ trigger, label, triggerClassName = '', children, testId }: ToggletipProps) {
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLSpanElement>(null)
  const [open, setOpen] = useState(false)
  // A press on the button while open first light-dismisses the panel: the click that follows must not reopen it.
  const dismissedByPress = useRef(false)

  // The panel exists only while open: shown in the top layer and placed once its content is in.
  useLayoutEffect(() => {
    const element = panel.current
    if (!open || !button.current || !element) return
    element.showPopover()
    place(button.current, element)
  }, [open])

  // A fixed panel does not scroll with its button: follow it while open.
  useEffect(() => {
    if (!open) return
    const follow = () => {
      if (button.current && panel.current) place(button.current, panel.current)
    }
    window.addEventListener('scroll', follow, { capture: true, passive: true })
    window.addEventListener('resize', follow)
    return () => {
      window.removeEventListener('scroll', follow, { capture: true })
      window.removeEventListener('resize', follow)
    }
  }, [open])

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onPointerDown={() => {
          dismissedByPress.current = open
        }}
        onClick={() => {
          if (dismissedByPress.current) dismissedByPress.current = false
          else setOpen((was) => !was)
        }}
        className={triggerClassName}
        data-testid={testId}
      >
        {trigger}
      </button>
      {open ? (
        // A span: the button may sit in a <p> or a <dt>, where a <div> may not.
        <span
          ref={panel}
          id={id}
          popover="auto"
          onToggle={(event) => {
            if (event.newState === 'closed') setOpen(false)
          }}
          className="invisible m-0 w-max max-w-[min(20rem,calc(100vw-1rem))] rounded-xl border border-line bg-card p-3 text-start text-sm font-normal tracking-normal whitespace-normal text-ink normal-case shadow-lg inset-auto"
          data-testid={testId ? `${testId}-panel` : undefined}
        >
          {children}
        </span>
      ) : null}
    </>
  )
}
