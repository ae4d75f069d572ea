import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { notify } from '#/ui/toast.ts'
import { useNumberFormat } from '#/lib/format/useNumberFormat.tsx'
import { withLocalePrefix } from '#/lib/locale.ts'
import { LocaleLink } from '#/features/i18n/index.ts'
import { signOutClientShell } from '#/features/state/index.ts'
import { accountQueries } from './account.queries.ts'
import { logout } from './auth.functions.ts'
import { LoginSecurity } from './LoginSecurity.tsx'
import { clearStoredUserData } from './session.ts'
import { HEADER_POPOVER } from '#/ui/popover.ts'
import { trackLogout } from '#/features/analytics/index.ts'
import { RememberedApplicationStatus } from '#/features/affiliate/index.ts'

/** The account menu's panel: the account, its total assets, the copy-trading pages, log out. */
export function AccountPanel() {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  const { prefix } = useRouteContext({ from: '__root__' })
  const { account } = useRouteContext({ from: '/{-$locale}' })
  const [pending, setPending] = useState(false)
  const { data: wallet } = useQuery(accountQueries.walletTotal())
  const format = useNumberFormat()
  const assets = wallet?.status === 'ok' ? wallet.data : undefined
  const total = assets ? format.usdt(assets.total) : undefined
  const fiatTotal = assets ? format.fiat(assets.total) : undefined
  // Where the total is: shown once some of it is working outside the wallets (copy accounts, open positions).
  const parts = assets
    ? [
        { key: 'wallets', label: t`Wallets`, value: assets.wallets },
        { key: 'copies', label: t`Copy trading`, value: assets.copies },
        { key: 'positions', label: t`Open positions`, value: assets.positions },
      ].filter((part) => part.key === 'wallets' || part.value !== '0')
    : []

  const signOut = async () => {
    setPending(true)
    await logout()
    trackLogout()
    clearStoredUserData()
    signOutClientShell()
    queryClient.removeQueries({ queryKey: accountQueries.all })
    // A public page stays, now read as a visitor; a page for members only gives way to home. The router learns first
    // that no one is signed in, so the page's private queries are off before the rest is read again: refetched with
    // the old state they met 401 and sent the page to log in (the phone landed on the login page).
    const membersOnly = router.state.matches.some((match) => match.staticData.guards?.includes('auth-route'))
    if (membersOnly) await router.navigate({ href: withLocalePrefix(prefix, '/') })
    await router.invalidate()
    // What was read as the user (preferences, watch states…) is read again as a visitor.
    await queryClient.invalidateQueries()
    setPending(false)
    notify(t`You are logged out.`)
  }

  return (
    <div className={`${HEADER_POPOVER} p-1 sm:w-60`}>
      {account ? (
        <p className="truncate px-3 py-2 text-xs text-muted" dir="ltr">
          {account.account}
          {account.userSubType === 2 ? (
            <span className="ms-2 rounded bg-sunken px-1.5 py-0.5 text-[10px] uppercase">
              <Trans>Sub-account</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      {total ? (
        <p className="flex flex-wrap justify-between gap-x-2 px-3 pb-2 text-sm" data-testid="total-assets">
          <span className="text-muted">
            <Trans>Total assets</Trans>
          </span>{' '}
          <span className="font-semibold tabular-nums" dir="ltr">
            ≈ {total} USDT
          </span>
          <span className="w-full text-end text-xs text-muted tabular-nums" dir="ltr" data-testid="total-assets-fiat">
            ≈ {fiatTotal}
          </span>
        </p>
      ) : null}
      {parts.length > 1 ? (
        <dl
          className="mx-3 mb-2 flex flex-col gap-0.5 border-t border-line pt-2 text-xs"
          data-testid="total-assets-parts"
        >
          {parts.map((part) => (
            <div key={part.key} className="flex justify-between gap-2" data-testid={`total-assets-${part.key}`}>
              <dt className="text-muted">{part.label}</dt>
              <dd className="tabular-nums" dir="ltr">
                {format.usdt(part.value)}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <LocaleLink to="/{-$locale}/assets" className="block rounded-lg px-3 py-2 text-sm hover:bg-sunken">
        <Trans>Assets</Trans>
      </LocaleLink>
      <LocaleLink to="/{-$locale}/orders" className="block rounded-lg px-3 py-2 text-sm hover:bg-sunken">
        <Trans>Orders</Trans>
      </LocaleLink>
      <LocaleLink to="/{-$locale}/copy-trading/my" className="block rounded-lg px-3 py-2 text-sm hover:bg-sunken">
        <Trans>My copies</Trans>
      </LocaleLink>
      <LocaleLink to="/{-$locale}/copy-trading/lead" className="block rounded-lg px-3 py-2 text-sm hover:bg-sunken">
        <Trans>Leader centre</Trans>
      </LocaleLink>
      <LocaleLink to="/{-$locale}/affiliate-register" className="block rounded-lg px-3 py-2 text-sm hover:bg-sunken">
        <Trans>Affiliate programme</Trans>
        <RememberedApplicationStatus />
      </LocaleLink>
      <LocaleLink
        to="/{-$locale}/account/security"
        className="block rounded-lg px-3 py-2 text-sm hover:bg-sunken"
        data-testid="security-link"
      >
        <Trans>Security</Trans>
      </LocaleLink>
      {account ? <LoginSecurity changeLogin={account.changeLogin} /> : null}
      <button
        type="button"
        onClick={() => void signOut()}
        disabled={pending}
        className="block w-full rounded-lg px-3 py-2 text-start text-sm text-down hover:bg-sunken disabled:opacity-60"
      >
        <Trans>Log out</Trans>
      </button>
    </div>
  )
}
