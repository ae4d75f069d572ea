import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { EmptyState } from '#/ui/EmptyState.tsx'
import { LocaleLink } from '#/features/i18n/index.ts'

export interface PageFrameProps {
  title: MessageDescriptor
  /** Links between Home and this page, each a LocaleLink. */
  trail?: ReactNode
  lead?: ReactNode
  empty?: { title: MessageDescriptor; description: MessageDescriptor }
  children?: ReactNode
}

const crumbLink = 'hover:text-ink hover:underline'

/** A page's frame: breadcrumb, heading, optional lead text, then its content or empty state. */
export function PageFrame({ title, trail, lead, empty, children }: PageFrameProps) {
  const { i18n, t } = useLingui()
  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-10">
      <nav aria-label={t`Breadcrumb`} className="mb-4 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1.5 [&>li+li]:before:me-1.5 [&>li+li]:before:content-['/']">
          <li>
            <LocaleLink to="/{-$locale}" className={crumbLink}>
              <Trans>Home</Trans>
            </LocaleLink>
          </li>
          {trail}
          <li aria-current="page" className="text-ink">
            {i18n._(title)}
          </li>
        </ol>
      </nav>
      <h1 className="mb-2 text-2xl font-bold tracking-tight sm:text-3xl">{i18n._(title)}</h1>
      {lead ? <div className="mb-8 max-w-3xl text-muted">{lead}</div> : <div className="mb-6" />}
      {children}
      {empty ? <EmptyState title={i18n._(empty.title)} description={i18n._(empty.description)} /> : null}
    </main>
  )
}

export function CopyTradingCrumb() {
  return (
    <li>
      <LocaleLink to="/{-$locale}/copy-trading/gemw" className={crumbLink}>
        <Trans>Copy trading</Trans>
      </LocaleLink>
    </li>
  )
}
