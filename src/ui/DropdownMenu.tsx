/**
 * A menu behind a button (Base UI: arrow keys, typeahead, Escape, focus back to the button, right to left). Its items
 * are `MenuLink`s (a router link: pass it as `render`) or plain actions.
 */
import { Menu } from '@base-ui/react/menu'
import type { ReactElement, ReactNode } from 'react'

const item =
  'flex w-full cursor-default items-center gap-2 rounded-lg px-3 py-2 text-sm text-ink outline-none select-none data-highlighted:bg-sunken'

export function DropdownMenu({
  trigger,
  label,
  className = '',
  children,
}: {
  trigger: ReactNode
  /** The button's accessible name when its content does not say it. */
  label?: string
  className?: string
  children: ReactNode
}) {
  return (
    <Menu.Root>
      <Menu.Trigger aria-label={label} className={className}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Positioner sideOffset={6} align="start" className="z-50 outline-none">
          <Menu.Popup className="max-h-[70dvh] min-w-44 overflow-y-auto rounded-xl border border-line bg-card p-1 shadow-lg outline-none">
            {children}
          </Menu.Popup>
        </Menu.Positioner>
      </Menu.Portal>
    </Menu.Root>
  )
}

/** A menu item that navigates: `render` is the link (a LocaleLink with its route), its content the label. */
export function MenuLink({ render, children }: { render: ReactElement; children: ReactNode }) {
  return (
    <Menu.LinkItem closeOnClick render={render} className={item}>
      {children}
    </Menu.LinkItem>
  )
}

/** Items under a heading (the group is named by it for screen readers). */
export function MenuGroup({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Menu.Group>
      <Menu.GroupLabel className="px-3 pt-2 pb-1 text-xs font-medium text-muted">{label}</Menu.GroupLabel>
      {children}
    </Menu.Group>
  )
}
