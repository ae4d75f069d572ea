/**
 * §3 userAnchorInfo: the signed-in user's KOL ("anchor") application as last read, kept for native shells and for the
 * account menu, which shows its status without asking the exchange again.
 */
import { useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import type { AffiliateApplication } from '#/contract/index.ts'
import type { Loaded } from '#/exchange-client/index.ts'
import { storeUserAnchorInfo, useStoredUserAnchorInfo } from '#/features/state/index.ts'
import { STATUS_LABELS } from './affiliate.texts.ts'

/** Keeps what the affiliate page read: the application, or that there is none. A failed read changes nothing. */
export function useRememberApplication(mine: Loaded<AffiliateApplication | null>, signedIn: boolean) {
  useEffect(() => {
    if (signedIn && mine.status === 'ok') storeUserAnchorInfo(mine.data)
  }, [mine, signedIn])
}

/** The status of the remembered application, beside the menu's link to the programme; nothing when none is known. */
export function RememberedApplicationStatus() {
  const { i18n } = useLingui()
  const anchor = useStoredUserAnchorInfo()
  if (!anchor) return null
  return (
    <span className="ms-2 text-xs text-muted" data-testid="affiliate-menu-status" data-status={anchor.status}>
      {i18n._(STATUS_LABELS[anchor.status].title)}
    </span>
  )
}
