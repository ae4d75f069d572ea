import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { LocaleLink } from '../i18n/LocaleLink.tsx'
import { Logo } from '../shell/Logo.tsx'
import { productName } from '../shell/seo.ts'

export interface AuthFrameProps {
  title: MessageDescriptor
  empty: { title: MessageDescriptor; description: MessageDescriptor }
  footer?: ReactNode
}

/** The empty-layout frame of the sign-in and registration pages. */
export function AuthFrame({ title, empty, footer }: AuthFrameProps) {
  const { i18n, t } = useLingui()
  const { shell } = useRouteContext({ from: '__root__' })
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-8 px-4 py-10">
      <LocaleLink to="/{-$locale}" aria-label={t`Home`} className="self-start rounded-lg">
        <Logo name={productName(shell.config.product)} />
      </LocaleLink>
      <h1 className="text-2xl font-bold tracking-tight">{i18n._(title)}</h1>
      <EmptyState title={i18n._(empty.title)} description={i18n._(empty.description)} />
      {footer}
    </main>
  )
}
