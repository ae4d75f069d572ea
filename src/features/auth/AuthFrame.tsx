import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { LocaleLink } from '#/features/i18n/index.ts'
import { productName } from '#/lib/product.ts'
import { Logo } from '#/ui/Logo.tsx'

export interface AuthFrameProps {
  title: MessageDescriptor
  children: ReactNode
  footer?: ReactNode
}

/** The empty-layout frame of the sign-in and registration pages. */
export function AuthFrame({ title, children, footer }: AuthFrameProps) {
  const { i18n, t } = useLingui()
  const { shell } = useRouteContext({ from: '__root__' })
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-8 px-4 py-10">
      <LocaleLink to="/{-$locale}" aria-label={t`Home`} className="self-start rounded-lg">
        <Logo name={productName(shell.config.product)} />
      </LocaleLink>
      <h1 className="text-2xl font-bold tracking-tight">{i18n._(title)}</h1>
      {children}
      {footer}
    </main>
  )
}
