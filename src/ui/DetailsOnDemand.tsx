import { Suspense, useState, type ComponentProps, type ReactNode } from 'react'

export interface DetailsOnDemandProps extends Omit<ComponentProps<'details'>, 'onToggle' | 'children'> {
  /** The <summary> element: always rendered. */
  summary: ReactNode
  /** The panel: rendered once the details were first opened (a lazy component loads then), and kept. */
  children: ReactNode
}

/** A <details> whose panel is left out until first opened: header menus most visits never open. */
export function DetailsOnDemand({ summary, children, ...details }: DetailsOnDemandProps) {
  const [opened, setOpened] = useState(false)
  return (
    <details {...details} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      {summary}
      {opened ? <Suspense>{children}</Suspense> : null}
    </details>
  )
}
