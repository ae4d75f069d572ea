/**
 * Tabs with their panels (Base UI: arrow keys move between tabs, Enter or Space opens one, each panel named by its
 * tab, right to left mirrored). Only the open panel is mounted.
 */
import { Tabs } from '@base-ui/react/tabs'
import type { ReactNode } from 'react'

export interface TabItem<T extends string> {
  value: T
  label: ReactNode
  content: ReactNode
}

export interface TabSetProps<T extends string> {
  /** Names the list of tabs for screen readers. */
  label: string
  value: T
  tabs: readonly TabItem<T>[]
  onChange: (value: T) => void
  /** Placed at the end of the tab row (a toggle, a count). */
  end?: ReactNode
  className?: string
  panelClassName?: string
}

export function TabSet<T extends string>({
  label,
  value,
  tabs,
  onChange,
  end,
  className = '',
  panelClassName = '',
}: TabSetProps<T>) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(next) => {
        const found = tabs.find((tab) => tab.value === next)
        if (found) onChange(found.value)
      }}
      className={`flex min-h-0 flex-col ${className}`}
    >
      <div className="flex items-center gap-2 border-b border-line">
        <Tabs.List aria-label={label} className="flex min-w-0 flex-1 gap-1 overflow-x-auto px-2">
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              className="border-b-2 border-transparent px-2.5 py-2 text-sm whitespace-nowrap text-muted hover:text-ink data-active:border-brand data-active:font-semibold data-active:text-ink"
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {end}
      </div>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} className={`min-h-0 outline-none ${panelClassName}`}>
          {tab.value === value ? tab.content : null}
        </Tabs.Panel>
      ))}
    </Tabs.Root>
  )
}
