/**
 * The signed-in user's menu in the header. Its panel (and the wallet total it shows) loads when the
 * menu is first opened, not with every page.
 */
import { HEADER_MENU_GROUP } from '#/ui/popover.ts'
import { useLingui } from '@lingui/react/macro'
import { useRouteContext } from '@tanstack/react-router'
import { useStore } from '@tanstack/react-store'
import { lazy, useEffect } from 'react'
import { loadPersistedStores, userMenuStore } from '#/features/state/index.ts'
import { DetailsOnDemand } from '#/ui/DetailsOnDemand.tsx'

const AccountPanel = lazy(() => import('./AccountPanel.tsx').then((m) => ({ default: m.AccountPanel })))

export function AccountMenu() {
  const { t } = useLingui()
  const { account } = useRouteContext({ from: '/{-$locale}' })
  const remembered = useStore(userMenuStore)
  // §3 userMenu: the menu info as read, kept for when the exchange does not answer (the name is still shown).
  useEffect(() => {
    if (!account) return
    loadPersistedStores()
    userMenuStore.setState(() => ({
      id: account.userId,
      userInfo: { nickname: account.nickname, account: account.account },
      availableLanguage: account.availableLanguage,
    }))
  }, [account])
  const name =
    account?.nickname || account?.account || remembered?.userInfo.nickname || remembered?.userInfo.account || t`Account`
  return (
    <DetailsOnDemand
      name={HEADER_MENU_GROUP}
      className="relative"
      data-testid="account-menu"
      summary={
        <summary
          className="flex h-9 cursor-pointer list-none items-center gap-2 rounded-lg px-2 text-sm hover:bg-sunken"
          aria-label={t`Account menu`}
        >
          <span
            aria-hidden="true"
            className="grid size-7 place-items-center rounded-full bg-brand text-xs font-bold text-brand-contrast"
          >
            {Array.from(name)[0]?.toUpperCase()}
          </span>
          <span className="hidden max-w-36 truncate sm:inline" data-testid="account-name" dir="auto">
            {name}
          </span>
        </summary>
      }
    >
      <AccountPanel />
    </DetailsOnDemand>
  )
}
