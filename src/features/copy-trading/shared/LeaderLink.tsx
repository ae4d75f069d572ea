import type { ReactNode } from 'react'
import type { CopyBiz } from '#/contract/index.ts'
import { LocaleLink } from '#/features/i18n/index.ts'

/** A link to a lead trader's page of their market (futures-trader/{id} or spot-trader/{id}). */
export function LeaderLink({
  leaderId,
  biz,
  className,
  children,
}: {
  leaderId: string
  biz: CopyBiz
  className?: string
  children: ReactNode
}) {
  return biz === 'futures' ? (
    <LocaleLink to="/{-$locale}/copy-trading/futures-trader/$id" params={{ id: leaderId }} className={className}>
      {children}
    </LocaleLink>
  ) : (
    <LocaleLink to="/{-$locale}/copy-trading/spot-trader/$id" params={{ id: leaderId }} className={className}>
      {children}
    </LocaleLink>
  )
}
