/**
 * The home page's sign-up box (§3 home sign-up account): a visitor types an email or a mobile
 * number and goes on to registration with it filled in. Before the page's script has loaded, the
 * form simply opens the registration page.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { useRouteContext, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { withLocalePrefix } from '#/lib/locale.ts'
import { homeSignUpAccountStore } from '#/features/state/index.ts'

/** Longest email the registration accepts. */
const ACCOUNT_MAX = 254

export function HomeSignUp() {
  const { t } = useLingui()
  const { prefix } = useRouteContext({ from: '__root__' })
  const router = useRouter()
  const [account, setAccount] = useState('')
  const action = withLocalePrefix(prefix, '/register')
  return (
    <form
      action={action}
      method="get"
      className="flex w-full max-w-md flex-col gap-2 sm:flex-row"
      data-testid="home-sign-up"
      onSubmit={(event) => {
        event.preventDefault()
        homeSignUpAccountStore.setState(() => account.trim())
        void router.navigate({ href: action })
      }}
    >
      <label htmlFor="home-sign-up" className="sr-only">
        <Trans>Email or mobile number</Trans>
      </label>
      <input
        id="home-sign-up"
        type="text"
        inputMode="email"
        autoComplete="username"
        maxLength={ACCOUNT_MAX}
        value={account}
        onChange={(event) => setAccount(event.target.value)}
        placeholder={t`Email or mobile number`}
        className="min-w-0 flex-1 rounded-xl border border-line bg-card px-4 py-3"
      />
      <button
        type="submit"
        className="rounded-xl border border-line px-5 py-3 font-semibold whitespace-nowrap hover:bg-sunken"
      >
        <Trans>Create an account</Trans>
      </button>
    </form>
  )
}
