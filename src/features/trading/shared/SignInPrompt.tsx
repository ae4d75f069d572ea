/** Where a visitor would trade: log in (back to this page) or sign up. */
import { Trans } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { LocaleLink } from '#/features/i18n/index.ts'

export function SignInPrompt() {
  const href = useRouterState({ select: (state) => state.location.href })
  return (
    <div className="flex w-full flex-col gap-2 text-center" data-testid="sign-in-prompt">
      <p className="text-sm text-muted">
        <Trans>Log in or sign up to trade. Everything else on this page is live for everyone.</Trans>
      </p>
      <LocaleLink
        to="/{-$locale}/login"
        search={{ redirectUrl: href }}
        className="rounded-xl bg-brand py-2.5 text-sm font-semibold text-brand-contrast hover:opacity-90"
      >
        <Trans>Log in</Trans>
      </LocaleLink>
      <LocaleLink
        to="/{-$locale}/register"
        search={{ forwardUrl: href }}
        className="rounded-xl border border-line py-2.5 text-sm font-semibold hover:bg-sunken"
      >
        <Trans>Sign up</Trans>
      </LocaleLink>
    </div>
  )
}
